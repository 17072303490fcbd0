/**
 * The `labelSelector` + `fieldSelector` pair of a list or watch request, parsed and checked the way
 * the real list handler does it (bad input → 400 BadRequest with the parser's own message), and the
 * predicate that filters objects with it.
 */
import { ApiError } from '../errors/api-error';
import { statusError } from '../../k8s/status';
import { matchesLabelRequirements, parseLabelSelector, type LabelRequirement } from '../../k8s/labels';
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource } from '../storage/types';
import { checkFieldSelector, objectMatchesFields, parseFieldSelector, type FieldRequirement } from './field-selector';

export interface ListSelectors {
  labels: LabelRequirement[];
  fields: FieldRequirement[];
}

/** Parses both selectors of a request for `resource`; throws ApiError 400 on bad input. */
export function parseListSelectors(
  resource: StoredResource,
  query: { labelSelector?: string | null; fieldSelector?: string | null },
): ListSelectors {
  let labels: LabelRequirement[] = [];
  if (query.labelSelector) {
    try {
      labels = parseLabelSelector(query.labelSelector);
    } catch (e) {
      throw new ApiError(statusError.badRequest((e as Error).message));
    }
  }
  const fields = query.fieldSelector ? checkFieldSelector(resource, parseFieldSelector(query.fieldSelector)) : [];
  return { labels, fields };
}

/** True when both selectors are empty (select everything). */
export function selectsEverything(sel: ListSelectors): boolean {
  return sel.labels.length === 0 && sel.fields.length === 0;
}

/** storage.SelectionPredicate.Matches: labels from metadata.labels, fields from the resource's field set. */
export function matchesListSelectors(resource: StoredResource, sel: ListSelectors, obj: KubeObject): boolean {
  if (sel.labels.length > 0 && !matchesLabelRequirements(sel.labels, obj.metadata.labels)) return false;
  return objectMatchesFields(resource, sel.fields, obj);
}
