/**
 * Where a Service field error points in the object, as a path of keys and indices for the YAML
 * editor (`doc.getIn(segments, true)`) and the forms. Handles the real server's two odd paths:
 * `spec.LoadBalancerSourceRanges` (capitalised) and `allocateLoadBalancerNodePorts` (no `spec.`).
 * Pure.
 */
import { errorBody, type FieldError } from '../k8s/field-errors';

export type PathSegment = string | number;

/** `spec.ports[0].nodePort` → ['spec', 'ports', 0, 'nodePort']; `metadata.annotations[a/b]` → [..., 'a/b']. */
export function parseFieldPath(field: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  let cur = '';
  while (i < field.length) {
    const c = field[i];
    if (c === '.') {
      if (cur) out.push(cur);
      cur = '';
      i++;
    } else if (c === '[') {
      if (cur) out.push(cur);
      cur = '';
      const end = field.indexOf(']', i);
      const inner = end < 0 ? field.slice(i + 1) : field.slice(i + 1, end);
      out.push(/^\d+$/.test(inner) ? Number(inner) : inner);
      i = end < 0 ? field.length : end + 1;
    } else {
      cur += c;
      i++;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** The location in a Service object that a field error refers to. */
export function serviceErrorLocation(field: string): PathSegment[] {
  const segs = parseFieldPath(field);
  if (segs.length === 1 && segs[0] === 'allocateLoadBalancerNodePorts') return ['spec', 'allocateLoadBalancerNodePorts'];
  if (segs[0] === 'spec' && segs[1] === 'LoadBalancerSourceRanges') segs[1] = 'loadBalancerSourceRanges';
  return segs;
}

/** The dotted location key of a field path (`spec.LoadBalancerSourceRanges[0]` → `spec.loadBalancerSourceRanges[0]`). */
export function serviceErrorKey(field: string): string {
  return serviceErrorLocation(field)
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`))
    .join('');
}

/** Error messages (without the path) grouped by the location they point at, keyed by the dotted location. */
export function groupServiceErrors(errors: readonly FieldError[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of errors) {
    const key = serviceErrorKey(e.field);
    const list = out.get(key) ?? [];
    list.push(errorBody(e));
    out.set(key, list);
  }
  return out;
}
