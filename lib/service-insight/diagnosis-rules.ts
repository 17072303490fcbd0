/** The individual diagnosis rules (see diagnosis.ts). Each returns findings with severity, title, explanation and fix. Pure. */
import type { EndpointSlice, Endpoints, Event, Pod, Service } from '../k8s/types';
import { selectorText } from '../service/display';
import type { Finding } from './diagnosis';
import { allEndpoints, countEndpointViews, ENDPOINTSLICE_MIRRORING_CONTROLLER, groupSlices, legacyEndpointViews, SERVICE_NAME_LABEL } from './endpoints';
import { eventsNewestFirst } from './events';
import { isLoadBalancerEvent, loadBalancerState } from './load-balancer';
import { nearMisses } from './near-miss';
import { podNotReadyReason, podReady, podTerminal } from './pods';
import { effectiveTargetPort, resolveTargetPort } from './target-port';

const IPV4_RE = /^(\d{1,3}\.){3}\d{1,3}$/;

export function externalNameRules(svc: Service): Finding[] {
  const target = svc.spec?.externalName ?? '';
  const out: Finding[] = [
    {
      id: 'external-name',
      severity: 'info',
      title: `No endpoints by design: DNS answers with a CNAME to ${target}`,
      explanation:
        'An ExternalName Service has no selector, no cluster IP and no endpoints. Cluster DNS returns a CNAME record; clients connect to the external name directly, on the port they ask for (ports are not remapped).',
      fix: 'Nothing to fix. For HTTP or TLS, remember the client sends the Service name, not the external name, as Host / SNI.',
    },
  ];
  if (IPV4_RE.test(target)) {
    out.push({
      id: 'external-name-ip',
      severity: 'warning',
      title: `externalName ${target} looks like an IPv4 address`,
      explanation: 'ExternalName is treated as a DNS name made of digits, not as an IP address; DNS servers do not resolve such names.',
      fix: 'To point a Service at a fixed IP, use a Service without a selector and an EndpointSlice (or a headless Service) holding that address.',
    });
  }
  return out;
}

