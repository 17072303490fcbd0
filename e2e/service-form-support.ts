/**
 * Helpers for the Service form specs: a namespace per spec, `kubectl get -o json` of the stored
 * object (the test kubeconfig), the cluster's own dry-run answer for a Service, and the messages a
 * form field shows (the list its aria-describedby points at first).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Service, Status } from '../lib/k8s/types';
import { env, sharedApi } from './support';

export const api = sharedApi();
const run = promisify(execFile);

export const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Runs kubectl against the test cluster (the test kubeconfig) and returns its output. */
export async function kubectl(...args: string[]): Promise<string> {
  const { stdout } = await run('kubectl', ['--kubeconfig', env('PORTHOLE_E2E_KUBECONFIG'), ...args], { timeout: 30_000 });
  return stdout;
}

/** `kubectl get service -o json` against the test cluster. */
export async function kubectlGet(ns: string, name: string): Promise<Service> {
  return JSON.parse(await kubectl('get', 'service', name, '-n', ns, '-o', 'json')) as Service;
}

/** The API server's answer to a dry-run create of `svc` (a 422 Status for an invalid one). */
export async function serverDryRun(svc: Service): Promise<{ status: number; body: Service | Status }> {
  const r = await api.request('POST', `/api/v1/namespaces/${svc.metadata.namespace}/services?dryRun=All&fieldValidation=Strict`, svc);
  return { status: r.status, body: r.body as Service | Status };
}

/**
 * A node port no Service of the test cluster holds now, from the upper part of the default range
 * (30000-32767): the specs' fixed ports sit low in the range, and the API servers, shared by every
 * spec of a run, hand out the rest. A random pick without looking collided with one (a 422 on create).
 */
export async function freeNodePort(): Promise<number> {
  const r = await api.request('GET', '/api/v1/services');
  if (r.status !== 200) throw new Error(`list services: ${r.status}`);
  const used = new Set((r.body as { items: Service[] }).items.flatMap((s) => (s.spec?.ports ?? []).map((p) => p.nodePort ?? 0)));
  const free: number[] = [];
  for (let port = 31000; port <= 32767; port++) if (!used.has(port)) free.push(port);
  const pick = free[Math.floor(Math.random() * free.length)];
  if (pick === undefined) throw new Error('no free node port in 31000-32767');
  return pick;
}

export function newServiceUrl(type: string, ns: string): string {
  return `${env('PORTHOLE_E2E_URL')}/services/new?type=${encodeURIComponent(type)}&namespace=${encodeURIComponent(ns)}`;
}

export function editUrl(ns: string, name: string): string {
  return `${env('PORTHOLE_E2E_URL')}/services/${ns}/${name}/edit`;
}

/** The error messages listed at a control (its first aria-describedby target). */
export async function errorsAt(page: Page, control: Locator): Promise<string[]> {
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  const first = ids.split(' ')[0];
  if (!first) return [];
  return page.locator(`[id="${first}"] li[data-kind=error]`).allTextContents();
}

/** Waits until the form has loaded its namespaces and shows the Name field. */
export async function openNew(page: Page, type: string, ns: string): Promise<void> {
  await page.goto(newServiceUrl(type, ns));
  await expect(page.getByLabel('Service type')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Form' }).getByLabel('Namespace')).toHaveValue(ns);
}

/** Clicks the save button and waits for the detail page of the saved Service. */
export async function saveAndOpenDetail(page: Page, ns: string, name: string, button = 'Create Service'): Promise<void> {
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'ok');
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${ns}/${name}$`));
  await expect(page.getByTestId('service-name')).toHaveText(name);
}
