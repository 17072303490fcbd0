/**
 * `--namespaces a,b` (PORTHOLE_NAMESPACES): namespaces to offer an identity that may not list
 * namespaces or Services cluster-wide, besides its kubeconfig context's namespace. Only a hint: each
 * is offered only when the identity may read Services there (an access review per namespace), so
 * one list serves every user of a shared Porthole. No `server-only`: bin/porthole.ts checks the flag.
 */
import { isDNS1123Label } from '../k8s/validation/names';

/** The names of a comma-separated list (blanks and repeats dropped), or an Error naming the bad one. */
export function parseNamespaceList(text: string): string[] {
  const names = [...new Set(text.split(',').map((n) => n.trim()).filter(Boolean))];
  for (const name of names) {
    const problems = isDNS1123Label(name);
    if (problems.length) throw new Error(`"${name.slice(0, 100)}" is not a namespace name: ${problems[0]}`);
  }
  return names;
}

/** The configured namespaces; a bad list (only possible through the environment) counts as none. */
export function configuredNamespaces(env: Record<string, string | undefined> = process.env): string[] {
  try {
    return parseNamespaceList(env.PORTHOLE_NAMESPACES ?? '');
  } catch {
    return [];
  }
}
