/**
 * Deleting a Service (issue 7): the confirmation dialog names the Service and what stops working,
 * typing the name confirms in default/kube-system, Escape cancels, errors keep the dialog with retry,
 * and the row menu of the list works from the keyboard.
 */
import { expect, test } from './fixtures';
import { api, base, openDetail, recreate, service, stored } from './service-actions-helpers';

const NS = 'e2e-svc-delete';

test('delete from the detail page: the dialog says what stops working; Escape cancels; confirm goes back to the list', async ({ page }) => {
  const created = await recreate(service(NS, 'np-doomed', { type: 'NodePort', ports: [{ port: 80, nodePort: 30077, protocol: 'TCP' }] }));
  await openDetail(page, NS, 'np-doomed');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete Service ${NS}/np-doomed?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`np-doomed.${NS}.svc.cluster.local`);
  await expect(dialog).toContainText(created.spec!.clusterIP!);
  await expect(dialog.getByTestId('impact-node-ports')).toContainText('30077/TCP');
  // Not a protected namespace: no typed confirmation. Focus starts on Cancel and stays inside.
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  // Past the last control, focus wraps to the first: the kubectl command's copy button, its text (scrollable), then Cancel.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Copy kubectl command' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('region', { name: 'kubectl command text' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  expect((await stored(NS, 'np-doomed')).status).toBe(200);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/services\\?namespace=${NS}$`));
  expect((await stored(NS, 'np-doomed')).status).toBe(404);
});

test('a LoadBalancer Service lists its load-balancer address and node ports', async ({ page }) => {
  await recreate(service(NS, 'lb-doomed', { type: 'LoadBalancer', ports: [{ port: 443, protocol: 'TCP' }] }));
  let ingress = '';
  await expect(async () => {
    const s = (await stored(NS, 'lb-doomed')).service;
    ingress = s.status?.loadBalancer?.ingress?.[0]?.ip ?? '';
    expect(ingress).not.toBe('');
  }).toPass();
  const nodePort = (await stored(NS, 'lb-doomed')).service.spec!.ports![0].nodePort;
  await openDetail(page, NS, 'lb-doomed');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('impact-lb')).toContainText(ingress);
  await expect(dialog.getByTestId('impact-node-ports')).toContainText(`${nodePort}/TCP`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('typing the name confirms in default; default/kubernetes is named as the API server’s own Service', async ({ page }) => {
  const name = `e2e-del-${Date.now().toString(36)}`;
  await recreate(service('default', name));
  await openDetail(page, 'default', name);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete Service default/${name}?` });
  const confirm = dialog.getByRole('textbox', { name: `Type ${name} to confirm` });
  await expect(confirm).toBeFocused();
  const del = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(del).toBeDisabled();
  await confirm.fill(name.slice(0, -1));
  await del.click({ force: true });
  await expect(del).toBeDisabled();
  expect((await stored('default', name)).status).toBe(200);
  await confirm.fill(name);
  await expect(del).toBeEnabled();
  await del.click();
  await expect(page).toHaveURL(/\/services\?namespace=default$/);
  expect((await stored('default', name)).status).toBe(404);

  await openDetail(page, 'default', 'kubernetes');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const k = page.getByRole('alertdialog', { name: 'Delete Service default/kubernetes?' });
  await expect(k.getByTestId('delete-note')).toContainText('API server’s own Service');
  await expect(k.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await k.getByRole('button', { name: 'Cancel' }).click();
  expect((await stored('default', 'kubernetes')).status).toBe(200);
});

test('a failed delete stays in the dialog with the error and retries: network error, then 409 on a stale uid', async ({ page }) => {
  await recreate(service(NS, 'flaky'));
  await openDetail(page, NS, 'flaky');
  // The first DELETE is dropped by the network; the second carries the uid of an object that no longer
  // exists (as if the Service had been re-created meanwhile): the real server answers 409.
  let seen = 0;
  await page.route(`**/api/namespaces/${NS}/services/flaky`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    seen++;
    if (seen === 1) return route.abort('connectionreset');
    if (seen === 2) return route.continue({ postData: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: 'a-uid-that-is-gone' } }) });
    return route.fallback();
  });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByTestId('delete-error')).toContainText("Porthole's server cannot be reached");
  await expect(dialog.getByTestId('delete-error')).toContainText('Nothing was deleted');
  expect((await stored(NS, 'flaky')).status).toBe(200);
  await dialog.getByRole('button', { name: 'Retry delete' }).click();
  await expect(dialog.getByTestId('delete-error')).toContainText('409 Conflict');
  await expect(dialog.getByTestId('delete-error')).toContainText('the UID in the precondition (a-uid-that-is-gone) does not match the UID in record');
  expect((await stored(NS, 'flaky')).status).toBe(200);
  await dialog.getByRole('button', { name: 'Retry delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/services\\?namespace=${NS}$`));
  expect((await stored(NS, 'flaky')).status).toBe(404);
});

test('row menu: keyboard opens it, arrows move, Escape returns focus; Delete removes the row live', async ({ page }) => {
  await recreate(service(NS, 'row-a'));
  await recreate(service(NS, 'row-b'));
  await page.goto(`${base()}/services?namespace=${NS}`);
  const button = page.getByRole('button', { name: `Actions for ${NS}/row-b` });
  await button.focus();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: `Actions for ${NS}/row-b` });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Edit YAML' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  // Enter opens it too; ArrowUp from the button starts at the last item.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Delete…' })).toBeFocused();
  // The items stay aria-disabled until the access review answers (a busy machine takes a while).
  await expect(menu.getByRole('menuitem', { name: 'Delete…' })).toBeEnabled();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Delete Service ${NS}/row-b?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-testid=service-row][data-key="${NS}/row-b"]`)).toHaveCount(0);
  await expect(page.locator(`[data-testid=service-row][data-key="${NS}/row-a"]`)).toBeVisible();
  expect((await stored(NS, 'row-b')).status).toBe(404);
  // Edit from the menu goes to the edit route.
  await page.getByRole('button', { name: `Actions for ${NS}/row-a` }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${NS}/row-a/edit$`));
  await api.deleteService(NS, 'row-a');
});
