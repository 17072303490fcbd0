/**
 * The kinds an existing Service may become, by the API server's own update rules: `spec.clusterIP`
 * and `spec.clusterIPs` never change once set (only a switch to or from ExternalName drops or
 * allocates them), so a Service with an allocated address cannot become headless, and a headless one
 * cannot become ClusterIP, NodePort or LoadBalancer. Found by asking the shared rules (the draft check
 * of each switch against the stored object), with the server's message as the reason. Pure.
 */
import { formatFieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { checkServiceDraft, serviceKindOf, type ServiceKind } from '../service';
import { ALL_KINDS, switchServiceKind } from './type-switch';

export interface KindOnUpdate {
  kind: ServiceKind;
  /** Why the API server would refuse it (its message), when it would. */
  refused?: string;
}

const CLUSTER_IP_FIELD = /^spec\.clusterIPs?(\[\d+\])?$/;

export function kindsOnUpdate(stored: Service): KindOnUpdate[] {
  const current = serviceKindOf(stored);
  return ALL_KINDS.map((kind) => {
    if (kind === current) return { kind };
    const next = switchServiceKind(stored, kind).service;
    const check = checkServiceDraft(next, stored);
    const refusal = check.errors.find((e) => CLUSTER_IP_FIELD.test(e.field));
    if (refusal) return { kind, refused: formatFieldError(refusal) };
    // The server keeps the stored address when the draft leaves it empty: headless stays headless.
    const becomes = serviceKindOf(check.prepared);
    if (becomes !== kind) return { kind, refused: `spec.clusterIP: "${stored.spec?.clusterIP ?? ''}" never changes once set, so the Service would stay ${becomes}` };
    return { kind };
  });
}
