/** The kubectl commands that match what the detail page shows. Pure. */
import type { Service } from '../k8s/types';
import { portForwardCommand } from '../kubectl-command/service-commands';
import { shellQuote } from '../kubectl-command/shell';
import { selectorText } from '../service/display';
import { DEFAULT_CLUSTER_DOMAIN } from './dns';
import { SERVICE_NAME_LABEL } from './endpoints';

export interface KubectlCommand {
  label: string;
  command: string;
}

/** Local port for port-forward: the Service port when it is unprivileged, else 8080 (or 8000+port). */
export function localForwardPort(port: number): number {
  if (port >= 1024) return port;
  return port === 80 ? 8080 : 8000 + port;
}

export function kubectlCommands(svc: Service, clusterDomain = DEFAULT_CLUSTER_DOMAIN): KubectlCommand[] {
  const name = svc.metadata.name ?? '';
  const ns = svc.metadata.namespace ?? 'default';
  const n = `-n ${shellQuote(ns)}`;
  const out: KubectlCommand[] = [
    { label: 'Show the Service', command: `kubectl get svc ${shellQuote(name)} ${n} -o wide` },
    { label: 'Describe it (with events)', command: `kubectl describe svc ${shellQuote(name)} ${n}` },
    // ExternalName Services have no EndpointSlices by design.
    ...(svc.spec?.type === 'ExternalName' ? [] : [{ label: 'Its EndpointSlices', command: `kubectl get endpointslices ${n} -l ${SERVICE_NAME_LABEL}=${shellQuote(name)}` }]),
  ];
  const selector = selectorText(svc);
  if (selector) out.push({ label: 'The pods its selector matches', command: `kubectl get pods ${n} -l ${shellQuote(selector)} -o wide` });
  const first = svc.spec?.ports?.[0];
  if (svc.spec?.type !== 'ExternalName' && selector && first && (first.protocol ?? 'TCP') === 'TCP') {
    const local = localForwardPort(first.port);
    out.push({ label: `Forward localhost:${local} to port ${first.port}`, command: portForwardCommand(name, local, first.port, { namespace: ns }).text });
  }
  if (svc.spec?.type !== 'ExternalName' && first) {
    out.push({
      label: 'Try it from a pod in the cluster',
      command: `kubectl run -it --rm porthole-probe ${n} --image=busybox:1.36 --restart=Never -- nc -zv -w 3 ${shellQuote(`${name}.${ns}`)} ${first.port}`,
    });
  }
  out.push({
    label: 'Resolve its DNS name',
    command: `kubectl run -it --rm porthole-dns ${n} --image=busybox:1.36 --restart=Never -- nslookup ${shellQuote(`${name}.${ns}.svc.${clusterDomain}`)}`,
  });
  return out;
}
