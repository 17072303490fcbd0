/**
 * Identities from a tokens file (YAML or JSON), or the built-in ones.
 *
 * ```yaml
 * defaults: true            # keep the built-in admin/viewer/editor/developer (default true)
 * users:
 *   - name: alice
 *     token: alice-secret
 *     uid: "1001"           # optional
 *     groups: [team-a]      # optional; system:authenticated is always added
 *     rules:                # RBAC PolicyRules, each optionally limited to namespaces
 *       - apiGroups: [""]
 *         resources: [services, services/status]
 *         verbs: ["*"]
 *         namespaces: [team-a]      # omit for cluster-wide
 *       - nonResourceURLs: ["/metrics"]
 *         verbs: [get]
 * ```
 * The top level may also be just the list of users. A user named like a built-in identity replaces
 * the fields it gives (e.g. only `token`), keeping the rest.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { defaultIdentities } from './defaults';
import type { Identity, Rule } from './types';

class TokensFileError extends Error {
  constructor(source: string, path: string, problem: string) {
    super(`tokens file ${source}: ${path}: ${problem}`);
    this.name = 'TokensFileError';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringList(v: unknown, source: string, path: string, required: boolean): string[] | undefined {
  if (v === undefined || v === null) {
    if (required) throw new TokensFileError(source, path, 'required');
    return undefined;
  }
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) throw new TokensFileError(source, path, 'must be a list of strings');
  return [...v];
}

function parseRule(v: unknown, source: string, path: string): Rule {
  if (!isRecord(v)) throw new TokensFileError(source, path, 'must be an object');
  const known = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs', 'namespaces'];
  for (const key of Object.keys(v)) if (!known.includes(key)) throw new TokensFileError(source, `${path}.${key}`, 'unknown field');
  const verbs = stringList(v.verbs, source, `${path}.verbs`, true) ?? [];
  if (verbs.length === 0) throw new TokensFileError(source, `${path}.verbs`, 'must not be empty');
  const rule: Rule = { verbs };
  const apiGroups = stringList(v.apiGroups, source, `${path}.apiGroups`, false);
  const resources = stringList(v.resources, source, `${path}.resources`, false);
  const resourceNames = stringList(v.resourceNames, source, `${path}.resourceNames`, false);
  const nonResourceURLs = stringList(v.nonResourceURLs, source, `${path}.nonResourceURLs`, false);
  const namespaces = stringList(v.namespaces, source, `${path}.namespaces`, false);
  if (nonResourceURLs?.length) {
    if (resources?.length || apiGroups?.length) {
      throw new TokensFileError(source, path, 'a rule has either nonResourceURLs or apiGroups/resources, not both');
    }
    if (namespaces) throw new TokensFileError(source, `${path}.namespaces`, 'nonResourceURLs rules are cluster-wide');
    rule.nonResourceURLs = nonResourceURLs;
    return rule;
  }
  if (!resources?.length) throw new TokensFileError(source, `${path}.resources`, 'required (or nonResourceURLs)');
  rule.apiGroups = apiGroups ?? [''];
  rule.resources = resources;
  if (resourceNames?.length) rule.resourceNames = resourceNames;
  if (namespaces) {
    if (namespaces.length === 0) throw new TokensFileError(source, `${path}.namespaces`, 'must not be empty (omit it for cluster-wide)');
    rule.namespaces = namespaces;
  }
  return rule;
}

/** Parses the text of a tokens file (YAML or JSON). `source` names it in error messages. */
export function parseIdentities(text: string, source = '<tokens>'): Identity[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    throw new TokensFileError(source, '(document)', e instanceof Error ? e.message : String(e));
  }
  const root = Array.isArray(doc) ? { users: doc } : doc;
  if (!isRecord(root)) throw new TokensFileError(source, '(document)', 'must be a list of users or an object with `users`');
  const keepDefaults = root.defaults === undefined ? true : root.defaults;
  if (typeof keepDefaults !== 'boolean') throw new TokensFileError(source, 'defaults', 'must be true or false');
  if (!Array.isArray(root.users)) throw new TokensFileError(source, 'users', 'must be a list');

  const identities = keepDefaults ? defaultIdentities() : [];
  const seenNames = new Set<string>();
  root.users.forEach((u, i) => {
    const path = `users[${i}]`;
    if (!isRecord(u)) throw new TokensFileError(source, path, 'must be an object');
    if (typeof u.name !== 'string' || !u.name) throw new TokensFileError(source, `${path}.name`, 'required');
    if (seenNames.has(u.name)) throw new TokensFileError(source, `${path}.name`, `duplicate user "${u.name}"`);
    seenNames.add(u.name);
    const base = identities.find((id) => id.name === u.name);
    if (u.token !== undefined && (typeof u.token !== 'string' || !u.token.trim())) {
      throw new TokensFileError(source, `${path}.token`, 'must be a non-empty string');
    }
    if (!base && u.token === undefined) throw new TokensFileError(source, `${path}.token`, 'required');
    if (u.uid !== undefined && typeof u.uid !== 'string') throw new TokensFileError(source, `${path}.uid`, 'must be a string');
    const groups = stringList(u.groups, source, `${path}.groups`, false);
    const rules = u.rules === undefined ? undefined : Array.isArray(u.rules) ? u.rules.map((r, j) => parseRule(r, source, `${path}.rules[${j}]`)) : undefined;
    if (u.rules !== undefined && !Array.isArray(u.rules)) throw new TokensFileError(source, `${path}.rules`, 'must be a list');
    const next: Identity = {
      name: u.name,
      token: typeof u.token === 'string' ? u.token.trim() : (base?.token ?? ''),
      groups: groups ?? base?.groups ?? [],
      rules: rules ?? base?.rules ?? [],
    };
    const uid = typeof u.uid === 'string' ? u.uid : base?.uid;
    if (uid) next.uid = uid;
    if (base) identities[identities.indexOf(base)] = next;
    else identities.push(next);
  });
  const tokens = new Map<string, string>();
  for (const id of identities) {
    const other = tokens.get(id.token);
    if (other) throw new TokensFileError(source, 'users', `users "${other}" and "${id.name}" share a token`);
    tokens.set(id.token, id.name);
  }
  return identities;
}

/** The identities of the embedded cluster: from `tokensFile` when given, else the built-in ones. */
export function loadIdentities(tokensFile?: string): Identity[] {
  if (!tokensFile) return defaultIdentities();
  return parseIdentities(readFileSync(tokensFile, 'utf8'), tokensFile);
}
