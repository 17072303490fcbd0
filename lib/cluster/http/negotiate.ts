/**
 * Content negotiation: JSON by default, YAML when asked for, server-side Table for
 * `application/json;as=Table;v=v1;g=meta.k8s.io` (what kubectl get sends); protobuf requests fall
 * back to JSON, as the real server allows clients to accept either.
 */

export interface Negotiated {
  /** Respond with a meta.k8s.io/v1 Table. */
  table: boolean;
  /** Respond with YAML instead of JSON. */
  yaml: boolean;
  /** Respond with meta.k8s.io/v1 PartialObjectMetadata(List) (metadata-only clients). */
  partial?: boolean;
}

interface MediaRange {
  type: string;
  params: Record<string, string>;
}

export function parseAccept(accept: string | undefined): MediaRange[] {
  if (!accept) return [];
  return accept.split(',').map((part) => {
    const [type, ...rest] = part.split(';').map((s) => s.trim());
    const params: Record<string, string> = {};
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).toLowerCase()] = p.slice(eq + 1);
    }
    return { type: type.toLowerCase(), params };
  });
}

export function negotiate(accept: string | undefined): Negotiated {
  for (const range of parseAccept(accept)) {
    if (range.params.as === 'Table' && range.params.g === 'meta.k8s.io' && (range.params.v === 'v1' || range.params.v === 'v1beta1')) {
      if (range.type === 'application/json' || range.type === '*/*') return { table: true, yaml: false };
      continue;
    }
    if ((range.params.as === 'PartialObjectMetadata' || range.params.as === 'PartialObjectMetadataList') && range.params.g === 'meta.k8s.io' && range.params.v === 'v1') {
      if (range.type === 'application/json' || range.type === '*/*') return { table: false, yaml: false, partial: true };
      continue;
    }
    if (range.params.as) continue;
    if (range.type === 'application/yaml') return { table: false, yaml: true };
    if (range.type === 'application/json' || range.type === '*/*' || range.type === 'application/*') return { table: false, yaml: false };
  }
  return { table: false, yaml: false };
}

/** Media types a resource response can take (protobuf is answered with JSON, as documented above). */
const OBJECT_MEDIA_TYPES = new Set(['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', '*/*', 'application/*']);

/**
 * Whether an Accept header names a media type the server can answer with; when it does not (e.g.
 * only `application/xml`), the real server answers 406 NotAcceptable.
 */
export function isAcceptable(accept: string | undefined): boolean {
  const ranges = parseAccept(accept).filter((r) => r.type !== '');
  if (ranges.length === 0) return true;
  return ranges.some((r) => OBJECT_MEDIA_TYPES.has(r.type));
}

export const NOT_ACCEPTABLE_MESSAGE = 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf';

