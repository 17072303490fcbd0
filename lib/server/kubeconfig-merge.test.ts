import { describe, expect, it } from 'vitest';
import type { Cluster, Context, User } from '@kubernetes/client-node';
import { deriveClusters, kubeconfigPaths, mergeKubeconfigs, withFreeNames, type KubeconfigFile } from './kubeconfig-merge';

const cluster = (name: string, server: string): Cluster => ({ name, server, skipTLSVerify: false });
const user = (name: string, token: string): User => ({ name, token });
const context = (name: string, clusterName: string, userName: string, namespace?: string): Context => ({ name, cluster: clusterName, user: userName, namespace });

function file(path: string, parts: Partial<KubeconfigFile>): KubeconfigFile {
  return { path, source: 'kubeconfig', clusters: [], users: [], contexts: [], currentContext: '', ...parts };
}

describe('mergeKubeconfigs (kubectl rules)', () => {
  const a = file('a', {
    clusters: [cluster('prod', 'https://prod.example:6443'), cluster('shared', 'https://from-a:6443')],
    users: [user('alice', 'token-a'), user('ops', 'ops-a')],
    contexts: [context('prod-admin', 'prod', 'ops'), context('shared-ctx', 'shared', 'alice', 'team-a')],
    currentContext: '',
  });
  const b = file('b', {
    clusters: [cluster('shared', 'https://from-b:6443'), cluster('staging', 'https://staging.example:6443')],
    users: [user('alice', 'token-b'), user('bob', 'token-bob')],
    contexts: [context('shared-ctx', 'staging', 'bob'), context('staging-bob', 'staging', 'bob')],
    currentContext: 'staging-bob',
  });
  const c = file('c', { currentContext: 'prod-admin' });

  it('keeps the first file’s entry for a name set twice: clusters, users and contexts alike', () => {
    const merged = mergeKubeconfigs([a, b]);
    expect(merged.clusters.map((x) => [x.name, x.server])).toEqual([
      ['prod', 'https://prod.example:6443'],
      ['shared', 'https://from-a:6443'],
      ['staging', 'https://staging.example:6443'],
    ]);
    expect(merged.users.map((x) => [x.name, x.token])).toEqual([
      ['alice', 'token-a'],
      ['ops', 'ops-a'],
      ['bob', 'token-bob'],
    ]);
    expect(merged.contexts.find((x) => x.name === 'shared-ctx')).toEqual(context('shared-ctx', 'shared', 'alice', 'team-a'));
    expect(merged.contexts.map((x) => x.name)).toEqual(['prod-admin', 'shared-ctx', 'staging-bob']);
  });

  it('takes current-context from the first file that sets one', () => {
    expect(mergeKubeconfigs([a, b, c]).currentContext).toBe('staging-bob');
    expect(mergeKubeconfigs([c, b]).currentContext).toBe('prod-admin');
    expect(mergeKubeconfigs([a]).currentContext).toBe('');
  });

  it('remembers each cluster’s source from the file that won', () => {
    const embedded = file('e', { source: 'embedded', clusters: [cluster('prod', 'http://127.0.0.1:1'), cluster('porthole-embedded', 'http://127.0.0.1:2')] });
    expect(mergeKubeconfigs([a, embedded]).clusterSource).toEqual({ prod: 'kubeconfig', shared: 'kubeconfig', 'porthole-embedded': 'embedded' });
  });
});

describe('deriveClusters', () => {
  const merged = mergeKubeconfigs([
    file('a', {
      clusters: [cluster('prod', 'https://prod:6443'), cluster('orphan', 'https://nobody:6443'), cluster('staging', 'https://staging:6443')],
      users: [user('u', 't')],
      contexts: [context('prod-view', 'prod', 'u'), context('prod-admin', 'prod', 'u'), context('staging', 'staging', 'u'), context('dangling', 'gone', 'u')],
      currentContext: 'prod-admin',
    }),
  ]);

  it('offers each cluster at least one context reaches, with its contexts, and the current context’s cluster as default', () => {
    expect(deriveClusters(merged)).toEqual([
      { name: 'prod', server: 'https://prod:6443', source: 'kubeconfig', contexts: ['prod-view', 'prod-admin'], defaultContext: 'prod-admin', isDefault: true },
      { name: 'staging', server: 'https://staging:6443', source: 'kubeconfig', contexts: ['staging'], defaultContext: 'staging', isDefault: false },
    ]);
  });

  it('--context chooses the default cluster and its default context; other clusters start at their first context', () => {
    const clusters = deriveClusters(merged, 'staging');
    expect(clusters.map((c) => [c.name, c.defaultContext, c.isDefault])).toEqual([
      ['prod', 'prod-view', false],
      ['staging', 'staging', true],
    ]);
  });

  it('refuses a --context the kubeconfig does not have, or one that names no cluster', () => {
    expect(() => deriveClusters(merged, 'nope')).toThrow('context "nope" not found');
    expect(() => deriveClusters(merged, 'dangling')).toThrow('names no cluster');
  });

  it('without a usable current-context the first cluster is the default; no reachable cluster at all is an error', () => {
    const noCurrent = { ...merged, currentContext: 'dangling' };
    expect(deriveClusters(noCurrent).find((c) => c.isDefault)?.name).toBe('prod');
    expect(() => deriveClusters(mergeKubeconfigs([file('x', { clusters: [cluster('lonely', 'https://x')] })]))).toThrow('no context');
  });
});

describe('withFreeNames', () => {
  it('renames the clashing names of an added file and keeps its references consistent', () => {
    const taken = mergeKubeconfigs([file('a', { clusters: [cluster('porthole-embedded', 'https://other:1')], users: [user('admin', 'x')], contexts: [context('porthole-admin', 'porthole-embedded', 'admin')] })]);
    const added = withFreeNames(
      file('e', {
        source: 'embedded',
        clusters: [cluster('porthole-embedded', 'http://127.0.0.1:9')],
        users: [user('admin', 'y'), user('viewer', 'z')],
        contexts: [context('porthole-admin', 'porthole-embedded', 'admin'), context('porthole-viewer', 'porthole-embedded', 'viewer')],
        currentContext: 'porthole-admin',
      }),
      taken,
    );
    expect(added.clusters.map((c) => c.name)).toEqual(['porthole-embedded-2']);
    expect(added.users.map((u) => u.name)).toEqual(['admin-2', 'viewer']);
    expect(added.contexts).toEqual([context('porthole-admin-2', 'porthole-embedded-2', 'admin-2', undefined), context('porthole-viewer', 'porthole-embedded-2', 'viewer', undefined)]);
    expect(added.currentContext).toBe('porthole-admin-2');
    const clusters = deriveClusters(mergeKubeconfigs([{ ...taken, path: 'a', source: 'kubeconfig' }, added]));
    expect(clusters.map((c) => [c.name, c.source])).toEqual([
      ['porthole-embedded', 'kubeconfig'],
      ['porthole-embedded-2', 'embedded'],
    ]);
  });
});

describe('kubeconfigPaths', () => {
  it('splits on the delimiter, drops empty entries and repeats', () => {
    expect(kubeconfigPaths('/a:/b::/a:', ':')).toEqual(['/a', '/b']);
    expect(kubeconfigPaths('C:\\a;C:\\b', ';')).toEqual(['C:\\a', 'C:\\b']);
    expect(kubeconfigPaths(undefined, ':')).toEqual([]);
  });
});
