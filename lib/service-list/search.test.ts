import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { buildRows } from './rows';
import { filterAndCount, filterRows, nameRank, parseSearch } from './search';
import { sortRows } from './sort';
import { DEFAULT_VIEW, parseViewState, ranksByMatch, serializeViewState, shownSort, toggleSort } from './url-state';

/** Demo-like Services: every one carries the recommended `app.kubernetes.io/*` labels. */
const svc = (name: string, namespace: string, labels: Record<string, string>, spec: Service['spec'] = {}): Service => ({
  metadata: { name, namespace, labels, creationTimestamp: '2026-01-01T00:00:00Z' },
  spec: { type: 'ClusterIP', clusterIP: '10.96.0.50', clusterIPs: ['10.96.0.50'], ports: [{ port: 80, protocol: 'TCP' }], ...spec },
});
const recommended = (name: string, partOf: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': partOf });

const services: Service[] = [
  svc('kubernetes', 'default', { component: 'apiserver', provider: 'kubernetes' }, { clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'], ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }] }),
  svc('kube-dns', 'kube-system', { 'k8s-app': 'kube-dns', 'kubernetes.io/name': 'CoreDNS' }, { selector: { 'k8s-app': 'kube-dns' } }),
  svc('cart', 'shop', { ...recommended('cart', 'shop'), app: 'cart' }, { selector: { app: 'cart' } }),
  svc('cart-redis', 'shop', { ...recommended('redis', 'shop'), app: 'cart-redis' }, { selector: { app: 'cart-redis' } }),
  svc('my-cart', 'shop', { ...recommended('my-cart', 'shop') }, { selector: { app: 'cart' } }),
  svc('checkout', 'shop', { ...recommended('checkout', 'shop'), app: 'checkout', tier: 'backend' }, { selector: { app: 'checkout' } }),
  svc('frontend', 'shop', { ...recommended('frontend', 'shop'), app: 'frontend', tier: 'web' }, { type: 'LoadBalancer', selector: { app: 'frontend' } }),
  svc('name-server', 'ops', {}, { type: 'ExternalName', externalName: 'ns1.example.com', clusterIP: undefined, clusterIPs: undefined }),
];
const rows = sortRows(buildRows(services, new Map()).rows, 'name', 'asc');
const names = (r: { name: string }[]) => r.map((x) => x.name);
const search = (q: string, rank = true) => names(filterAndCount(rows, q, [], false, rank).rows);

describe('free text matches values, not label keys', () => {
  it('finds only the kubernetes Service for "kubernetes", although every Service has app.kubernetes.io/* keys', () => {
    expect(search('kubernetes')).toEqual(['kubernetes']);
    expect(search('Kubernetes')).toEqual(['kubernetes']);
  });
  it('does not match key fragments ("app", "name", "part-of")', () => {
    expect(search('part-of')).toEqual([]);
    // "name" is in the name-server Service's name and in the ExternalName type, never through a key.
    expect(search('name')).toEqual(['name-server']);
  });
  it('matches label and selector values, IPs, ports and external addresses', () => {
    expect(search('coredns')).toEqual(['kube-dns']);
    expect(search('backend')).toEqual(['checkout']);
    expect(search('10.96.0.1')).toEqual(['kubernetes']);
    expect(search('6443')).toEqual(['kubernetes']);
    expect(search('example.com')).toEqual(['name-server']);
    expect(search('shop web')).toEqual(['frontend']);
  });
});

describe('label terms', () => {
  it('app=cart: exactly that label or selector value, not app=cart-redis', () => {
    expect(search('app=cart')).toEqual(['cart', 'my-cart']);
    expect(search('app.kubernetes.io/name=redis')).toEqual(['cart-redis']);
    expect(search('App=cart')).toEqual([]);
  });
  it('key!=value: the label is missing or different', () => {
    expect(search('app!=cart')).toEqual(['checkout', 'cart-redis', 'frontend', 'kube-dns', 'kubernetes', 'my-cart', 'name-server'].sort());
  });
  it('bare key: has the label (exact, case-sensitive key) or the word as free text', () => {
    expect(search('tier')).toEqual(['checkout', 'frontend']);
    expect(search('app.kubernetes.io/part-of')).toEqual(['cart', 'cart-redis', 'checkout', 'frontend', 'my-cart']);
    expect(search('Tier')).toEqual([]);
  });
  it('!key: lacks the label', () => {
    expect(search('!tier')).toEqual(['cart', 'cart-redis', 'kube-dns', 'kubernetes', 'my-cart', 'name-server']);
    expect(search('!app.kubernetes.io/name')).toEqual(['kube-dns', 'kubernetes', 'name-server']);
    expect(search('!app shop')).toEqual(['my-cart']);
  });
  it('parses unfinished terms while typing without losing the rows', () => {
    expect(parseSearch('app!=')).toEqual([]);
    expect(search('app=')).toEqual(['cart', 'cart-redis', 'checkout', 'frontend', 'my-cart']);
    expect(parseSearch('!')).toEqual([{ kind: 'text', text: '!' }]);
  });
});

describe('ranking by name match', () => {
  it('puts the exact name first, then prefixes, then substrings, then other matches', () => {
    expect(search('cart')).toEqual(['cart', 'cart-redis', 'my-cart']);
    // Without ranking the list keeps its (name) order.
    expect(search('cart', false)).toEqual(['cart', 'cart-redis', 'my-cart']);
    expect(search('kube')).toEqual(['kube-dns', 'kubernetes']);
    expect(search('dns')).toEqual(['kube-dns']);
  });
  it('ranks the typed Service above Services matching through labels, namespace or IPs', () => {
    const more = sortRows(
      buildRows(
        [
          svc('a-frontend-proxy', 'shop', { app: 'frontend' }),
          svc('edge', 'frontend', {}),
          svc('frontend', 'shop', { app: 'frontend' }),
          svc('frontend-canary', 'shop', { app: 'frontend' }),
        ],
        new Map(),
      ).rows,
      'name',
      'asc',
    );
    expect(names(filterAndCount(more, 'frontend', [], false, true).rows)).toEqual(['frontend', 'frontend-canary', 'a-frontend-proxy', 'edge']);
    expect(names(filterAndCount(more, 'frontend', [], false, false).rows)).toEqual(['a-frontend-proxy', 'edge', 'frontend', 'frontend-canary']);
    expect(nameRank(more[0], ['zzz', 'a-frontend-proxy'])).toBe(0);
  });
  it('filterRows keeps the given order (no ranking)', () => {
    expect(names(filterRows(rows, 'cart', []))).toEqual(['cart', 'cart-redis', 'my-cart']);
  });
});

describe('ranking in the view state', () => {
  it('ranks by match only with free text and no chosen column', () => {
    expect(ranksByMatch({ ...DEFAULT_VIEW, q: 'cart' })).toBe(true);
    expect(ranksByMatch({ ...DEFAULT_VIEW, q: 'app=cart' })).toBe(false);
    expect(ranksByMatch({ ...DEFAULT_VIEW, q: 'cart', sort: 'name' })).toBe(false);
    expect(shownSort({ ...DEFAULT_VIEW, q: 'cart' })).toBeUndefined();
    expect(shownSort(DEFAULT_VIEW)).toBe('name');
  });
  it('a chosen column is in the URL (even name ascending) and survives a reload', () => {
    const chosen = toggleSort({ ...DEFAULT_VIEW, q: 'cart' }, 'name');
    expect(chosen).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(serializeViewState(chosen)).toBe('?q=cart&sort=name');
    expect(parseViewState(new URLSearchParams('q=cart&sort=name'))).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(parseViewState(new URLSearchParams('q=cart')).sort).toBeUndefined();
    // Without a search, the Name header is the one shown sorted: clicking it flips to descending.
    expect(toggleSort(DEFAULT_VIEW, 'name')).toMatchObject({ sort: 'name', dir: 'desc' });
  });
});
