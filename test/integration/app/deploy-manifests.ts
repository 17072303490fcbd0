/** Renders deploy/ with `kubectl kustomize` (kubectl v1.32 embeds kustomize) and finds objects in it. */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

export interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  verbs: string[];
}

export function kustomize(dir: string): Manifest[] {
  const r = spawnSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed (${r.status}):\n${r.stderr}`);
  return parseAllDocuments(r.stdout).map((d) => d.toJS() as Manifest);
}

export function find(objects: Manifest[], kind: string, name: string): Manifest {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
  return found;
}

export function rulesOf(role: Manifest): PolicyRule[] {
  return (role as Manifest & { rules: PolicyRule[] }).rules;
}
