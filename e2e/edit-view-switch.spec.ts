/**
 * Opening the YAML view of an edit without typing anything is not an edit (QA: the page said
 * "Unsaved changes" and guarded leaving, because the draft re-parsed from YAML had another key order and no managedFields).
 */
import { expect, test } from './fixtures';
import { env } from './support';
import { freshService, NS } from './yaml-editor-helpers';

test('Form → YAML → Form without typing: no "Unsaved changes"; a real edit still shows it', async ({ page }) => {
  await freshService('view-switch', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] });
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/${NS}/view-switch/edit`);
  await expect(page.getByLabel('Port 1: port')).toHaveValue('80');
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('kind: Service', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByLabel('Port 1: port')).toHaveValue('80');
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await page.getByLabel('Port 1: port').fill('81');
  await expect(page.getByTestId('unsaved')).toHaveText('Unsaved changes');
});
