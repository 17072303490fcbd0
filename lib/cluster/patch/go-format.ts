/** Go's fmt `%v` and reflect Kind names for decoded JSON values, as the patch errors print them. */
import type { JsonValue } from '../../k8s/json';

export function goKind(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return 'invalid';
  if (Array.isArray(v)) return 'slice';
  switch (typeof v) {
    case 'object':
      return 'map';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) ? 'int64' : 'float64';
  }
  return 'invalid';
}

function goFloat(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return String(n);
}

/** fmt.Sprintf("%v", v) for JSON-decoded values: `map[a:1 b:[x y]]`, `<nil>`. */
export function goValue(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goValue(v[k])}`).join(' ')}]`;
  }
  if (typeof v === 'number') return goFloat(v);
  return String(v);
}

/** strconv.Quote-ish, as `%q` prints a string in strconv errors. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

export function isObject(v: JsonValue | undefined): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
