/** Pods for the browser tests of the selector builder and the guided flow, created as the admin. */
import { expect } from '@playwright/test';
import type { ContainerPort, Pod } from '../lib/k8s/types';
import { sharedApi } from './support';

export function pod(ns: string, name: string, labels: Record<string, string>, ports: ContainerPort[]): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, labels },
    spec: { containers: [{ name: 'app', image: 'ghcr.io/example/app:1.0', ports }] },
  };
}

/** Creates the pods (kept when they exist) and waits until the simulated nodes run them. */
export async function createRunning(pods: Pod[]): Promise<void> {
  const api = sharedApi();
  for (const p of pods) {
    const r = await api.request('POST', `/api/v1/namespaces/${p.metadata.namespace}/pods`, p);
    if (r.status !== 201 && r.status !== 409) throw new Error(`pod ${p.metadata.name}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  for (const p of pods) {
    await expect
      .poll(async () => ((await api.request('GET', `/api/v1/namespaces/${p.metadata.namespace}/pods/${p.metadata.name}`)).body as Pod).status?.phase, { timeout: 20_000 })
      .toBe('Running');
  }
}
