/** labelSelector + fieldSelector of list, watch and deletecollection requests. */
import { parseLabelSelector, matchesLabelRequirements, type LabelRequirement } from '../../k8s/labels';
import { statusError } from '../../k8s/status';
import type { KubeObject } from '../../k8s/types/meta';
import { checkFieldSelector, objectMatchesFields, parseFieldSelector, type FieldRequirement } from '../selectors/field-selector';
import type { StoredResource } from '../storage/types';
import { ApiError } from '../errors/api-error';

export interface Selection {
  labels: LabelRequirement[];
  fields: FieldRequirement[];
}

export function parseSelection(resource: StoredResource, labelSelector?: string | null, fieldSelector?: string | null): Selection {
  let labels: LabelRequirement[] = [];
  if (labelSelector) {
    try {
      labels = parseLabelSelector(labelSelector);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(statusError.badRequest(err instanceof Error ? err.message : String(err)));
    }
  }
  const fields = fieldSelector ? checkFieldSelector(resource, parseFieldSelector(fieldSelector)) : [];
  return { labels, fields };
}

export function isEverything(sel: Selection): boolean {
  return sel.labels.length === 0 && sel.fields.length === 0;
}

export function selects(resource: StoredResource, sel: Selection, obj: KubeObject): boolean {
  if (sel.labels.length && !matchesLabelRequirements(sel.labels, obj.metadata.labels)) return false;
  if (sel.fields.length && !objectMatchesFields(resource, sel.fields, obj)) return false;
  return true;
}
