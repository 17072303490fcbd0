/**
 * A new Service's form shows a field's errors only once the user changed it, or after a save
 * attempt; the untouched draft is not sent for a server dry run (it would only log a 422).
 */
import { expect, test } from './fixtures';
import { api, errorsAt, openNew, unique } from './service-form-support';

const NS = unique('forms-touched');
const REQUIRED = 'Required value: name or generateName is required';

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

test('a fresh form shows no error at Name and sends no dry run until the first change', async ({ page }) => {
  const dryRuns: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('dryRun=All')) dryRuns.push(r.url());
  });
  await openNew(page, 'ClusterIP', NS);
  const name = page.getByLabel('Name', { exact: true });
  await expect(page.getByTestId('dry-run')).toHaveText('Server dry run: starts with your first change.');
  // Longer than the dry run's debounce (400 ms): none was sent for the untouched draft.
  await page.waitForTimeout(1500);
  expect(dryRuns).toEqual([]);
  expect(await errorsAt(page, name)).toEqual([]);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  // Saving stays blocked, with the reason, and the Check panel lists the problem.
  await expect(page.getByRole('button', { name: 'Create Service' })).toBeDisabled();
  await expect(page.getByTestId('save-reason')).toHaveText('Fix the 1 problem listed under Check first.');
  await expect(page.getByTestId('problems')).toContainText(`metadata.name: ${REQUIRED}`);

  // Typing then clearing the name: the field was touched, so the server-exact message shows.
  await name.fill('web');
  await name.fill('');
  await expect.poll(() => errorsAt(page, name)).toEqual([REQUIRED]);
  await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'refused');
  expect(dryRuns.length).toBeGreaterThan(0);
  await expect(page.getByTestId('save-reason')).toHaveText('Fix the 1 problem listed under Check first.');
});

test('clicking Create on an untouched form reveals the errors', async ({ page }) => {
  await openNew(page, 'ClusterIP', NS);
  const name = page.getByLabel('Name', { exact: true });
  expect(await errorsAt(page, name)).toEqual([]);
  // The button is aria-disabled, not disabled: it can be clicked to show what blocks saving.
  await page.getByRole('button', { name: 'Create Service' }).click({ force: true });
  await expect.poll(() => errorsAt(page, name)).toEqual([REQUIRED]);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('save-reason')).toHaveText('Fix the 1 problem shown at the fields first.');
  // Nothing was created.
  await expect(page).toHaveURL(/\/services\/new/);
});

test('pressing Enter in a field of an untouched form reveals the errors', async ({ page }) => {
  await openNew(page, 'ClusterIP', NS);
  const name = page.getByLabel('Name', { exact: true });
  await name.press('Enter');
  await expect.poll(() => errorsAt(page, name)).toEqual([REQUIRED]);
});
