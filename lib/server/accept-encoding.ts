/**
 * `Accept-Encoding` as HTTP means it (RFC 9110 §12.5.3): the codings a client takes, each with its
 * q-value (1 when not given; 0, or one that is not a number, refuses it), `*` for any coding not
 * named, `x-gzip` for gzip. Read by the static assets' precompressed copies and by the relayed lists.
 */
export type Encoding = 'br' | 'gzip';

/** The encodings the request accepts, best first. */
export function acceptedEncodings(header: string | null | undefined): Encoding[] {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const name = coding === 'x-gzip' ? 'gzip' : coding;
    const q = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : /^\s*[\d.]+\s*$/.test(q) ? Number(q) : 0;
    if (name) accepted.set(name, Math.max(accepted.get(name) ?? 0, Number.isFinite(quality) ? quality : 0));
  }
  const wildcard = accepted.get('*');
  const quality = (e: Encoding): number => accepted.get(e) ?? wildcard ?? 0;
  return (['br', 'gzip'] as const).filter((e) => quality(e) > 0).sort((a, b) => quality(b) - quality(a));
}
