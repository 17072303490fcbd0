/**
 * What the list's Endpoints column says about a Service, in the words of the detail page's diagnosis
 * (lib/service-insight/diagnosis-rules.ts): the list flags every Service the diagnosis calls broken
 * that its data (Services + one list of EndpointSlices) can tell. Pure.
 */
import type { ServiceRow } from './rows';

/** all: every endpoint ready; some: part; none: nothing receives traffic; na: no endpoints by design. */
export type EndpointTone = 'all' | 'some' | 'none' | 'na';

export interface EndpointStatus {
  text: string;
  tone: EndpointTone;
  title: string;
}

export function endpointStatus(row: Pick<ServiceRow, 'type' | 'selector' | 'endpoints' | 'ports' | 'external'>): EndpointStatus {
  if (row.type === 'ExternalName') {
    return { text: 'n/a', tone: 'na', title: `No endpoints by design: DNS answers with a CNAME to ${row.external}` };
  }
  const ep = row.endpoints;
  const hasSelector = row.selector !== '';
  if (!ep) {
    return hasSelector
      ? { text: '0/0', tone: 'none', title: 'No pod matches the selector' }
      : { text: 'none', tone: 'none', title: 'No selector and no EndpointSlices: nothing receives the traffic' };
  }
  const count = `${ep.ready}/${ep.total}`;
  if (ep.total === 0) {
    return {
      text: count,
      tone: 'none',
      title: hasSelector ? 'No pod matches the selector' : 'No selector, and the hand-managed EndpointSlices list no endpoint',
    };
  }
  if (ep.ready === 0) {
    return {
      text: count,
      tone: 'none',
      title: hasSelector ? `None of the ${ep.total} endpoints is ready` : 'No selector, and the hand-managed EndpointSlices list no ready endpoint',
    };
  }
  if (ep.noPorts && row.ports.length > 0) {
    return {
      text: count,
      tone: 'none',
      title: `The EndpointSlices list no ports: their ${ep.ready} ready endpoint(s) serve nothing (is the targetPort declared by the pods?)`,
    };
  }
  const how = hasSelector ? '' : ' (no selector: EndpointSlices managed outside the EndpointSlice controller)';
  return { text: count, tone: ep.ready === ep.total ? 'all' : 'some', title: `${ep.ready} of ${ep.total} endpoints ready${how}` };
}
