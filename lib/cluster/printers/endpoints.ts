/** `kubectl get endpoints`: NAME ENDPOINTS AGE (formatEndpoints: at most 3, then `+ N more...`). */
import type { Endpoints } from '../../k8s/types/discovery';
import { ageColumn, column, nameColumn, translateTimestampSince, type ResourcePrinter } from './common';

const SUBSETS_DESCRIPTION =
  'The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service.';

/** net.JoinHostPort: IPv6 hosts in brackets. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** formatEndpoints(endpoints, nil): ready addresses only, `ip:port` per port. */
export function formatEndpoints(ep: Endpoints): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses = ss.addresses ?? [];
    const ports = ss.ports ?? [];
    if (ports.length === 0) {
      // Headless services may have no ports.
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const port of ports) {
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(joinHostPort(a.ip, port.port));
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

export const endpointsPrinter: ResourcePrinter = {
  columns: [nameColumn(), column('Endpoints', 'string', SUBSETS_DESCRIPTION), ageColumn()],
  row(obj, now) {
    const ep = obj as Endpoints;
    return { cells: [ep.metadata.name ?? '', formatEndpoints(ep), translateTimestampSince(ep.metadata.creationTimestamp, now)] };
  },
};
