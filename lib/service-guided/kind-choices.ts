/**
 * Step 2 of the guided flow, "who should reach it", in newcomer words: for each kind of Service,
 * who can connect, what it costs and when to pick it (after the Service concept page in
 * shared/seeds). The one-sentence definition of each kind stays in lib/service
 * (SERVICE_KIND_DESCRIPTIONS); these texts only add the choice.
 */
import type { ServiceKind } from '../service/type-rules-text';

export interface KindChoice {
  kind: ServiceKind;
  /** The question the newcomer answers by picking it. */
  audience: string;
  costs: string;
  pickWhen: string;
}

export const KIND_CHOICES: readonly KindChoice[] = [
  {
    kind: 'ClusterIP',
    audience: 'Only other pods inside the cluster',
    costs: 'Nothing extra: one virtual IP from the cluster\'s service range. Nothing outside the cluster can connect.',
    pickWhen: 'Pick it for back ends, databases and APIs used by other workloads — most Services. An Ingress or Gateway can still expose it over HTTP later.',
  },
  {
    kind: 'NodePort',
    audience: 'Anyone who can reach a node, on a fixed high port',
    costs: 'A port from 30000-32767 opened on every node (a limited, cluster-wide pool), plus the cluster IP. You handle node addresses, firewalls and failover yourself.',
    pickWhen: 'Pick it for a quick test from outside, or when your own load balancer sends traffic to the nodes.',
  },
  {
    kind: 'LoadBalancer',
    audience: 'Clients outside the cluster, through a cloud load balancer',
    costs: 'A load balancer from the cloud provider (usually billed per hour and per traffic), plus node ports and the cluster IP. Its address appears after the provider sets it up.',
    pickWhen: 'Pick it to publish a TCP/UDP service to the internet or to your network with one stable address.',
  },
  {
    kind: 'headless',
    audience: 'Pods inside the cluster that talk to each pod directly',
    costs: 'No virtual IP and no load balancing: DNS returns every ready pod\'s address and clients choose.',
    pickWhen: 'Pick it for StatefulSets and clustered software (databases, brokers) whose members must find each other by name.',
  },
  {
    kind: 'ExternalName',
    audience: 'Pods inside the cluster, sent to a host outside it',
    costs: 'No pods, no proxy and no ports: only a DNS alias (CNAME). Clients must accept the outside host\'s name (TLS certificates, HTTP Host headers).',
    pickWhen: 'Pick it to give an outside database or API an in-cluster name, so it can later be moved into the cluster without changing clients.',
  },
];

/** The recommendation for newcomers: ClusterIP unless they need outside access. */
export const RECOMMENDED_KIND: ServiceKind = 'ClusterIP';
