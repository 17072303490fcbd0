/**
 * Restoring a recorded version of a Service, and re-creating a deleted one. Pure: the browser sends
 * the result through the existing write routes (replace with the live resourceVersion; create).
 */
import type { Service, ServicePort, ServiceSpec } from '../k8s/types';

/** Whether two ports are the same port across versions: by name when both have one, else by port and protocol. */
function samePort(a: ServicePort, b: ServicePort): boolean {
  if (a.name && b.name) return a.name === b.name;
  return a.port === b.port && (a.protocol ?? 'TCP') === (b.protocol ?? 'TCP');
}

/**
 * The version's spec, labels and annotations put onto the live object: what the server owns comes
 * from live — clusterIP(s), each port's nodePort (the live port it matches; none when live has no such
 * port, so the server allocates one), healthCheckNodePort, resourceVersion, uid, creationTimestamp,
 * generation, managedFields and status. The result is a replace body with live's resourceVersion
 * as precondition.
 */
export function restoreOnto(version: Service, live: Service): Service {
  const vspec: ServiceSpec = version.spec ?? {};
  const lspec: ServiceSpec = live.spec ?? {};
  const { clusterIP: _ip, clusterIPs: _ips, healthCheckNodePort: _hc, ...rest } = vspec;
  const spec: ServiceSpec = { ...rest };
  if (vspec.ports) {
    spec.ports = vspec.ports.map((p) => {
      const { nodePort: _np, ...port } = p;
      const match = lspec.ports?.find((l) => samePort(p, l));
      return match?.nodePort !== undefined && vspec.type !== 'ClusterIP' && vspec.type !== 'ExternalName' ? { ...port, nodePort: match.nodePort } : port;
    });
  }
  if (lspec.clusterIP !== undefined) spec.clusterIP = lspec.clusterIP;
  if (lspec.clusterIPs !== undefined) spec.clusterIPs = lspec.clusterIPs;
  if (lspec.healthCheckNodePort !== undefined && vspec.externalTrafficPolicy === 'Local') spec.healthCheckNodePort = lspec.healthCheckNodePort;
  const { labels, annotations } = version.metadata;
  const { labels: _l, annotations: _a, ...liveMeta } = live.metadata;
  const out: Service = {
    apiVersion: live.apiVersion ?? 'v1',
    kind: live.kind ?? 'Service',
    metadata: { ...liveMeta, ...(labels ? { labels } : {}), ...(annotations ? { annotations } : {}) },
    spec,
  };
  if (live.status) out.status = live.status;
  return out;
}

/** A field of a deleted Service's last version that was dropped to re-create it, with the value it had. */
export interface DroppedField {
  path: string;
  value: string | number;
}

export interface RecreatePlan {
  service: Service;
  /** What was dropped from the last version to let the server allocate anew (empty when all was kept). */
  dropped: DroppedField[];
}

/** What to drop from the last version: its cluster IPs, its node ports (with healthCheckNodePort). */
export interface DropAllocations {
  addresses?: boolean;
  ports?: boolean;
}

/**
 * The body to re-create a deleted Service from its last version: server-owned metadata and status
 * stripped (uid, resourceVersion, creationTimestamp, generation, deletion marks, managedFields);
 * clusterIP(s), nodePorts and healthCheckNodePort kept unless `drop` says so, and then listed so the
 * server allocates new ones.
 */
export function recreatePlan(last: Service, drop: DropAllocations = {}): RecreatePlan {
  const {
    uid: _uid,
    resourceVersion: _rv,
    creationTimestamp: _ct,
    generation: _g,
    deletionTimestamp: _dt,
    deletionGracePeriodSeconds: _dg,
    managedFields: _mf,
    ...metadata
  } = last.metadata;
  const spec: ServiceSpec = { ...(last.spec ?? {}) };
  const dropped: DroppedField[] = [];
  // A headless Service's clusterIP 'None' is a choice, not an allocation.
  if (drop.addresses && spec.clusterIP && spec.clusterIP !== 'None') {
    dropped.push({ path: 'spec.clusterIP', value: spec.clusterIP });
    delete spec.clusterIP;
    if (spec.clusterIPs) {
      spec.clusterIPs.forEach((ip, i) => dropped.push({ path: `spec.clusterIPs[${i}]`, value: ip }));
      delete spec.clusterIPs;
    }
  }
  if (drop.ports && spec.ports) {
    spec.ports = spec.ports.map((p, i) => {
      if (p.nodePort === undefined) return p;
      dropped.push({ path: `spec.ports[${i}].nodePort`, value: p.nodePort });
      const { nodePort: _np, ...port } = p;
      return port;
    });
  }
  if (drop.ports && spec.healthCheckNodePort !== undefined) {
    dropped.push({ path: 'spec.healthCheckNodePort', value: spec.healthCheckNodePort });
    delete spec.healthCheckNodePort;
  }
  return { service: { apiVersion: 'v1', kind: 'Service', metadata, spec }, dropped };
}

/**
 * Which allocation a refused create found taken: a cluster IP ("provided IP is already allocated"),
 * a node port ("provided port is already allocated"), or undefined for any other refusal.
 */
export function takenAllocation(status: { code?: number; message?: string }): keyof DropAllocations | undefined {
  if (status.code !== 422) return undefined;
  const message = status.message ?? '';
  if (/provided IP is already allocated/i.test(message)) return 'addresses';
  if (/provided port is already allocated/i.test(message)) return 'ports';
  return undefined;
}

type CreateOutcome = { ok: true; data: Service } | { ok: false; status: { code?: number; message?: string } };

/**
 * Re-creates a deleted Service from its last version: first with its clusterIP(s) and nodePorts; when
 * the server refuses because an IP or a port is taken, again without that kind (then, if needed,
 * without the other too). The result lists what was dropped. `create` sends the body (the existing
 * create route).
 */
export async function recreateWithFallback<O extends CreateOutcome>(
  last: Service,
  create: (svc: Service) => Promise<O>,
): Promise<{ outcome: O; /** dropped for the create that answered (empty when all was kept) */ dropped: DroppedField[] }> {
  const drop: DropAllocations = {};
  for (;;) {
    const plan = recreatePlan(last, drop);
    const outcome = await create(plan.service);
    const taken = outcome.ok ? undefined : takenAllocation(outcome.status);
    if (!taken || drop[taken]) return { outcome, dropped: plan.dropped };
    drop[taken] = true;
  }
}
