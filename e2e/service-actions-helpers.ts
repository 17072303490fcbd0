/**
 * Helpers of the Service action specs (delete, label editing, permissions): Services created fresh
 * through the cluster API as admin, the detail page, and the identity switcher.
 */
import { expect, type Page } from '@playwright/test';
import type { Service } from '../lib/k8s/types';
import { env, sharedApi } from './support';

export const api = sharedApi();
export const base = (): string => env('PORTHOLE_E2E_URL');

export function service(namespace: string, name: string, spec: Service['spec'] = {}, meta: Partial<Service['metadata']> = {}): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace, ...meta }, spec: { ports: [{ port: 80, targetPort: 8080 }], ...spec } };
}

/** Deletes any leftover of the same name, then creates it. */
export async function recreate(svc: Service): Promise<Service> {
  await api.ensureNamespace(svc.metadata.namespace!);
  await api.deleteService(svc.metadata.namespace!, svc.metadata.name!);
  return api.createService(svc);
}

export async function stored(ns: string, name: string): Promise<{ status: number; service: Service }> {
  const r = await api.request('GET', `/api/v1/namespaces/${ns}/services/${name}`);
  return { status: r.status, service: r.body as Service };
}

export async function openDetail(page: Page, ns: string, name: string): Promise<void> {
  await page.goto(`${base()}/services/${ns}/${name}`);
  await expect(page.getByTestId('service-name')).toHaveText(name);
  await expect(page.getByTestId('service-actions')).toBeVisible();
}

/** Act as another built-in identity (porthole-admin, porthole-viewer, porthole-editor); the page reloads. */
export async function actAs(page: Page, context: string): Promise<void> {
  await page.goto(`${base()}/services`);
  await Promise.all([page.waitForEvent('load'), page.locator('#identity-select').selectOption(context)]);
}
