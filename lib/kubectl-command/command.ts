/**
 * A kubectl command as Porthole shows it: the text to paste into a POSIX shell, and its parts each
 * with one line saying what it does (the guided flow lists them under the command). Pure.
 */
import { hereDocument, shellQuote } from './shell';

/** Where the command acts: the namespace (always named) and, when Porthole knows several clusters, the kubeconfig context. */
export interface KubectlTarget {
  namespace: string;
  context?: string;
}

export interface CommandPart {
  /** The words as they appear in the command. */
  text: string;
  /** One line: what this part does. */
  meaning: string;
}

export interface KubectlCommand {
  /** The whole command, ready to paste. */
  text: string;
  parts: CommandPart[];
}

/** Words already quoted for the shell, with what they mean. */
export function part(words: readonly string[], meaning: string): CommandPart {
  return { text: words.map(shellQuote).join(' '), meaning };
}

/** `-n NS` and, with several clusters, `--context CTX`. */
export function targetParts(target: KubectlTarget): CommandPart[] {
  const parts = [part(['-n', target.namespace], `in namespace ${target.namespace}`)];
  if (target.context) parts.push(part(['--context', target.context], `on the cluster of kubeconfig context ${target.context}`));
  return parts;
}

/**
 * Joins the parts into one line, then the here-document with `doc` (the text kubectl reads: JSON, or
 * YAML from object-commands.ts) on standard input after it, if any.
 */
export function assemble(parts: CommandPart[], doc?: string): KubectlCommand {
  const line = parts.map((p) => p.text).join(' ');
  if (doc === undefined) return { text: line, parts };
  const here = hereDocument(doc);
  const stdin: CommandPart = {
    text: `${here.opener} … ${here.delimiter}`,
    meaning: `the object itself on standard input, up to the line ${here.delimiter} (the quotes keep $, \` and \\ in it as they are)`,
  };
  return { text: `${line} ${here.opener}\n${here.text}`, parts: [...parts, stdin] };
}
