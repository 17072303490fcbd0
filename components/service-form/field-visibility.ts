/**
 * Which spec fields the form shows for a kind: those the type rules allow (lib/service fieldRule),
 * conditional ones only in the configuration that uses them (the server's own predicates), and any
 * field that holds a value (so it can be cleared). Help is the rule's explanation.
 */
import type { Service } from '../../lib/k8s/types';
import { externallyAccessible, fieldRule, needsHealthCheck, needsNodePorts, type ServiceFieldName, type ServiceKind } from '../../lib/service';
import { fieldIsSet } from '../../lib/service-draft/type-switch';

export interface FieldView {
  show: (field: ServiceFieldName) => boolean;
  /** Allowed for this kind (else shown only because it holds a value). */
  allowed: (field: ServiceFieldName) => boolean;
  help: (field: ServiceFieldName) => string;
}

const CONDITIONS: Partial<Record<ServiceFieldName, (svc: Service) => boolean>> = {
  sessionAffinityConfig: (svc) => svc.spec?.sessionAffinity === 'ClientIP',
  healthCheckNodePort: needsHealthCheck,
  externalTrafficPolicy: externallyAccessible,
  'ports.nodePort': needsNodePorts,
};

export function fieldView(kind: ServiceKind, draft: Service): FieldView {
  const allowed = (f: ServiceFieldName) => {
    const s = fieldRule(kind, f).status;
    return s === 'required' || s === 'optional';
  };
  return {
    allowed,
    show: (f) => fieldIsSet(draft, f) || (allowed(f) && (CONDITIONS[f]?.(draft) ?? true)),
    help: (f) => {
      const rule = fieldRule(kind, f);
      return allowed(f) ? rule.explanation : `${rule.explanation} Clear it.`;
    },
  };
}
