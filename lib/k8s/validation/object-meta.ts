/**
 * ObjectMeta validation on create and update, as apimachinery api/validation/objectmeta.go
 * plus core's finalizer-name rule (pkg/apis/core/validation ValidateObjectMeta), v1.32.
 * Pure and browser-safe.
 */
import { fieldError, FieldPath, type FieldError } from '../field-errors';
import type { ManagedFieldsEntry, ObjectMeta, OwnerReference } from '../types';
import { invalidGo } from './go-value';
import { validateAnnotations, validateLabels } from './meta-maps';
import { byteLength, isQualifiedName, nameIsDNSLabel, type NameFn } from './names';

export const FIELD_IMMUTABLE_ERROR_MSG = 'field is immutable';
export const IS_NEGATIVE_ERROR_MSG = 'must be greater than or equal to 0';
const FIELD_MANAGER_MAX_LENGTH = 128;
const MAX_SUBRESOURCE_NAME_LENGTH = 256;
const STANDARD_FINALIZERS = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

export interface ObjectMetaOptions {
  /** Whether the kind is namespaced (requiresNamespace). */
  namespaced: boolean;
  /** Name rule of the kind, e.g. nameIsDNS1035Label for Services. */
  nameFn: NameFn;
}

function pathOf(path: FieldPath | string | undefined): FieldPath {
  if (path === undefined) return FieldPath.root('metadata');
  return typeof path === 'string' ? FieldPath.root(path) : path;
}

function goQuoteOpt(v: string | undefined): string {
  return JSON.stringify(v ?? '');
}

function goBoolPtr(v: boolean | undefined): string {
  return v === undefined ? '(*bool)(nil)' : `(*bool)(${v})`;
}

/** %#v of a metav1.OwnerReference (pointer addresses are not reproducible; the value is shown instead). */
function goOwnerReference(r: OwnerReference): string {
  return (
    `v1.OwnerReference{APIVersion:${goQuoteOpt(r.apiVersion)}, Kind:${goQuoteOpt(r.kind)}, Name:${goQuoteOpt(r.name)}, ` +
    `UID:${goQuoteOpt(r.uid)}, Controller:${goBoolPtr(r.controller)}, BlockOwnerDeletion:${goBoolPtr(r.blockOwnerDeletion)}}`
  );
}

/** schema.FromAPIVersionAndKind: [group, version]; a malformed apiVersion gives an empty version. */
function parseGroupVersion(apiVersion: string): [string, string] {
  if (apiVersion === '') return ['', ''];
  const parts = apiVersion.split('/');
  if (parts.length === 1) return ['', parts[0]];
  if (parts.length === 2) return [parts[0], parts[1]];
  return ['', ''];
}

function validateOwnerReference(ref: OwnerReference, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const [group, version] = parseGroupVersion(ref.apiVersion ?? '');
  if (version === '') errs.push(fieldError.invalid(path.child('apiVersion'), ref.apiVersion ?? '', 'version must not be empty'));
  if (!ref.kind) errs.push(fieldError.invalid(path.child('kind'), ref.kind ?? '', 'must not be empty'));
  if (!ref.name) errs.push(fieldError.invalid(path.child('name'), ref.name ?? '', 'must not be empty'));
  if (!ref.uid) errs.push(fieldError.invalid(path.child('uid'), ref.uid ?? '', 'must not be empty'));
  if (group === '' && version === 'v1' && ref.kind === 'Event') {
    errs.push(invalidGo(path, goOwnerReference(ref), '/v1, Kind=Event is disallowed from being an owner'));
  }
  return errs;
}

