/**
 * The demo data a fresh embedded cluster starts with: three namespaces and Services of every
 * type and every common failure mode, with the pods behind them.
 */
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource } from '../storage/types';
import { READY_ANNOTATION } from '../controllers/simulated-nodes';
import { endpoints, externalSlice, namespace, pod, replicas, service, statefulPods } from './builders';

export interface DemoObject {
  resource: StoredResource;
  object: KubeObject;
}

const http = (n: number) => ({ name: 'http', containerPort: n, protocol: 'TCP' as const });

function shop(): DemoObject[] {
  const ns = 'shop';
  const frontend = { labels: { app: 'frontend', tier: 'web', 'app.kubernetes.io/part-of': 'shop' }, image: 'nginx:1.27', ports: [http(8080), { name: 'https', containerPort: 8443 }] };
  const checkout = { labels: { app: 'checkout', tier: 'backend', 'app.kubernetes.io/part-of': 'shop' }, image: 'ghcr.io/example/checkout:2.4.1', ports: [http(8080), { name: 'metrics', containerPort: 9102 }] };
  const inventory = { labels: { app: 'inventory', tier: 'backend' }, image: 'ghcr.io/example/inventory:1.9.0', ports: [http(8080)] };
  return [
    ...[
      service(ns, 'frontend', {
        selector: { app: 'frontend' },
        trafficDistribution: 'PreferClose',
        ports: [
          { name: 'http', port: 80, targetPort: 'http' },
          { name: 'https', port: 443, targetPort: 'https' },
        ],
      }),
      service(ns, 'checkout', { type: 'NodePort', selector: { app: 'checkout' }, ports: [{ name: 'http', port: 8080, targetPort: 'http', nodePort: 30080 }, { name: 'metrics', port: 9102, targetPort: 'metrics' }] }),
      service(ns, 'storefront', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', selector: { app: 'frontend' }, ports: [{ name: 'https', port: 443, targetPort: 'https' }] }, {
        annotations: {
          'service.beta.kubernetes.io/aws-load-balancer-type': 'nlb',
          'service.beta.kubernetes.io/aws-load-balancer-scheme': 'internet-facing',
          'service.beta.kubernetes.io/aws-load-balancer-cross-zone-load-balancing-enabled': 'true',
        },
      }),
      service(ns, 'payments-gateway', { type: 'LoadBalancer', loadBalancerClass: 'example.com/internal-lb', selector: { app: 'checkout' }, ports: [{ name: 'https', port: 443, targetPort: 8443 }] }),
      service(ns, 'cart', { selector: { app: 'cart', tier: 'backend' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] }),
      service(ns, 'inventory', { selector: { app: 'inventory' }, ports: [{ name: 'grpc', port: 9000, targetPort: 'grpc' }] }),
      service(ns, 'payments-api', { type: 'ExternalName', externalName: 'payments.example.com', ports: [{ name: 'https', port: 443 }] }),
    ].map((object) => ({ resource: 'services' as const, object })),
    ...[
      ...replicas(ns, 'frontend', '6d4cf56db6', ['x7k2p', 'q9r4t', 'm2n8v'], frontend),
      ...replicas(ns, 'checkout', '7f9b8c5d4', ['h5j6k', 'w3e4r'], checkout),
      // misses the cart Service's selector by one label (tier: cache, not backend)
      pod(ns, 'cart-5c8d7b9f6-p0o9i', { labels: { app: 'cart', tier: 'cache' }, image: 'redis:7.4', ports: [{ name: 'redis', containerPort: 6379 }] }),
      // declares `http`, while the inventory Service targets the named port `grpc`
      ...replicas(ns, 'inventory', '84c6f7d9b', ['t6y7u', 'g8h9j'], inventory),
    ].map((object) => ({ resource: 'pods' as const, object })),
  ];
}

