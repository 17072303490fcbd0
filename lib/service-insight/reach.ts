/**
 * How to reach a Service, per type: its cluster IP(s) and ports; for NodePort/LoadBalancer every
 * node address with the node port; the load balancer's ingress; externalIPs; the ExternalName CNAME.
 * Pure.
 */
import type { Node, Protocol, Service } from '../k8s/types';
import { isHeadless, isServiceIPSet } from '../service/helpers';
import type { EndpointView } from './endpoints';
import { joinHostPort } from './env-vars';

export type ReachKind = 'cluster-ip' | 'node-port' | 'load-balancer' | 'external-ip' | 'external-name';

export interface ReachAddress {
  kind: ReachKind;
  /** `10.96.12.7:80`, `[fd00::7]:80`, `lb.example.com:443`, or the CNAME target. */
  address: string;
  protocol?: Protocol;
  portName?: string;
  /** Where it works from. */
  from: 'inside the cluster' | 'the nodes\' network' | 'outside the cluster';
  /** e.g. the node name and address type for node ports. */
  note?: string;
  /** Set when this address drops the traffic (why, in words): e.g. a node port on a node without a local endpoint. */
  drops?: string;
}

/**
 * `endpoints` (optional) lets node ports be judged under externalTrafficPolicy: Local: a node without
 * a ready endpoint of its own drops the traffic (kube-proxy does not forward it to other nodes).
 * Those rows get `drops` and come after the working ones.
 */
export function reachAddresses(svc: Service, nodes: readonly Node[] = [], endpoints?: readonly EndpointView[]): ReachAddress[] {
  const spec = svc.spec ?? {};
  const ports = spec.ports ?? [];
  if (spec.type === 'ExternalName') {
    return [{ kind: 'external-name', address: spec.externalName ?? '', from: 'inside the cluster', note: 'cluster DNS answers with a CNAME to this name; no proxying, ports are not remapped' }];
  }
  const out: ReachAddress[] = [];
  if (isServiceIPSet(svc) && !isHeadless(svc)) {
    const ips = spec.clusterIPs?.length ? spec.clusterIPs : [spec.clusterIP ?? ''];
    for (const ip of ips) {
      for (const p of ports) {
        out.push({ kind: 'cluster-ip', address: joinHostPort(ip, p.port), protocol: p.protocol ?? 'TCP', portName: p.name, from: 'inside the cluster' });
      }
    }
  }
  const local = spec.externalTrafficPolicy === 'Local' && endpoints ? new Set(endpoints.filter((e) => e.ready && e.nodeName).map((e) => e.nodeName as string)) : undefined;
  const nodePorts: ReachAddress[] = [];
  for (const p of ports) {
    if (!p.nodePort) continue;
    for (const node of nodes) {
      const nodeName = node.metadata.name ?? '';
      const drops = local && !local.has(nodeName) ? `drops the traffic: no ready endpoint on ${nodeName} (externalTrafficPolicy: Local)` : undefined;
      for (const a of node.status?.addresses ?? []) {
        if (a.type !== 'InternalIP' && a.type !== 'ExternalIP') continue;
        nodePorts.push({
          kind: 'node-port',
          address: joinHostPort(a.address, p.nodePort),
          protocol: p.protocol ?? 'TCP',
          portName: p.name,
          from: a.type === 'ExternalIP' ? 'outside the cluster' : "the nodes' network",
          note: `${nodeName} ${a.type}`,
          ...(drops ? { drops } : {}),
        });
      }
    }
  }
  // Working node addresses first (stable: node order is kept within each group).
  out.push(...nodePorts.filter((a) => !a.drops), ...nodePorts.filter((a) => a.drops));
  if (spec.type === 'LoadBalancer') {
    for (const ing of svc.status?.loadBalancer?.ingress ?? []) {
      const host = ing.ip ?? ing.hostname;
      if (!host) continue;
      const ingPorts = ing.ports?.length ? ing.ports.map((p) => ({ port: p.port, protocol: p.protocol, name: ports.find((sp) => sp.port === p.port)?.name })) : ports.map((p) => ({ port: p.port, protocol: p.protocol ?? 'TCP', name: p.name }));
      for (const p of ingPorts) {
        out.push({
          kind: 'load-balancer',
          address: ing.ip ? joinHostPort(ing.ip, p.port) : `${host}:${p.port}`,
          protocol: p.protocol,
          portName: p.name,
          from: 'outside the cluster',
          note: ing.ipMode ? `ipMode ${ing.ipMode}` : undefined,
        });
      }
    }
  }
  for (const ip of spec.externalIPs ?? []) {
    for (const p of ports) {
      out.push({ kind: 'external-ip', address: joinHostPort(ip, p.port), protocol: p.protocol ?? 'TCP', portName: p.name, from: 'outside the cluster', note: 'externalIPs: routed to a node by your network' });
    }
  }
  return out;
}
