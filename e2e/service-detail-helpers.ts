/**
 * Helpers shared by the Service detail specs: open a detail page and wait for the diagnosis, find a
 * finding, create pods / objects (recreated when they exist), flip pod readiness as a kubelet would.
 */
import { expect, type Page } from '@playwright/test';
import type { Pod } from '../lib/k8s/types';
import { env, sharedApi } from './support';

export const api = sharedApi();
export const NS = 'e2e-detail';
export const SECTIONS = ['overview', 'status', 'ports', 'reach', 'traffic', 'pods', 'events'];

export async function open(page: Page, ns: string, name: string): Promise<void> {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/${ns}/${name}`);
  await expect(page.getByTestId('service-name')).toHaveText(name);
  // The diagnosis waits for every input (Service, pods, slices, endpoints, events).
  await expect(page.locator('[data-testid=diagnosis]:not([aria-busy])')).toBeVisible();
}

export const finding = (page: Page, rule: string) => page.locator(`[data-testid=finding][data-rule="${rule}"]`);

export async function expectAllSections(page: Page): Promise<void> {
  for (const id of SECTIONS) await expect(page.getByTestId(`section-${id}`)).toBeVisible();
}

export function flipPod(name: string, labels: Record<string, string>): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: NS, labels, annotations: { 'porthole.dev/ready': 'false' } },
    spec: { containers: [{ name: 'app', image: 'ghcr.io/example/app:1.0', ports: [{ name: 'http', containerPort: 8080 }] }] },
  };
}

export async function recreate(path: string, body: unknown): Promise<void> {
  await api.request('DELETE', `${path}/${(body as { metadata: { name: string } }).metadata.name}?gracePeriodSeconds=0`);
  for (let i = 0; i < 50; i++) {
    const r = await api.request('POST', path, body);
    if (r.status === 201) return;
    if (r.status !== 409) throw new Error(`create ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`create ${path}: still exists`);
}

/** Sets the pod's Ready and ContainersReady conditions through pods/status, as a kubelet would. */
export async function setReady(name: string, ready: boolean): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pod = (await api.request('GET', `/api/v1/namespaces/${NS}/pods/${name}`)).body as Pod;
    const status = ready ? 'True' : 'False';
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    pod.status = {
      ...pod.status,
      conditions: (pod.status?.conditions ?? []).map((c) =>
        c.type === 'Ready' || c.type === 'ContainersReady' ? { type: c.type, status, lastProbeTime: null, lastTransitionTime: now } : c,
      ),
      containerStatuses: (pod.status?.containerStatuses ?? []).map((c) => ({ ...c, ready })),
    };
    const r = await api.request('PUT', `/api/v1/namespaces/${NS}/pods/${name}/status`, pod);
    if (r.status === 200) return;
    if (r.status !== 409) throw new Error(`pods/status ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  throw new Error(`pods/status ${name}: conflicts`);
}

export async function waitRunning(name: string): Promise<void> {
  await expect
    .poll(async () => ((await api.request('GET', `/api/v1/namespaces/${NS}/pods/${name}`)).body as Pod).status?.phase, { timeout: 20_000 })
    .toBe('Running');
}