export function noSelectorRules(svc: Service, slices: readonly EndpointSlice[] | undefined, endpoints: Endpoints | null | undefined): Finding[] {
  const name = svc.metadata.name ?? '';
  const ns = svc.metadata.namespace ?? 'default';
  const legacy = legacyEndpointViews(endpoints);
  if (slices && slices.length > 0) {
    const counts = countEndpointViews(allEndpoints(groupSlices(slices)));
    const managers = [...new Set(slices.map((s) => s.metadata.labels?.['endpointslice.kubernetes.io/managed-by'] || 'no managed-by label'))].join(', ');
    if (counts.ready === 0) {
      return [
        {
          id: 'no-selector-manual-endpoints-none-ready',
          severity: 'error',
          title: 'No selector, and the hand-managed EndpointSlices list no ready endpoint',
          explanation: `This Service has no selector, so the EndpointSlice controller leaves it alone. Its ${slices.length} EndpointSlice(s) (managed by ${managers}) hold ${counts.total} endpoint(s), none ready.`,
          fix: 'Add ready endpoints to the EndpointSlice (conditions.ready: true), or give the Service a selector that matches your pods.',
        },
      ];
    }
    const servicePorts = (svc.spec?.ports?.length ?? 0) > 0;
    const usable = countEndpointViews(allEndpoints(groupSlices(slices)), servicePorts).usable;
    if (usable === 0) {
      return [
        {
          id: 'no-selector-manual-endpoints-none-ready',
          severity: 'error',
          title: `No selector, and the hand-managed EndpointSlices list no ports: their ${counts.ready} ready endpoint(s) serve nothing`,
          explanation: `kube-proxy forwards a Service port only to endpoints whose EndpointSlice lists a port of the same name. The EndpointSlice(s) of this Service (managed by ${managers}) have ports: [], so traffic has nowhere to go.`,
          fix: `Add the ports (named like the Service ports: ${(svc.spec?.ports ?? []).map((p) => p.name || '""').join(', ')}) to the EndpointSlice(s).`,
        },
      ];
    }
    if (ns === 'default' && name === 'kubernetes') {
      return [
        {
          id: 'no-selector-manual-endpoints',
          severity: 'info',
          title: `The API server's own Service: its endpoints are the API server addresses (${counts.ready} ready)`,
          explanation: 'The kubernetes Service has no selector: every API server keeps its own address in this EndpointSlice (the endpoint reconciler), so pods reach the API at kubernetes.default.svc.',
          fix: 'Nothing to fix.',
        },
      ];
    }
    const mirrored = slices.every((s) => s.metadata.labels?.['endpointslice.kubernetes.io/managed-by'] === ENDPOINTSLICE_MIRRORING_CONTROLLER);
    return [
      {
        id: 'no-selector-manual-endpoints',
        severity: 'info',
        title: `No selector: endpoints are managed by hand (${counts.ready} ready)`,
        explanation: `This Service has no selector, so the EndpointSlice controller does not manage its endpoints. ${slices.length} EndpointSlice(s) labelled ${SERVICE_NAME_LABEL}=${name} (managed by ${managers}) provide them${mirrored ? ', mirrored from the Endpoints object of the same name' : ''}.`,
        fix: mirrored
          ? `Keep the Endpoints object ${name} up to date (the mirroring controller copies it into EndpointSlices), or give the Service a selector.`
          : 'Keep those EndpointSlices up to date yourself (or with the tool that manages them).',
      },
    ];
  }
  if (legacy.length > 0) {
    const ready = legacy.filter((e) => e.ready).length;
    if (slices === undefined) {
      return [
        {
          id: 'no-selector-manual-endpoints',
          severity: ready > 0 ? 'info' : 'error',
          title: `No selector: endpoints are managed by hand in the Endpoints object (${ready} ready)`,
          explanation: 'This cluster serves no EndpointSlice API; the legacy Endpoints object of the same name lists the addresses.',
          fix: ready > 0 ? 'Keep the Endpoints object up to date yourself.' : 'Add ready addresses to the Endpoints object.',
        },
      ];
    }
    return [
      {
        id: 'no-selector-legacy-endpoints-only',
        severity: 'warning',
        title: `No selector and no EndpointSlices: only a legacy Endpoints object (${ready} ready address${ready === 1 ? '' : 'es'})`,
        explanation:
          'kube-proxy and most Service consumers read EndpointSlices. A real cluster mirrors a hand-made Endpoints object into EndpointSlices (endpointslicemirroring-controller); here no EndpointSlice exists for this Service, so those addresses may receive no traffic.',
        fix: `Create an EndpointSlice labelled ${SERVICE_NAME_LABEL}=${name} in ${ns} with these addresses, or give the Service a selector.`,
        items: legacy.map((e) => `${e.addresses.join(', ')}${e.ready ? '' : ' (not ready)'}`),
      },
    ];
  }
  return [
    {
      id: 'no-selector-no-endpoints',
      severity: 'error',
      title: 'No selector and no EndpointSlices: nothing receives the traffic',
      explanation:
        'Without a selector the EndpointSlice controller creates no endpoints for this Service, and nobody has created EndpointSlices for it by hand. Connections to it fail.',
      fix: `Add a selector that matches your pods (spec.selector), or create an EndpointSlice labelled ${SERVICE_NAME_LABEL}=${name} listing the backend addresses.`,
    },
  ];
}

