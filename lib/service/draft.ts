/**
 * One call for the forms and the YAML editor: check a Service draft the way the API server
 * will (defaulting → strategy → validation → warnings), before anything is allocated.
 * Pure and browser-safe.
 */
import type { FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { applyServiceDefaults } from './defaults';
import { initIPFamilyFields, type ClusterIPFamilies } from './ip-families';
import { prepareServiceForCreate, prepareServiceForUpdate } from './strategy';
import { validateServiceCreate, validateServiceUpdate } from './validation';
import { ignoredFieldNotes } from './ignored-fields';
import { serviceWarnings } from './warnings';

export interface DraftCheck {
  /** The Service as the server would validate it (defaults applied, strategy run). */
  prepared: Service;
  errors: FieldError[];
  warnings: string[];
}

export interface DraftCheckOptions {
  /**
   * The Service IP families the cluster has (its service CIDRs, primary first), when known: then
   * ipFamilyPolicy / ipFamilies are defaulted as the server will and families the cluster lacks
   * are reported. Left out, those cluster-dependent checks are skipped.
   */
  clusterIPFamilies?: ClusterIPFamilies;
}

/** The server's IP-family step (before validation; its errors end the request). */
function withFamilies(prepared: Service, prev: Service | undefined, families: ClusterIPFamilies | undefined): FieldError[] {
  return families ? initIPFamilyFields(prepared, prev, families) : [];
}

/**
 * Checks a draft. Without `prev` it is a create in `namespace` (default: the draft's own, else
 * "default"); with `prev` (the stored object) it is an update. Values the cluster allocates
 * (clusterIP, nodePorts, healthCheckNodePort) may be left empty.
 */
export function checkServiceDraft(draft: Service, prev?: Service, namespace?: string, options: DraftCheckOptions = {}): DraftCheck {
  const ns = draft.metadata?.namespace || namespace || prev?.metadata?.namespace || 'default';
  const withNs: Service = { ...draft, metadata: { ...(draft.metadata ?? {}), namespace: ns } };
  const defaulted = applyServiceDefaults(withNs);
  if (prev) {
    const next: Service = {
      ...defaulted,
      metadata: {
        ...defaulted.metadata,
        resourceVersion: defaulted.metadata.resourceVersion || prev.metadata.resourceVersion,
        uid: defaulted.metadata.uid || prev.metadata.uid,
        creationTimestamp: defaulted.metadata.creationTimestamp || prev.metadata.creationTimestamp,
      },
    };
    const prepared = prepareServiceForUpdate(next, prev);
    const familyErrors = withFamilies(prepared, prev, options.clusterIPFamilies);
    return {
      prepared,
      errors: familyErrors.length ? familyErrors : validateServiceUpdate(prepared, prev, { allocated: false }),
      warnings: [...serviceWarnings(prepared, prev), ...ignoredFieldNotes(prepared)],
    };
  }
  const prepared = prepareServiceForCreate(defaulted);
  const familyErrors = withFamilies(prepared, undefined, options.clusterIPFamilies);
  return {
    prepared,
    errors: familyErrors.length ? familyErrors : validateServiceCreate(prepared, { allocated: false }),
    warnings: [...serviceWarnings(prepared), ...ignoredFieldNotes(prepared)],
  };
}
