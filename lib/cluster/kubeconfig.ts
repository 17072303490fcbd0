/**
 * The kubeconfig of a running embedded cluster: cluster `porthole-embedded` (https with the
 * self-signed certificate as CA, since client-go sends tokens only over TLS), one user per identity
 * (its bearer token) and one context per identity (`porthole-<name>`), the admin's current.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import type { Identity } from './auth';

export const CLUSTER_NAME = 'porthole-embedded';

/** The namespace a context starts in: the one an identity's namespaced rules name, else `default`. */
function namespaceOf(identity: Identity): string {
  for (const rule of identity.rules ?? []) {
    if (rule.namespaces?.length) return rule.namespaces[0];
  }
  return 'default';
}

/** `clusterName`: the kubeconfig's cluster entry (the tests' real kube-apiserver gets the same identities under another name). */
export function kubeconfigYaml(url: string, identities: readonly Identity[], caCertificate?: string, current = 'admin', clusterName = CLUSTER_NAME): string {
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [
      {
        name: clusterName,
        cluster: caCertificate ? { server: url, 'certificate-authority-data': Buffer.from(caCertificate).toString('base64') } : { server: url },
      },
    ],
    users: identities.map((i) => ({ name: i.name, user: { token: i.token } })),
    contexts: identities.map((i) => ({
      name: `porthole-${i.name}`,
      context: { cluster: clusterName, user: i.name, namespace: namespaceOf(i) },
    })),
    'current-context': `porthole-${identities.some((i) => i.name === current) ? current : (identities[0]?.name ?? current)}`,
  };
  return stringify(config);
}

/** Writes the kubeconfig (mode 0600, as it holds tokens), creating its directory. */
export function writeKubeconfigFile(path: string, url: string, identities: readonly Identity[], caCertificate?: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, kubeconfigYaml(url, identities, caCertificate), { mode: 0o600 });
}
