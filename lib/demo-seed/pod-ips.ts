/**
 * Pod IPs per simulated node, as a node's CNI would hand them out: each node has its own pod CIDR
 * (10.244.<n>.0/24), an address is never given twice, and addresses of pods that are gone come back.
 */
import { cidrContains, formatIpv4, parseIpv4, parseIpv4Cidr, type Ipv4Cidr } from '../cluster/allocators/ipv4';

export class PodIPs {
  private readonly cidrs = new Map<string, Ipv4Cidr>();
  /** node → pod key → address (as a number). */
  private readonly used = new Map<string, Map<string, number>>();

  addNode(node: string, podCIDR: string): void {
    this.cidrs.set(node, parseIpv4Cidr(podCIDR));
    if (!this.used.has(node)) this.used.set(node, new Map());
  }

  /** Records the address a pod already has (ignored when outside the node's CIDR). */
  hold(node: string, key: string, ip: string | undefined): void {
    const cidr = this.cidrs.get(node);
    const n = parseIpv4(ip ?? '');
    if (!cidr || n === undefined || !cidrContains(cidr, n)) return;
    this.used.get(node)?.set(key, n);
  }

  release(key: string): void {
    for (const pods of this.used.values()) pods.delete(key);
  }

  /** The pod's address on `node`: the one it holds, else the lowest free one (from .2), else undefined (full). */
  take(node: string, key: string): string | undefined {
    const cidr = this.cidrs.get(node);
    const pods = this.used.get(node);
    if (!cidr || !pods) return undefined;
    const held = pods.get(key);
    if (held !== undefined) return formatIpv4(held);
    const taken = new Set(pods.values());
    for (let n = cidr.base + 2; n < cidr.base + cidr.size - 1; n++) {
      if (!taken.has(n)) {
        pods.set(key, n);
        return formatIpv4(n);
      }
    }
    return undefined;
  }
}
