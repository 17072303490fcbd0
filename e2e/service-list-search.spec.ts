/**
 * Search semantics on the demo cluster (issue 11): free text matches values, not label keys; label
 * terms `key=value`, `key`, `!key`; the typed Service ranks first until a column is chosen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { env, sharedApi } from './support';

const NS = 'e2e-search';
const api = sharedApi();
const visibleNames = async (page: Page) => page.locator('[data-testid=service-row] [data-col=name]').allInnerTexts();
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search Services' });

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  const svc = (name: string, labels: Record<string, string>, app: string): Service => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, labels: { 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'e2e', ...labels } },
    spec: { selector: { app }, ports: [{ port: 80 }] },
  });
  const fixtures = [
    svc('a-cart-proxy', { tier: 'edge' }, 'proxy'),
    svc('cart', { app: 'cart', tier: 'backend' }, 'cart'),
    svc('cart-redis', { app: 'cart-redis' }, 'cart-redis'),
    svc('orders', {}, 'orders'),
  ];
  for (const s of fixtures) {
    await api.deleteService(NS, s.metadata.name!);
    await api.createService(s);
  }
});

test('typing "kubernetes" finds the kubernetes Service, not every Service with app.kubernetes.io labels', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services`);
  await expect(page.getByTestId('service-row').first()).toBeVisible();
  await search(page).fill('kubernetes');
  await expect.poll(() => visibleNames(page)).toEqual(['kubernetes']);
  await expect(page.getByTestId('result-count')).toHaveText(/^1 of \d+ Services$/);
  // The label key itself is a "has the label" term.
  await search(page).fill('app.kubernetes.io/part-of=e2e');
  await expect.poll(() => visibleNames(page)).toEqual(['a-cart-proxy', 'cart', 'cart-redis', 'orders']);
});

test('label terms: key=value exactly, bare key has the label, !key lacks it', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=${NS}`);
  await expect(page.getByTestId('result-count')).toHaveText('4 Services');
  await search(page).fill('app=cart');
  await expect.poll(() => visibleNames(page)).toEqual(['cart']);
  await search(page).fill('tier');
  await expect.poll(() => visibleNames(page)).toEqual(['a-cart-proxy', 'cart']);
  await search(page).fill('!tier');
  await expect.poll(() => visibleNames(page)).toEqual(['cart-redis', 'orders']);
  await search(page).fill('!app');
  await expect.poll(() => visibleNames(page)).toEqual(['a-cart-proxy', 'orders']);
});

test('the Service named as typed comes first until a column is chosen; the URL and Back keep both orders', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=${NS}`);
  await expect(page.getByTestId('result-count')).toHaveText('4 Services');
  await search(page).fill('cart');
  await expect.poll(() => visibleNames(page)).toEqual(['cart', 'cart-redis', 'a-cart-proxy']);
  await expect(page).toHaveURL(/q=cart/);
  await expect(page.locator('[role=columnheader][aria-sort=ascending]')).toHaveCount(0);

  // Choosing a column sorts by it (and says so in the URL); Back returns to the best-match order.
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect.poll(() => visibleNames(page)).toEqual(['a-cart-proxy', 'cart', 'cart-redis']);
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.locator('[role=columnheader][aria-sort=ascending]')).toContainText('Name');
  await page.goBack();
  await expect.poll(() => visibleNames(page)).toEqual(['cart', 'cart-redis', 'a-cart-proxy']);

  // A shared link reproduces the ranked view.
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services?namespace=${NS}&q=cart`);
  await expect.poll(() => visibleNames(page)).toEqual(['cart', 'cart-redis', 'a-cart-proxy']);
});