function demo(): DemoObject[] {
  const ns = 'demo';
  const postgres = { labels: { app: 'postgres', 'app.kubernetes.io/name': 'postgres' }, image: 'postgres:16.4', container: 'postgres', ports: [{ name: 'postgres', containerPort: 5432 }] };
  const web = { labels: { app: 'web' }, image: 'ghcr.io/example/web:3.1.0', ports: [http(8080)] };
  const slow = { labels: { app: 'slow-start' }, image: 'ghcr.io/example/warmup:0.3.2', ports: [http(8080)], annotations: { [READY_ANNOTATION]: 'false' } };
  return [
    ...[
      service(ns, 'postgres', { clusterIP: 'None', selector: { app: 'postgres' }, ports: [{ name: 'postgres', port: 5432, targetPort: 'postgres' }] }),
      service(ns, 'web', { selector: { app: 'web' }, sessionAffinity: 'ClientIP', ports: [{ name: 'http', port: 80, targetPort: 'http' }] }),
      service(ns, 'slow-start', { selector: { app: 'slow-start' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] }),
      service(ns, 'legacy-backend', { ports: [{ name: 'http', port: 8080, targetPort: 8080 }] }),
      service(ns, 'external-db', { type: 'ExternalName', externalName: 'db.internal.example.com' }),
      // a numeric targetPort that no container of the selected pods declares (they serve 8080)
      service(ns, 'web-admin', { selector: { app: 'web' }, ports: [{ name: 'admin', port: 9000, targetPort: 9000 }] }),
      // peers of not-ready pods are still published (StatefulSet-style peer discovery)
      service(ns, 'slow-start-peers', { clusterIP: 'None', publishNotReadyAddresses: true, selector: { app: 'slow-start' }, ports: [{ name: 'http', port: 8080, targetPort: 'http' }] }),
      // no selector and nobody maintains endpoints for it
      service(ns, 'orphan-api', { ports: [{ name: 'http', port: 80, targetPort: 8080 }] }),
      // no selector; its EndpointSlice is maintained by some other controller
      service(ns, 'partner-api', { ports: [{ name: 'https', port: 443, targetPort: 443 }] }),
    ].map((object) => ({ resource: 'services' as const, object })),
    { resource: 'endpoints', object: endpoints(ns, 'legacy-backend', ['192.168.10.5', '192.168.10.6'], [{ ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] }]) },
    { resource: 'endpointslices', object: externalSlice(ns, 'partner-api', 'partner-sync.example.com', ['203.0.113.10', '203.0.113.11'], { name: 'https', port: 443 }) },
    ...[
      ...statefulPods(ns, 'postgres', 3, 'postgres', postgres),
      ...replicas(ns, 'web', '5f7d9c8b6', ['a1b2c', 'd3e4f'], web),
      ...replicas(ns, 'slow-start', '69d8f7c5b', ['z1x2c', 'v3b4n'], slow),
    ].map((object) => ({ resource: 'pods' as const, object })),
  ];
}

function monitoring(): DemoObject[] {
  const ns = 'monitoring';
  const exporter = (node: string, suffix: string) =>
    pod(ns, `node-exporter-${suffix}`, {
      labels: { app: 'node-exporter' },
      image: 'quay.io/prometheus/node-exporter:v1.8.2',
      container: 'node-exporter',
      ports: [{ name: 'metrics', containerPort: 9100 }],
      spec: { nodeSelector: { 'kubernetes.io/hostname': node } },
    });
  return [
    ...[
      service(ns, 'prometheus', { selector: { app: 'prometheus' }, ports: [{ name: 'web', port: 9090, targetPort: 'web' }] }),
      service(ns, 'grafana', { type: 'NodePort', selector: { app: 'grafana' }, ports: [{ name: 'http', port: 3000, targetPort: 'http' }] }),
      service(ns, 'node-exporter', { clusterIP: 'None', selector: { app: 'node-exporter' }, ports: [{ name: 'metrics', port: 9100, targetPort: 'metrics' }] }),
    ].map((object) => ({ resource: 'services' as const, object })),
    ...[
      pod(ns, 'prometheus-0', { labels: { app: 'prometheus' }, image: 'quay.io/prometheus/prometheus:v2.54.1', container: 'prometheus', ports: [{ name: 'web', containerPort: 9090 }] }),
      ...replicas(ns, 'grafana', '7b6c5d4e3', ['k9l8m'], { labels: { app: 'grafana' }, image: 'grafana/grafana:11.2.0', container: 'grafana', ports: [http(3000)] }),
      exporter('node-1', 'f8g7h'),
      exporter('node-2', 'j6k5l'),
      exporter('node-3', 'q2w3e'),
    ].map((object) => ({ resource: 'pods' as const, object })),
  ];
}

/** What kubeadm-style clusters run in kube-system: the kube-dns Service (10th address) and CoreDNS. */
function kubeSystem(dnsIP: string | undefined): DemoObject[] {
  const ns = 'kube-system';
  const coredns = {
    labels: { 'k8s-app': 'kube-dns' },
    image: 'registry.k8s.io/coredns/coredns:v1.11.3',
    container: 'coredns',
    ports: [
      { name: 'dns', containerPort: 53, protocol: 'UDP' as const },
      { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' as const },
      { name: 'metrics', containerPort: 9153, protocol: 'TCP' as const },
    ],
  };
  const dns = service(
    ns,
    'kube-dns',
    {
      ...(dnsIP ? { clusterIP: dnsIP } : {}),
      selector: { 'k8s-app': 'kube-dns' },
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
    },
    {
      labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
    },
  );
  return [
    { resource: 'services', object: dns },
    ...replicas(ns, 'coredns', '668d6bf9bc', ['4kx7z', 'r8m2w'], coredns).map((object) => ({ resource: 'pods' as const, object })),
  ];
}

/** `dnsIP`: the kube-dns address (the service CIDR's 10th); without it one is allocated. */
export function demoObjects(dnsIP?: string): DemoObject[] {
  return [
    ...kubeSystem(dnsIP),
    { resource: 'namespaces', object: namespace('shop', { 'app.kubernetes.io/part-of': 'shop' }) },
    { resource: 'namespaces', object: namespace('demo') },
    { resource: 'namespaces', object: namespace('monitoring') },
    ...shop(),
    ...demo(),
    ...monitoring(),
  ];
}
