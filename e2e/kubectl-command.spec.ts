/**
 * The kubectl command of an action (issue 21): shown in the create form's footer before the save and
 * in the saved notice after it, and in the delete dialog; its one copy button puts it on the
 * clipboard, and the copied text, pasted into a shell with the test kubeconfig, does the same thing.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, openDetail, recreate, service, stored } from './service-actions-helpers';
import { kubectlGet, openNew, saveAndOpenDetail, unique } from './service-form-support';
import { env } from './support';

const run = promisify(execFile);
const NS = unique('kubectl-cmd');

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

/** Pastes the text into `sh` as a user would, with the test cluster's kubeconfig. */
async function inShell(text: string): Promise<void> {
  await run('sh', ['-c', text], { env: { ...process.env, KUBECONFIG: env('PORTHOLE_E2E_KUBECONFIG') }, timeout: 60_000 });
}

async function copied(page: Page, scope: ReturnType<Page['getByTestId']>): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await scope.getByRole('button', { name: 'Copy kubectl command' }).click();
  let text = '';
  await expect
    .poll(async () => {
      text = await page.evaluate(() => navigator.clipboard.readText());
      return text;
    })
    .toBe(await scope.locator('pre').innerText());
  return text;
}

test('create form: the command in the footer before, in the saved notice after; the copied command creates the same Service', async ({ page }) => {
  const name = unique('kc');
  await openNew(page, 'ClusterIP', NS);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add selector' }).click();
  await page.getByLabel('Selector 1 key').fill('app');
  await page.getByLabel('Selector 1 value').fill(name);
  const footer = page.getByRole('figure', { name: 'kubectl command' });
  await expect(footer).toContainText(`kubectl create -n ${NS} -f - <<'EOF'`);
  await expect(footer).toContainText(`name: ${name}`);
  const before = await copied(page, footer);

  await saveAndOpenDetail(page, NS, name);
  // The saved notice's command (the page's Try it section has its own, for port-forward).
  const after = page.getByRole('figure', { name: 'kubectl command' }).filter({ hasText: 'Created. The same with kubectl' });
  await expect(after).toBeVisible();
  expect(await after.locator('pre').innerText()).toBe(before);
  const made = await kubectlGet(NS, name);

  // The same starting state again, then the copied command instead of the form.
  await api.deleteService(NS, name);
  await expect.poll(async () => (await stored(NS, name)).status).toBe(404);
  await inShell(before);
  const again = await kubectlGet(NS, name);
  expect(again.spec?.selector).toEqual(made.spec?.selector);
  expect(again.spec?.ports).toEqual(made.spec?.ports);
  expect(again.spec?.type).toEqual(made.spec?.type);
  expect(again.metadata.labels).toEqual(made.metadata.labels);
});

test('delete dialog: the command with the uid precondition; copied and run, it deletes exactly that Service', async ({ page }) => {
  const created = await recreate(service(NS, 'kc-doomed'));
  await openDetail(page, NS, 'kc-doomed');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete Service ${NS}/kc-doomed?` });
  const cmd = dialog.getByRole('figure', { name: 'kubectl command' });
  await expect(cmd).toContainText(`kubectl delete --raw /api/v1/namespaces/${NS}/services/kc-doomed -f -`);
  await expect(cmd).toContainText(created.metadata.uid!);
  const text = await copied(page, cmd);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await inShell(text);
  expect((await stored(NS, 'kc-doomed')).status).toBe(404);
});
