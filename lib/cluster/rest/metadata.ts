/** System metadata as the real API server fills it: uid, timestamps, generateName, field managers. */
import { randomBytes, randomUUID } from 'node:crypto';
import { fieldError, type FieldError } from '../../k8s/field-errors';
import { statusError } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import { ApiError } from '../errors/api-error';
import { timestamp } from './context';

/** utilrand's alphabet: no vowels, no confusable characters. */
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_NAME_LENGTH = 63;
const RANDOM_LENGTH = 5;

export function generateName(base: string): string {
  const prefix = base.length > MAX_NAME_LENGTH - RANDOM_LENGTH ? base.slice(0, MAX_NAME_LENGTH - RANDOM_LENGTH) : base;
  const bytes = randomBytes(RANDOM_LENGTH);
  let suffix = '';
  for (const b of bytes) suffix += ALPHANUMS[b % ALPHANUMS.length];
  return prefix + suffix;
}

/** rest.FillObjectMetaSystemFields plus the parts of BeforeCreate that reset server-owned fields. */
export function fillCreateMetadata<T extends KubeObject>(obj: T, now: Date): T {
  const meta = obj.metadata;
  meta.uid = randomUUID();
  meta.creationTimestamp = timestamp(now);
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete (meta as Record<string, unknown>).selfLink;
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
  return obj;
}

/** BeforeUpdate: fields an update can never change are carried over from the stored object. */
export function carryUpdateMetadata<T extends KubeObject>(next: T, prev: T): T {
  const meta = next.metadata;
  const old = prev.metadata;
  if (old.generation !== undefined) meta.generation = old.generation;
  else delete meta.generation;
  if (!meta.uid && old.uid) meta.uid = old.uid;
  if (old.creationTimestamp) meta.creationTimestamp = old.creationTimestamp;
  if (old.deletionTimestamp) meta.deletionTimestamp = old.deletionTimestamp;
  else delete meta.deletionTimestamp;
  if (old.deletionGracePeriodSeconds !== undefined) meta.deletionGracePeriodSeconds = old.deletionGracePeriodSeconds;
  else delete meta.deletionGracePeriodSeconds;
  delete (meta as Record<string, unknown>).selfLink;
  return next;
}

/** The manager of a write that names none and sends no User-Agent (the real server records it so). */
export const UNKNOWN_MANAGER = 'unknown';

const FIELD_MANAGER_MAX_BYTES = 128;
/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
 * The manager recorded in managedFields: the `fieldManager` parameter, else the user agent's product
 * (prefixFromUserAgent: before the first `/`, printable characters only, at most 128 bytes), else `unknown`.
 */
export function managerName(fieldManager: string | undefined, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  let product = '';
  let bytes = 0;
  for (const ch of (userAgent ?? '').split('/')[0]) {
    if (!PRINTABLE.test(ch)) continue;
    const size = Buffer.byteLength(ch);
    if (bytes + size > FIELD_MANAGER_MAX_BYTES) break;
    product += ch;
    bytes += size;
  }
  return product || UNKNOWN_MANAGER;
}

/** ValidateFieldManager, reported as the real server does for `<Kind>Options.meta.k8s.io`. */
export function checkFieldManager(fieldManager: string | undefined, optionsKind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions'): void {
  if (fieldManager === undefined) return;
  const errors: FieldError[] = [];
  if (fieldManager.length > 128) errors.push(fieldError.tooLong('fieldManager', fieldManager, 128));
  if (/[\u0000-\u001f\u007f]/.test(fieldManager)) {
    errors.push(fieldError.invalid('fieldManager', fieldManager, 'may not contain non-printable characters'));
  }
  if (errors.length) throw new ApiError(statusError.invalid(optionsKind, 'meta.k8s.io', '', errors));
}
