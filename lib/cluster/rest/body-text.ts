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
  const skipString = (): void => {
    i++;
    for (;;) {
      const c = text.charCodeAt(i++);
      if (c === 92) i++;
      else if (c === 34 || Number.isNaN(c)) return;
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
  // The path is kept as parts and joined only when something is recorded (most bodies: never).
  const parts: (string | number)[] = [];
  const pathText = (): string => parts.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
  const value = (): void => {
    skipWs();
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) {
      i++;
      skipWs();
      if (text.charCodeAt(i) === 125) {
        i++;
        return;
      }
      const seen = new Set<string>();
      while (i < text.length) {
        skipWs();
        const key = readString();
        skipWs();
        i++; // ':'
        parts.push(key);
        if (seen.has(key)) out.push(pathText());
        else seen.add(key);
        value();
        parts.pop();
        skipWs();
        if (text.charCodeAt(i++) !== 44 /* , */) return;
      }
      return;
    }
    if (c === 91 /* [ */) {
      i++;
      skipWs();
      if (text.charCodeAt(i) === 93) {
        i++;
        return;
      }
      for (let n = 0; i < text.length; n++) {
        parts.push(n);
        value();
        parts.pop();
        skipWs();
        if (text.charCodeAt(i++) !== 44) return;
      }
      return;
    }
    if (c === 34 /* " */) {
      skipString();
      return;
    }
    const start = i;
    let plain = true;
    for (;;) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 125 || d === 93 || d === 32 || d === 9 || d === 10 || d === 13 || Number.isNaN(d)) break;
      if (d === 46 || d === 101 || d === 69) plain = false; // . e E
      i++;
    }
    if ((c === 45 || (c >= 48 && c <= 57)) && (!plain || i - start > 15)) numbers.set(pathText(), text.slice(start, i));
  };
  value();
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
