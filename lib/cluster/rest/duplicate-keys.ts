/**
 * Duplicate keys in a request body, which the real server's decoders keep (last one wins) but
 * report as strict decoding errors: JSON `duplicate field "spec.type"` (sigs.k8s.io/json), YAML
 * `line 7: key "type" already set in map` (go-yaml, via YAMLToJSONStrict). Pure.
 */
import { LineCounter, isMap, isScalar, parseDocument, visit } from 'yaml';

/** Paths (`spec.type`, `spec.ports[0].name`) of keys repeated in an object of valid JSON `text`. */
export function findJsonDuplicateFields(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  const skipWs = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else return;
    }
  };
  const readString = (): string => {
    const start = i++;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(i++);
      if (c === 92) {
        escaped = true;
        i++;
      } else if (c === 34 || Number.isNaN(c)) break;
    }
    const raw = text.slice(start, i);
    return escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  const value = (path: string): void => {
    skipWs();
    const c = text[i];
    if (c === '{') {
      i++;
      skipWs();
      if (text[i] === '}') {
        i++;
        return;
      }
      const seen = new Set<string>();
      while (i < text.length) {
        skipWs();
        const key = readString();
        skipWs();
        i++; // ':'
        const childPath = path ? `${path}.${key}` : key;
        if (seen.has(key)) out.push(childPath);
        else seen.add(key);
        value(childPath);
        skipWs();
        if (text[i++] !== ',') return;
      }
      return;
    }
    if (c === '[') {
      i++;
      skipWs();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let n = 0; i < text.length; n++) {
        value(`${path}[${n}]`);
        skipWs();
        if (text[i++] !== ',') return;
      }
      return;
    }
    if (c === '"') {
      readString();
      return;
    }
    while (i < text.length && !',}] \t\r\n'.includes(text[i])) i++;
  };
  value('');
  return out;
}

/** Parses YAML keeping the last of duplicate keys; `duplicates` are go-yaml's per-line complaints. */
export function parseYamlWithDuplicates(text: string): { value: unknown; duplicates: string[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: false, lineCounter });
  if (doc.errors.length > 0) throw doc.errors[0];
  const duplicates: string[] = [];
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key) && isScalar(pair.key)) {
          const line = pair.key.range ? lineCounter.linePos(pair.key.range[0]).line : 0;
          duplicates.push(`line ${line}: key ${JSON.stringify(String(key))} already set in map`);
        }
        seen.add(key);
      }
    },
  });
  return { value: doc.toJS({ maxAliasCount: 100 }) as unknown, duplicates };
}
