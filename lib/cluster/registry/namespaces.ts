/** core/v1 namespaces (+ status, finalize): the `kubernetes` finalizer, phase Active/Terminating. */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { Namespace } from '../../k8s/types/cluster';
import { isQualifiedName, nameIsDNSLabel } from '../../k8s/validation/names';
import type { ResourceDefinition } from './types';
import { copy, metaCreateErrors, metaUpdateErrors, takeStatusOnly } from './common';

const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

function validateFinalizers(ns: Namespace): FieldError[] {
  const errs: FieldError[] = [];
  (ns.spec?.finalizers ?? []).forEach((f, i) => {
    for (const m of isQualifiedName(f)) errs.push(fieldError.invalid(`spec.finalizers[${i}]`, f, m));
  });
  return errs;
}

export const namespaceDefinition: ResourceDefinition<Namespace> = {
  resource: 'namespaces',
  group: '',
  version: 'v1',
  kind: 'Namespace',
  listKind: 'NamespaceList',
  singular: 'namespace',
  namespaced: false,
  shortNames: ['ns'],
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  hasStatus: true,
  tracksGeneration: false,

  applyDefaults(ns) {
    const out = copy(ns);
    if (out.metadata.name) out.metadata.labels = { ...(out.metadata.labels ?? {}), [NAMESPACE_NAME_LABEL]: out.metadata.name };
    if (!out.status?.phase) out.status = { ...(out.status ?? {}), phase: 'Active' };
    return out;
  },
  prepareForCreate(ns) {
    const out = copy(ns);
    out.status = { phase: 'Active' };
    const finalizers = out.spec?.finalizers ?? [];
    out.spec = { ...(out.spec ?? {}), finalizers: finalizers.includes('kubernetes') ? finalizers : [...finalizers, 'kubernetes'] };
    return out;
  },
  validateCreate: (ns) => [...metaCreateErrors(ns, false, nameIsDNSLabel), ...validateFinalizers(ns)],
  prepareForUpdate(next, prev) {
    const out = copy(next);
    out.spec = copy(prev.spec);
    out.status = copy(prev.status);
    if (out.spec === undefined) delete out.spec;
    return out;
  },
  validateUpdate: (next, prev) => [...metaUpdateErrors(next, prev), ...validateFinalizers(next)],
  prepareForStatusUpdate: (next, prev) => takeStatusOnly(next, prev),
  validateStatusUpdate(next, prev) {
    const errs = metaUpdateErrors(next, prev);
    if (!next.metadata.deletionTimestamp && next.status?.phase === 'Terminating') {
      errs.push(fieldError.invalid('status.Phase', 'Terminating', 'may only be \'Terminating\' if `deletionTimestamp` is not empty'));
    }
    return errs;
  },
};
