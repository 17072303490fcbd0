/**
 * At phone width (390 px) the guided flow's label rows fit: the value input and the Remove button
 * stay on screen (QA: the two 220 px inputs did not shrink and pushed the value and Remove out).
 */
import { expect, test } from './fixtures';
import { actAs } from './service-actions-helpers';
import { env } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('guided step 1 at 390 px: the label row (key, value, Remove) fits the screen', async ({ page }) => {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/new/guided`);
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: What to expose' })).toBeVisible();
  if ((await page.getByLabel('Label 1 key').count()) === 0) await page.getByRole('button', { name: 'Add label' }).click();
  for (const control of [page.getByLabel('Label 1 key'), page.getByLabel('Label 1 value'), page.getByRole('button', { name: 'Remove label 1' })]) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
});

test('at 390 px a read-only identity’s disabled "New Service" stays on one line beside its reason', async ({ page }) => {
  await actAs(page, 'porthole-viewer');
  await expect(page.getByTestId('new-service-reason')).toBeVisible();
  const button = (await page.getByTestId('new-service').boundingBox())!;
  // Before: it wrapped as "New / Service", twice the height of "Guided" next to it.
  const guided = (await page.getByTestId('new-service-guided').boundingBox())!;
  expect(button.height).toBeLessThanOrEqual(guided.height);
  expect(button.x + button.width).toBeLessThanOrEqual(390);
});

test('at 390 px the diagnosis severity badge reads on one line (issue 18 item 13)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/shop/cart`);
  const badge = page.getByTestId('diagnosis').getByText('error', { exact: true }).first();
  await expect(badge).toBeVisible();
  const box = (await badge.boundingBox())!;
  // One line of 11 px text, not "ER / RO / R".
  expect(box.height).toBeLessThan(24);
});
