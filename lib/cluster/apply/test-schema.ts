/**
 * A small Service-like schema for this module's tests (independent of lib/cluster/schema): ports are
 * a map-list keyed by port+protocol, selector an atomic map, labels/annotations granular maps,
 * externalIPs an atomic list, finalizers a set, status.loadBalancer.ingress atomic.
 */
import type { ArraySchema, MapSchema, ObjectSchema, Schema } from '../schema/types';

const s: Schema = { type: 'string' };
const i: Schema = { type: 'integer' };
const obj = (properties: Record<string, Schema>, mapType?: 'atomic'): ObjectSchema =>
  mapType ? { type: 'object', properties, mapType } : { type: 'object', properties };
const strMap = (atomic = false): MapSchema => (atomic ? ({ type: 'map', values: s, mapType: 'atomic' } as MapSchema) : { type: 'map', values: s });
const list = (items: Schema, extra: Partial<ArraySchema>): ArraySchema => ({ type: 'array', items, ...extra });

export const testServiceSchema: ObjectSchema = obj({
  apiVersion: s,
  kind: s,
  metadata: obj({
    name: s,
    generateName: s,
    namespace: s,
    uid: s,
    resourceVersion: s,
    generation: i,
    creationTimestamp: s,
    labels: strMap(),
    annotations: strMap(),
    finalizers: list(s, { listType: 'set' }),
    ownerReferences: list(obj({ apiVersion: s, kind: s, name: s, uid: s }), { listType: 'map', listMapKeys: ['uid'] }),
    managedFields: list({ type: 'any' }, { listType: 'atomic' }),
  }),
  spec: obj({
    type: s,
    clusterIP: s,
    clusterIPs: list(s, { listType: 'atomic' }),
    ports: list(
      obj({ name: s, protocol: s, appProtocol: s, port: i, targetPort: { type: 'int-or-string' }, nodePort: i }),
      { listType: 'map', listMapKeys: ['port', 'protocol'] },
    ),
    selector: strMap(true),
    externalIPs: list(s, { listType: 'atomic' }),
    sessionAffinity: s,
    sessionAffinityConfig: obj({ clientIP: obj({ timeoutSeconds: i }) }),
    internalTrafficPolicy: s,
    externalTrafficPolicy: s,
    ipFamilies: list(s, { listType: 'atomic' }),
    ipFamilyPolicy: s,
    loadBalancerSourceRanges: list(s, { listType: 'atomic' }),
  }),
  status: obj({
    loadBalancer: obj({ ingress: list(obj({ ip: s, hostname: s }), { listType: 'atomic' }) }),
  }),
});