/** apimachinery ValidateOwnerReferences: valid references, at most one controller. */
export function validateOwnerReferences(refs: readonly OwnerReference[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    errs.push(...validateOwnerReference(ref, path));
    if (ref.controller === true) {
      const cur = `${ref.kind}/${ref.name}`;
      if (firstController !== '') {
        errs.push(
          invalidGo(
            path,
            `[]v1.OwnerReference{${(refs ?? []).map(goOwnerReference).join(', ')}}`,
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${cur}`,
          ),
        );
      } else {
        firstController = cur;
      }
    }
  }
  return errs;
}

/** apimachinery ValidateFinalizers + core validateKubeFinalizerName. */
export function validateFinalizers(finalizers: readonly string[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const list = finalizers ?? [];
  for (const f of list) errs.push(...isQualifiedName(f).map((m) => fieldError.invalid(path, f, m)));
  if (list.includes('orphan') && list.includes('foregroundDeletion')) {
    errs.push(fieldError.invalid(path, [...list], 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

function validateKubeFinalizerNames(finalizers: readonly string[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (finalizers ?? []).forEach((f, i) => {
    const p = path.index(i);
    errs.push(...isQualifiedName(f).map((m) => fieldError.invalid(p, f, m)));
    if (!f.includes('/') && !STANDARD_FINALIZERS.has(f)) {
      errs.push(fieldError.invalid(p, f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  return errs;
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** v1validation.ValidateFieldManager: at most 128 bytes, printable characters only. */
export function validateFieldManager(manager: string, path: FieldPath | string): FieldError[] {
  const errs: FieldError[] = [];
  if (byteLength(manager) > FIELD_MANAGER_MAX_LENGTH) errs.push(fieldError.tooLong(path, manager, FIELD_MANAGER_MAX_LENGTH));
  let offset = 0;
  for (const ch of manager) {
    if (!PRINTABLE.test(ch)) {
      const code = (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      errs.push(fieldError.invalid(path, manager, `invalid character U+${code} (at position ${offset})`));
    }
    offset += byteLength(ch);
  }
  return errs;
}

/** v1validation.ValidateManagedFields */
export function validateManagedFields(entries: readonly ManagedFieldsEntry[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (entries ?? []).forEach((e, i) => {
    const p = path.index(i);
    if (e.operation !== 'Apply' && e.operation !== 'Update') {
      errs.push(fieldError.invalid(p.child('operation'), e.operation ?? '', 'must be `Apply` or `Update`'));
    }
    if (e.fieldsType && e.fieldsType !== 'FieldsV1') {
      errs.push(fieldError.invalid(p.child('fieldsType'), e.fieldsType, 'must be `FieldsV1`'));
    }
    errs.push(...validateFieldManager(e.manager ?? '', p.child('manager')));
    if (byteLength(e.subresource ?? '') > MAX_SUBRESOURCE_NAME_LENGTH) {
      errs.push(fieldError.tooLong(p.child('subresource'), e.subresource ?? '', MAX_SUBRESOURCE_NAME_LENGTH));
    }
  });
  return errs;
}

/** ValidateObjectMeta for a create (name generation already done when generateName is used). */
export function validateObjectMeta(
  meta: ObjectMeta | undefined,
  options: ObjectMetaOptions,
  path?: FieldPath | string,
): FieldError[] {
  const m = meta ?? {};
  const p = pathOf(path);
  const errs: FieldError[] = [];
  if (m.generateName) {
    for (const msg of options.nameFn(m.generateName, true)) {
      errs.push(fieldError.invalid(p.child('generateName'), m.generateName, msg));
    }
  }
  if (!m.name) {
    errs.push(fieldError.required(p.child('name'), 'name or generateName is required'));
  } else {
    for (const msg of options.nameFn(m.name, false)) errs.push(fieldError.invalid(p.child('name'), m.name, msg));
  }
  if (options.namespaced) {
    if (!m.namespace) errs.push(fieldError.required(p.child('namespace')));
    else {
      for (const msg of nameIsDNSLabel(m.namespace, false)) {
        errs.push(fieldError.invalid(p.child('namespace'), m.namespace, msg));
      }
    }
  } else if (m.namespace) {
    errs.push(fieldError.forbidden(p.child('namespace'), 'not allowed on this type'));
  }
  if ((m.generation ?? 0) < 0) errs.push(fieldError.invalid(p.child('generation'), m.generation, IS_NEGATIVE_ERROR_MSG));
  errs.push(...validateLabels(m.labels, p.child('labels')));
  errs.push(...validateAnnotations(m.annotations, p.child('annotations')));
  errs.push(...validateOwnerReferences(m.ownerReferences, p.child('ownerReferences')));
  errs.push(...validateFinalizers(m.finalizers, p.child('finalizers')));
  errs.push(...validateManagedFields(m.managedFields, p.child('managedFields')));
  errs.push(...validateKubeFinalizerNames(m.finalizers, p.child('finalizers')));
  return errs;
}

/** metav1.Time as Go's time.Time.String() prints it (UTC timestamps). */
export function goTimeString(rfc3339: string): string {
  const d = new Date(rfc3339);
  if (Number.isNaN(d.getTime())) return rfc3339;
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0000 UTC`;
}

function immutableString(next: string | undefined, prev: string | undefined, path: FieldPath): FieldError[] {
  return (next ?? '') === (prev ?? '') ? [] : [fieldError.invalid(path, next ?? '', FIELD_IMMUTABLE_ERROR_MSG)];
}

function sameInstant(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return new Date(a).getTime() === new Date(b).getTime() || a === b;
}

/** ValidateObjectMetaUpdate (apimachinery + core finalizer names). */
export function validateObjectMetaUpdate(
  next: ObjectMeta | undefined,
  prev: ObjectMeta | undefined,
  path?: FieldPath | string,
): FieldError[] {
  const n = next ?? {};
  const o = prev ?? {};
  const p = pathOf(path);
  const errs: FieldError[] = [];
  if (o.deletionTimestamp) {
    const old = new Set(o.finalizers ?? []);
    const added = [...new Set(n.finalizers ?? [])].filter((f) => !old.has(f)).sort();
    if (added.length > 0) {
      errs.push(
        fieldError.forbidden(
          p.child('finalizers'),
          `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
        ),
      );
    }
  }
  if (!n.resourceVersion) {
    errs.push(fieldError.invalid(p.child('resourceVersion'), n.resourceVersion ?? '', 'must be specified for an update'));
  }
  if ((n.generation ?? 0) < (o.generation ?? 0)) {
    errs.push(fieldError.invalid(p.child('generation'), n.generation ?? 0, 'must not be decremented'));
  }
  errs.push(...immutableString(n.name, o.name, p.child('name')));
  errs.push(...immutableString(n.namespace, o.namespace, p.child('namespace')));
  errs.push(...immutableString(n.uid, o.uid, p.child('uid')));
  if (!sameInstant(n.creationTimestamp ?? '', o.creationTimestamp ?? '')) {
    const text = n.creationTimestamp ? goTimeString(n.creationTimestamp) : '0001-01-01 00:00:00 +0000 UTC';
    errs.push(invalidGo(p.child('creationTimestamp'), text, FIELD_IMMUTABLE_ERROR_MSG));
  }
  if (!sameInstant(n.deletionTimestamp, o.deletionTimestamp)) {
    const text = n.deletionTimestamp ? goTimeString(n.deletionTimestamp) : '"null"';
    errs.push(invalidGo(p.child('deletionTimestamp'), text, FIELD_IMMUTABLE_ERROR_MSG));
  }
  if (n.deletionGracePeriodSeconds !== o.deletionGracePeriodSeconds) {
    errs.push(
      fieldError.invalid(p.child('deletionGracePeriodSeconds'), n.deletionGracePeriodSeconds ?? null, FIELD_IMMUTABLE_ERROR_MSG),
    );
  }
  errs.push(...validateLabels(n.labels, p.child('labels')));
  errs.push(...validateAnnotations(n.annotations, p.child('annotations')));
  errs.push(...validateOwnerReferences(n.ownerReferences, p.child('ownerReferences')));
  errs.push(...validateManagedFields(n.managedFields, p.child('managedFields')));
  errs.push(...validateKubeFinalizerNames(n.finalizers, p.child('finalizers')));
  return errs;
}
