/**
 * Node ports and the cluster's node-port range. kube-apiserver's dry run does not check the range (its
 * dry-run port allocator only looks for ports already taken); the create does. So the form refuses an
 * impossible number itself (the dry run would let it through), and a possible one outside the
 * cluster's range passes the dry run and is refused by the create with the server's message, the text
 * kept and nothing stored.
 */
import { expect, test } from './fixtures';
import { api, errorsAt, openNew, unique } from './service-form-support';

const NS = unique('forms-np-range');

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

const stored = async (name: string) => (await api.request('GET', `/api/v1/namespaces/${NS}/services/${name}`)).status === 200;

for (const [type, nodePort] of [['NodePort', '99999'], ['LoadBalancer', '-1']] as const) {
  test(`${type} with node port ${nodePort}: the form refuses it although the server's dry run lets it through`, async ({ page }) => {
    const name = `np-${type.toLowerCase()}`;
    await openNew(page, type, NS);
    await page.getByLabel('Name', { exact: true }).fill(name);
    const control = page.getByLabel('Port 1: node port');
    await control.fill(nodePort);
    await expect.poll(() => errorsAt(page, control)).toContain(`Invalid value: ${nodePort}: must be between 1 and 65535, inclusive`);
    await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'ok');
    await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();
    expect(await stored(name)).toBe(false);
  });
}

test('NodePort with node port 8080 (outside 30000-32767): the dry run passes, Create is refused with the server’s message, the text kept, nothing stored', async ({ page }) => {
  const name = 'np-8080';
  await openNew(page, 'NodePort', NS);
  await page.getByLabel('Name', { exact: true }).fill(name);
  const control = page.getByLabel('Port 1: node port');
  await control.fill('8080');
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'ok');
  expect(await errorsAt(page, control)).toEqual([]);
  await page.getByRole('button', { name: 'Create Service' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Not saved: the API server answered 422 Invalid.' });
  await expect(refusal).toContainText('spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767');
  await expect(refusal).toContainText('Your edits are kept.');
  await expect(control).toHaveValue('8080');
  await expect(page).toHaveURL(/\/services\/new/);
  expect(await stored(name)).toBe(false);
});
