/**
 * The YAML editor follows Porthole's light/dark theme (QA: in dark mode Monaco stayed white), also
 * when the user switches theme while the editor is open.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshService, NS, openEditor } from './yaml-editor-helpers';

/** Relative luminance (0 black … 1 white) of the editor's background colour. */
async function editorLuminance(page: Page): Promise<number> {
  return page
    .getByTestId('yaml-editor')
    .locator('.monaco-editor-background')
    .first()
    .evaluate((el) => {
      const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? ['0', '0', '0']).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
}

test.use({ colorScheme: 'dark' });

test('the YAML editor is dark in the dark theme and light after switching to the light theme', async ({ page }) => {
  await freshService('yaml-theme', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] });
  await openEditor(page, NS, 'yaml-theme');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => editorLuminance(page)).toBeLessThan(0.3);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => editorLuminance(page)).toBeGreaterThan(0.7);
});