export function selectorRule(svc: Service, pods: readonly Pod[]): Finding {
  const ns = svc.metadata.namespace ?? 'default';
  const misses = nearMisses(svc, pods);
  const selector = selectorText(svc);
  const fix = misses.length
    ? misses
        .map((m) =>
          m.actual === undefined
            ? `Pod ${m.pod} lacks the label ${m.key} (the selector wants ${m.key}=${m.wanted}): add it to the pod template, or drop ${m.key} from the selector.`
            : `Pod ${m.pod} has ${m.key}=${m.actual} where the selector wants ${m.key}=${m.wanted}: fix the label in the pod template, or change the selector to ${m.key}=${m.actual}.`,
        )
        .join(' ')
    : `Compare the selector with the pods' labels (kubectl get pods -n ${ns} --show-labels) and make them agree.`;
  return {
    id: 'selector-matches-nothing',
    severity: 'error',
    title: `The selector ${selector} matches no pods in ${ns}`,
    explanation: misses.length
      ? `No pod carries all of these labels, so the Service has no endpoints. ${misses.length === 1 ? 'One pod misses' : `${misses.length} pods miss`} by exactly one label.`
      : 'No pod carries all of these labels, so the Service has no endpoints and connections to it fail.',
    fix,
    nearMisses: misses,
  };
}

export function readinessRules(svc: Service, matched: readonly Pod[]): Finding[] {
  const live = matched.filter((p) => !podTerminal(p));
  const notReady = live.filter((p) => !podReady(p));
  const ready = live.length - notReady.length;
  const items = notReady.map((p) => `${p.metadata.name ?? ''}: ${podNotReadyReason(p)}`);
  if (svc.spec?.publishNotReadyAddresses) return [];
  if (ready === 0) {
    return [
      {
        id: 'no-ready-pods',
        severity: 'error',
        title: matched.length === 1 ? '1 pod matches, but it is not ready' : `${matched.length} pods match, but none is ready`,
        explanation:
          'Only ready pods receive Service traffic; the others are listed as not-ready endpoints (ready: false). Until one passes its readiness checks, connections have nowhere to go.',
        fix: 'Find out why the pods are not ready (kubectl describe pod: readiness probe, failing container, unmet readiness gates). If clients must reach pods before they are ready (e.g. StatefulSet peers discovering each other), set publishNotReadyAddresses: true.',
        items,
      },
    ];
  }
  if (notReady.length > 0) {
    return [
      {
        id: 'some-pods-not-ready',
        severity: 'info',
        title: `${ready} of ${live.length} matched pods ready`,
        explanation: 'Traffic goes only to the ready pods; the others are not-ready endpoints.',
        items,
      },
    ];
  }
  return [];
}

export function targetPortRules(svc: Service, matched: readonly Pod[]): Finding[] {
  const out: Finding[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const target = effectiveTargetPort(sp);
    const results = matched.map((pod) => ({ pod, r: resolveTargetPort(sp, pod) }));
    const label = `port ${sp.port}${sp.name ? ` (${sp.name})` : ''}`;
    if (typeof target === 'string') {
      const missing = results.filter((x) => x.r.kind === 'unresolved');
      if (missing.length === 0) continue;
      const all = missing.length === matched.length;
      out.push({
        id: 'named-target-port-missing',
        severity: all ? 'error' : 'warning',
        affects: { kind: 'port', port: sp.port, label },
        title: `targetPort "${target}" of ${label} is not declared by ${missing.length} of ${matched.length} matched pods`,
        explanation: `A named targetPort resolves, on each pod, to the container port with that name and protocol (${sp.protocol ?? 'TCP'}). Pods that do not declare it get no endpoint port for ${label}${all ? ', so traffic to it has nowhere to go' : ''}.`,
        fix: `Name the container port "${target}" in the pod template, or set targetPort to the name or number the pods listen on.`,
        items: missing.map((x) => `${x.pod.metadata.name ?? ''}: ${x.r.kind === 'unresolved' ? x.r.reason : ''}`),
      });
    } else {
      const undeclared = results.filter((x) => x.r.kind === 'number' && !x.r.declaredBy);
      if (undeclared.length !== matched.length) continue;
      const declared = [...new Set(matched.flatMap((p) => (p.spec?.containers ?? []).flatMap((c) => (c.ports ?? []).map((cp) => `${cp.name ? `${cp.name} ` : ''}${cp.containerPort}/${cp.protocol ?? 'TCP'}`))))];
      out.push({
        id: 'numeric-target-port-undeclared',
        severity: 'warning',
        title: `No container declares port ${target}/${sp.protocol ?? 'TCP'}, the targetPort of ${label}`,
        explanation: `A numeric targetPort is used as it is, declared or not: traffic reaches the pods on ${target} and works only if the process listens there. No matched pod declares it, which often means the targetPort is wrong.`,
        fix: `Check the port the containers listen on${declared.length ? ` (declared: ${declared.join(', ')})` : ''} and set targetPort to it, or declare ${target} in the pod template.`,
      });
    }
  }
  return out;
}

