/**
 * What only the text of a request body tells, once parsed: duplicate keys, which the real server's
 * decoders keep (last one wins) but report as strict decoding errors — JSON `duplicate field
 * "spec.type"` (sigs.k8s.io/json), YAML `line 7: key "type" already set in map` (go-yaml, via
 * YAMLToJSONStrict) — and number literals as written (`80.0` does not decode into an int32). Pure.
 */
import { LineCounter, isMap, isScalar, parseDocument, visit } from 'yaml';

export interface JsonTextFacts {
  /** Paths (`spec.type`, `spec.ports[0].name`) of keys repeated in an object. */
  duplicates: string[];
  /** Number literals JSON.parse does not keep as written (`80.0`, `1e2`, 16+ digits), by path. */
  numbers: Map<string, string>;
}

/** What only the text of valid JSON tells: repeated keys and number literals as written. */
export function scanJsonText(text: string): JsonTextFacts {
  const out: string[] = [];
  const numbers = new Map<string, string>();
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
    const start = i;
    while (i < text.length && !',}] \t\r\n'.includes(text[i])) i++;
    const c0 = text.charCodeAt(start);
    if (c0 === 45 || (c0 >= 48 && c0 <= 57)) {
      const literal = text.slice(start, i);
      if (/[.eE]/.test(literal) || literal.length > 15) numbers.set(path, literal);
    }
  };
  value('');
  return { duplicates: out, numbers };
}

/** Paths of keys repeated in an object of valid JSON `text`. */
export function findJsonDuplicateFields(text: string): string[] {
  return scanJsonText(text).duplicates;
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
