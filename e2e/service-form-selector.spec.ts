/**
 * The selector builder and the targetPort picker inside the Service edit form: editing the selector
 * of a live Service previews the pods it gains and loses before saving, suggestions come from the
 * namespace's pods with counts, and the target port offers the matching pods' container ports with
 * a warning when a named port is declared by only some or none of them.
 */
import { expect, test } from './fixtures';
import { createRunning, pod } from './pod-support';
import { api, editUrl, kubectlGet, saveAndOpenDetail, unique } from './service-form-support';

const NS = unique('forms-selector');
const http = { name: 'http', containerPort: 8080 };

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
  await createRunning([
    pod(NS, 'blue-1', { app: 'shop', track: 'blue' }, [http]),
    pod(NS, 'blue-2', { app: 'shop', track: 'blue' }, [http]),
    pod(NS, 'green-1', { app: 'shop', track: 'green' }, [http, { name: 'admin', containerPort: 9000 }]),
  ]);
  await api.createService({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'shop', namespace: NS },
    spec: { selector: { app: 'shop', track: 'blue' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
});

test('editing a live selector previews gains and losses; the target port offers the pods’ ports with warnings', async ({ page }) => {
  await page.goto(editUrl(NS, 'shop'));
  await expect(page.getByRole('heading', { name: 'Edit shop' })).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: /(pods match|pod matches)/ });
  await expect(count).toHaveText('2 pods match (2 ready)');
  await expect(page.getByRole('region', { name: 'What this selector change does' })).toHaveCount(0);

  // Suggestions carry pod counts; picking track=green switches the blue pods for the green one.
  await page.getByRole('button', { name: 'Select track=green (1 pod)' }).click();
  await expect(page.getByLabel('Selector 2 value')).toHaveValue('green');
  await expect(count).toHaveText('1 pod matches (1 ready)');
  const change = page.getByRole('region', { name: 'What this selector change does' });
  await expect(change).toContainText('Gains 1 pod, loses 2, keeps 0.');
  await expect(change).toContainText('Gains: green-1');
  await expect(change).toContainText('Loses: blue-1, blue-2');

  // The green pod declares "admin"; a name it does not declare is warned about at the field.
  const target = page.getByRole('combobox', { name: 'Port 1: target port', exact: true });
  await expect(page.getByRole('button', { name: 'admin (9000/TCP)' })).toBeVisible();
  await target.fill('metrics');
  await expect(page.getByRole('alert').filter({ hasText: 'No matching pod declares a TCP container port named "metrics"' })).toBeVisible();
  await page.getByRole('button', { name: 'admin (9000/TCP)' }).click();
  await expect(target).toHaveValue('admin');
  await expect(page.getByRole('alert').filter({ hasText: 'container port named' })).toHaveCount(0);

  // Removing track keeps all three pods: the preview follows.
  await page.getByRole('button', { name: 'Remove selector 2' }).click();
  await expect(count).toHaveText('3 pods match (3 ready)');
  await expect(change).toContainText('Gains 1 pod, loses 0, keeps 2.');
  await expect(page.getByRole('alert').filter({ hasText: 'Only 1 of 3 matching pods declare a TCP container port named "admin"' })).toBeVisible();

  await saveAndOpenDetail(page, NS, 'shop', 'Save changes');
  const svc = await kubectlGet(NS, 'shop');
  expect(svc.spec?.selector).toEqual({ app: 'shop' });
  expect(svc.spec?.ports?.[0].targetPort).toBe('admin');
});
