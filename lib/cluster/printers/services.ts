/** `kubectl get services`: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE [SELECTOR] (printService). */
import { formatLabels } from '../../k8s/labels';
import type { Service } from '../../k8s/types/service';
import { ageColumn, column, nameColumn, translateTimestampSince, type ResourcePrinter } from './common';

const TYPE_DESCRIPTION =
  'type determines how the Service is exposed. Defaults to ClusterIP. Valid options are ExternalName, ClusterIP, NodePort, and LoadBalancer. "ClusterIP" allocates a cluster-internal IP address for load-balancing to endpoints. Endpoints are determined by the selector or if that is not specified, by manual construction of an Endpoints object or EndpointSlice objects. If clusterIP is "None", no virtual IP is allocated and the endpoints are published as a set of endpoints rather than a virtual IP. "NodePort" builds on ClusterIP and allocates a port on every node which routes to the same endpoints as the clusterIP. "LoadBalancer" builds on NodePort and creates an external load-balancer (if supported in the current cloud) which routes to the same endpoints as the clusterIP. "ExternalName" aliases this service to the specified externalName. Several other fields do not apply to ExternalName services. More info: https://kubernetes.io/docs/concepts/services-networking/service/#publishing-services-service-types';
const CLUSTER_IP_DESCRIPTION =
  'clusterIP is the IP address of the service and is usually assigned randomly. If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be blank) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are "None", empty string (""), or a valid IP address. Setting this to "None" makes a "headless service" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies';
const EXTERNAL_IPS_DESCRIPTION =
  'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.  These IPs are not managed by Kubernetes.  The user is responsible for ensuring that traffic arrives at a node with this IP.  A common example is external load-balancers that are not part of the Kubernetes system.';
const PORTS_DESCRIPTION =
  'The list of ports that are exposed by this service. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies';
const SELECTOR_DESCRIPTION =
  'Route service traffic to pods with label keys and values matching this selector. If empty or not present, the service is assumed to have an external process managing its endpoints, which Kubernetes will not modify. Only applies to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/';

const LOAD_BALANCER_WIDTH = 16;

/** loadBalancerStatusStringer: the ingress IPs (or hostnames), de-duplicated and sorted. */
export function loadBalancerStatusString(svc: Service, wide: boolean): string {
  const set = new Set<string>();
  for (const ing of svc.status?.loadBalancer?.ingress ?? []) {
    if (ing.ip) set.add(ing.ip);
    else if (ing.hostname) set.add(ing.hostname);
  }
  let r = [...set].sort().join(',');
  if (!wide && r.length > LOAD_BALANCER_WIDTH) r = `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...`;
  return r;
}

/** getServiceExternalIP. */
export function serviceExternalIP(svc: Service, wide: boolean): string {
  const externalIPs = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIps = loadBalancerStatusString(svc, wide);
      if (externalIPs.length > 0) {
        const results = lbIps.length > 0 ? lbIps.split(',') : [];
        return [...results, ...externalIPs].join(',');
      }
      return lbIps.length > 0 ? lbIps : '<pending>';
    }
    case 'ExternalName':
      return svc.spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

/** makePortString: `80/TCP,443:30443/TCP`. */
export function servicePortsString(svc: Service): string {
  return (svc.spec?.ports ?? [])
    .map((p) => (p.nodePort && p.nodePort > 0 ? `${p.port}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port}/${p.protocol ?? ''}`))
    .join(',');
}

export const servicePrinter: ResourcePrinter = {
  columns: [
    nameColumn(),
    column('Type', 'string', TYPE_DESCRIPTION),
    column('Cluster-IP', 'string', CLUSTER_IP_DESCRIPTION),
    column('External-IP', 'string', EXTERNAL_IPS_DESCRIPTION),
    column('Port(s)', 'string', PORTS_DESCRIPTION),
    ageColumn(),
    column('Selector', 'string', SELECTOR_DESCRIPTION, 1),
  ],
  row(obj, now) {
    const svc = obj as Service;
    const clusterIPs = svc.spec?.clusterIPs ?? [];
    const ports = servicePortsString(svc);
    return {
      cells: [
        svc.metadata.name ?? '',
        svc.spec?.type ?? '',
        clusterIPs.length > 0 ? clusterIPs[0] : '<none>',
        serviceExternalIP(svc, true),
        ports.length > 0 ? ports : '<none>',
        translateTimestampSince(svc.metadata.creationTimestamp, now),
        formatLabels(svc.spec?.selector),
      ],
    };
  },
};
