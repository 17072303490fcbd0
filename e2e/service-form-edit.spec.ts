/**
 * Editing a Service through the form: port, selector and a NodePort → ClusterIP switch (with its
 * one-line summary and undo), checked with `kubectl get -o json`; a 409 conflict (the object changed
 * with the API while the form is open) keeps the edits and re-applies them, ports merged item by
 * item and each field both sides changed shown with its values; unsaved changes ask
 * before leaving; a read-only identity sees Save disabled with the reason, and a forced save gets 403.
 */
import { expect, test } from './fixtures';
import type { Service } from '../lib/k8s/types';
import { api, editUrl, kubectlGet, saveAndOpenDetail, unique } from './service-form-support';

const NS = unique('forms-edit');

function nodePortService(name: string): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, labels: { team: 'a' }, annotations: { 'example.com/unmanaged': 'keep-me' } },
    spec: { type: 'NodePort', selector: { app: 'a' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  };
}

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

test('edit port, selector and switch NodePort → ClusterIP; the stored object follows', async ({ page }) => {
  const name = unique('ed');
  const created = await api.createService(nodePortService(name));
  const nodePort = created.spec?.ports?.[0].nodePort;
  await page.goto(editUrl(NS, name));
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel('Port 1: node port')).toHaveValue(String(nodePort));

  await page.getByLabel('Port 1: port').fill('8081');
  await page.getByLabel('Selector 1 value').fill('b');
  await page.getByLabel('Service type').selectOption('ClusterIP');
  const summary = page.getByTestId('type-switch-summary');
  await expect(summary).toContainText('Switched NodePort → ClusterIP');
  await expect(summary).toContainText(`node ports (${nodePort})`);
  await expect(page.getByLabel('Port 1: node port')).toHaveCount(0);
  // Undo brings the node port back, switching again drops it again; the other edits stay.
  await page.getByRole('button', { name: 'Undo type change' }).click();
  await expect(page.getByLabel('Port 1: node port')).toHaveValue(String(nodePort));
  await page.getByLabel('Service type').selectOption('ClusterIP');
  await expect(page.getByLabel('Port 1: port')).toHaveValue('8081');
  await expect(page.getByLabel('Selector 1 value')).toHaveValue('b');

  await saveAndOpenDetail(page, NS, name, 'Save changes');
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.type).toBe('ClusterIP');
  expect(svc.spec?.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 8081, targetPort: 8080 }]);
  expect(svc.spec?.selector).toEqual({ app: 'b' });
  expect(svc.spec?.clusterIP).toBe(created.spec?.clusterIP);
  expect(svc.metadata.annotations).toEqual({ 'example.com/unmanaged': 'keep-me' });
  expect(svc.spec?.externalTrafficPolicy).toBeUndefined();
});