export function publishNotReadyRule(svc: Service, matched: readonly Pod[]): Finding[] {
  if (!svc.spec?.publishNotReadyAddresses) return [];
  const notReady = matched.filter((p) => !podTerminal(p) && !podReady(p));
  return [
    {
      id: 'publish-not-ready',
      severity: 'info',
      title: 'publishNotReadyAddresses is in effect',
      explanation: `Every matched pod is published as a ready endpoint (and in DNS) whether it passes readiness checks or not${notReady.length ? `: ${notReady.length} not-ready pod(s) receive traffic now` : ''}. Meant for StatefulSet peers that must find each other before they are ready.`,
      fix: 'If clients should only reach ready pods, set publishNotReadyAddresses: false.',
      items: notReady.map((p) => `${p.metadata.name ?? ''}: ${podNotReadyReason(p)}`),
    },
  ];
}

export function loadBalancerRules(svc: Service, events: readonly Event[]): Finding[] {
  const state = loadBalancerState(svc, events);
  if (state.kind !== 'pending') return [];
  if (state.loadBalancerClass && !state.controllerActed) {
    return [
      {
        id: 'lb-no-controller-for-class',
        severity: 'error',
        affects: { kind: 'external', what: 'no external address: the load balancer is pending' },
        title: `Load balancer pending: no controller serves loadBalancerClass "${state.loadBalancerClass}"`,
        explanation: `${state.reason} The Service works inside the cluster (cluster IP${svc.spec?.allocateLoadBalancerNodePorts === false ? '' : ' and node ports'}), but gets no external address.`,
        fix: `Install or configure the load balancer implementation for "${state.loadBalancerClass}", or remove spec.loadBalancerClass (it can only be set when the Service is created or becomes a LoadBalancer: recreate it) so the default controller provisions it.`,
      },
    ];
  }
  return [
    {
      id: 'lb-pending',
      severity: 'warning',
      affects: { kind: 'external', what: 'no external address yet: the load balancer is pending' },
      title: 'Load balancer pending: no external address yet',
      explanation: `${state.reason} Inside the cluster the Service already works through its cluster IP.`,
      fix: state.event?.type === 'Warning' ? 'Fix what the event above reports (e.g. free addresses in the pool, cloud quota), then the controller retries.' : 'Wait for the controller; if it never finishes, check that a load balancer controller runs in this cluster.',
    },
  ];
}

/**
 * Warning events about the Service that no other rule explains (load-balancer events are the LB
 * rules' business): one finding listing them, newest first, so the verdict reflects them.
 */
export function warningEventsRule(events: readonly Event[]): Finding[] {
  const warnings = eventsNewestFirst(events.filter((e) => e.type === 'Warning' && !isLoadBalancerEvent(e)));
  if (warnings.length === 0) return [];
  const reasons = [...new Set(warnings.map((e) => e.reason ?? ''))].filter(Boolean);
  return [
    {
      id: 'warning-events',
      severity: 'warning',
      title: `${warnings.length} Warning event${warnings.length === 1 ? '' : 's'} for this Service${reasons.length ? ` (${reasons.join(', ')})` : ''}`,
      explanation: 'A controller reported a problem with this Service. Events may describe a problem that has since been fixed; they expire after an hour on most clusters.',
      fix: 'Read the events below (newest first) and fix what they report.',
      items: warnings.map((e) => `${e.reason ?? ''}: ${e.message ?? ''}${(e.count ?? 1) > 1 ? ` (×${e.count})` : ''}`),
    },
  ];
}
