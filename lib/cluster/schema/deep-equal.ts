/** Structural equality of JSON-like values, ignoring object key order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    return a.every((v, i) => deepEqual(v, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && deepEqual(ao[k], bo[k]));
}

/** Equality of everything but metadata and status: what bumps metadata.generation. */
export function specEqual(a: object, b: object): boolean {
  const strip = (o: object): Record<string, unknown> => {
    const { metadata: _m, status: _s, ...rest } = o as Record<string, unknown>;
    return rest;
  };
  return deepEqual(strip(a), strip(b));
}