test('409: a change made elsewhere while the form is open; the edits are kept and re-applied', async ({ page }) => {
  const name = unique('cf');
  await api.createService(nodePortService(name));
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: target port').fill('9090');
  await page.getByLabel('Label 1 value').fill('b');
  // Someone else changes the Service meanwhile.
  await api.patchService(NS, name, { metadata: { annotations: { 'example.com/other': 'theirs' } }, spec: { sessionAffinity: 'ClientIP' } });
  // The live update announces it before saving.
  await expect(page.getByTestId('live-change')).toBeVisible();
  await expect(page.getByTestId('live-changed-fields')).toContainText('metadata.annotations.example.com/other');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByTestId('save-conflict');
  await expect(conflict).toContainText('409 Conflict');
  // Item 10: the answer is next to the button that asked (just below it), and announced (an alert).
  await expect(conflict).toHaveAttribute('role', 'alert');
  // Both boxes from one layout: measured one after the other, the server dry run's answer could arrive
  // in between and move the second (the real lane's CI once saw the answer 82 px below the button).
  const { button, answer } = await conflict.evaluate((el) => {
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save changes');
    const box = (e: Element | undefined) => (e ? (({ y, height }) => ({ y, height }))(e.getBoundingClientRect()) : undefined);
    return { button: box(save), answer: box(el) };
  });
  expect(button && answer && answer.y > button.y && answer.y - (button.y + button.height) < 80, JSON.stringify({ button, answer })).toBe(true);
  await expect(page.getByTestId('conflict-changed-fields')).toContainText('spec.sessionAffinity');
  // Nothing typed is lost.
  await expect(page.getByLabel('Port 1: target port')).toHaveValue('9090');
  await expect(page.getByLabel('Label 1 value')).toHaveValue('b');
  await conflict.getByRole('button', { name: 'Re-apply my edits on top of the current object' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByLabel('Session affinity')).toHaveValue('ClientIP');
  await saveAndOpenDetail(page, NS, name, 'Save changes');
  const svc = await kubectlGet(NS, name);
  expect(svc.spec?.ports?.[0].targetPort).toBe(9090);
  expect(svc.metadata.labels).toEqual({ team: 'b' });
  expect(svc.spec?.sessionAffinity).toBe('ClientIP');
  expect(svc.metadata.annotations).toEqual({ 'example.com/unmanaged': 'keep-me', 'example.com/other': 'theirs' });
});

test('409 re-apply merges ports item by item and shows each field both sides changed with its values', async ({ page }) => {
  const name = unique('cp');
  const svc = nodePortService(name);
  svc.spec!.ports!.push({ name: 'metrics', port: 9090, targetPort: 9090 });
  await api.createService(svc);
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: target port').fill('9091');
  await page.getByLabel('Label 1 value').fill('b');
  // Meanwhile the other port and the same label change on the server.
  const stored = await kubectlGet(NS, name);
  const ports = stored.spec!.ports!.map((p) => (p.name === 'metrics' ? { ...p, port: 9100 } : p));
  await api.patchService(NS, name, { metadata: { labels: { team: 'c' } }, spec: { ports } });
  await expect(page.getByTestId('live-change')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const both = page.getByTestId('conflict-both-changed');
  await expect(both).toContainText('metadata.labels.team');
  await expect(both).toContainText('"a"');
  await expect(both).toContainText('"c"');
  await expect(both).toContainText('"b"');
  await expect(both).not.toContainText('spec.ports');
  await page.getByTestId('save-conflict').getByRole('button', { name: 'Re-apply my edits on top of the current object' }).click();
  await saveAndOpenDetail(page, NS, name, 'Save changes');
  const after = await kubectlGet(NS, name);
  expect(after.metadata.labels).toEqual({ team: 'b' });
  expect(after.spec?.ports?.map((p) => [p.name, p.port, p.targetPort])).toEqual([
    ['http', 80, 9091],
    ['metrics', 9100, 9090],
  ]);
});

test('unsaved changes ask before leaving through an in-app link', async ({ page }) => {
  const name = unique('lv');
  await api.createService(nodePortService(name));
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: port').fill('81');
  await expect(page.getByTestId('unsaved')).toBeVisible();
  page.once('dialog', (d) => void d.dismiss());
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel('Port 1: port')).toHaveValue('81');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test('a read-only identity: Save is disabled with the reason; forcing it shows the server 403', async ({ page }) => {
  const name = unique('ro');
  await api.createService(nodePortService(name));
  const switched = await page.request.post(`${new URL(editUrl(NS, name)).origin}/api/identity`, { data: { context: 'porthole-viewer' } });
  expect(switched.status()).toBe(200);
  await page.goto(editUrl(NS, name));
  await page.getByLabel('Port 1: port').fill('82');
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  // Said once, at the top; Save points at it.
  await expect(page.getByRole('note', { name: 'Why nothing can be saved' })).toContainText(`Your identity porthole-viewer may not update Services in namespace ${NS}.`);
  await expect(save).toHaveAccessibleDescription(/may not update Services/);
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(page.getByTestId('save-refused')).toContainText('403');
  await expect(page.getByTestId('save-refused')).toContainText('forbidden');
  await expect(page.getByLabel('Port 1: port')).toHaveValue('82');
  expect((await kubectlGet(NS, name)).spec?.ports?.[0].port).toBe(80);
});

test('item 14: an existing Service is offered only the kinds the API server accepts, and its cluster IP as fixed, with the reason', async ({ page }) => {
  const name = unique('ed-ip');
  const created = await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { selector: { app: 'a' }, ports: [{ name: 'http', port: 80 }] } });
  const ip = created.spec?.clusterIP ?? '';
  await page.goto(editUrl(NS, name));
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  // No "None (headless)" to pick and then be refused: the address is shown, with why it stays.
  await expect(page.getByRole('radio', { name: /None \(headless\)/ })).toHaveCount(0);
  await expect(page.getByTestId('cluster-ip-fixed')).toHaveText(ip);
  await expect(page.getByText('the API server refuses any change to it (spec.clusterIP is immutable)')).toBeVisible();
  const type = page.getByLabel('Service type');
  await expect(type.getByRole('option', { name: /^headless \(not possible/ })).toBeDisabled();
  await expect(type).toHaveAccessibleDescription(/Not possible for this Service: headless \(spec\.clusterIP/);
  for (const kind of ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName']) await expect(type.getByRole('option', { name: kind, exact: true })).toBeEnabled();

  // A headless Service the other way round: it cannot get an address.
  const headless = unique('ed-hl');
  await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name: headless, namespace: NS }, spec: { clusterIP: 'None', selector: { app: 'a' }, ports: [{ name: 'http', port: 80 }] } });
  await page.goto(editUrl(NS, headless));
  await expect(page.getByTestId('cluster-ip-fixed')).toHaveText('None (headless)');
  for (const kind of ['ClusterIP', 'NodePort', 'LoadBalancer']) await expect(page.getByLabel('Service type').getByRole('option', { name: new RegExp(`^${kind} \\(not possible`) })).toBeDisabled();
  await expect(page.getByLabel('Service type').getByRole('option', { name: 'ExternalName', exact: true })).toBeEnabled();
});

test('item 10: after Save the Service page says Applied, and never "0/0" while its endpoints load', async ({ page }) => {
  const name = unique('ap');
  // Selects the demo's ready web pods: the page's counts are never 0/0 once known.
  await api.createService({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'demo' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] } });
  try {
    await page.goto(editUrl('demo', name));
    await page.getByRole('button', { name: 'Add label' }).click();
    await page.getByLabel('Label 1 key').fill('saved');
    await page.getByLabel('Label 1 value').fill('yes');
    // Every text the header's counts show from here on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __counts: string[] }).__counts = seen;
      new MutationObserver(() => {
        const t = document.querySelector('[data-testid=header-counts]')?.textContent;
        if (t && seen[seen.length - 1] !== t) seen.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await saveAndOpenDetail(page, 'demo', name, 'Save changes');
    await expect(page.getByRole('status').filter({ hasText: 'Applied: your changes are saved' })).toBeVisible();
    await expect(page.getByTestId('header-counts')).toContainText(/[1-9]\d*\/[1-9]\d* endpoints/);
    const seen = await page.evaluate(() => (window as unknown as { __counts: string[] }).__counts);
    expect(seen.filter((t) => /\b0\/0\b/.test(t)), seen.join(' | ')).toEqual([]);
  } finally {
    await api.deleteService('demo', name);
  }
});
