/**
 * Labels and annotations edited in place on the detail page (issue 7): add, change, remove, saved as
 * one JSON merge patch and checked in the stored object; invalid keys and values show the API
 * server's own message; a Service changed meanwhile answers 409, the edits stay and re-apply.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Status } from '../lib/k8s/types';
import { api, openDetail, recreate, service, stored } from './service-actions-helpers';

const NS = 'e2e-svc-labels';

const editor = (page: Page, which: 'labels' | 'annotations') => page.getByRole('group', { name: `Edit ${which}` });

test('add, change and remove labels; the stored object and the live page follow', async ({ page }) => {
  await recreate(service(NS, 'web', { selector: { app: 'web' } }, { labels: { app: 'web', tier: 'front', old: 'x' } }));
  await openDetail(page, NS, 'web');
  await page.getByRole('button', { name: 'Edit labels' }).click();
  const ed = editor(page, 'labels');
  // Rows are sorted by key: app, old, tier.
  await expect(ed.getByRole('textbox', { name: 'Label 1 key' })).toHaveValue('app');
  await ed.getByRole('textbox', { name: 'Label 3 value' }).fill('back');
  await ed.getByRole('button', { name: 'Remove label 2 (old)' }).click();
  await ed.getByRole('button', { name: 'Add label' }).click();
  // The new row's key field takes focus.
  await expect(ed.getByRole('textbox', { name: 'Label 3 key' })).toBeFocused();
  await page.keyboard.type('example.com/team');
  await ed.getByRole('textbox', { name: 'Label 3 value' }).fill('payments');
  await ed.getByRole('button', { name: 'Save labels' }).click();
  await expect(ed).toHaveCount(0);
  const { service: saved } = await stored(NS, 'web');
  expect(saved.metadata.labels).toEqual({ app: 'web', tier: 'back', 'example.com/team': 'payments' });
  expect(saved.metadata.managedFields?.some((f) => f.manager === 'porthole' && f.operation === 'Update')).toBe(true);
  const list = page.getByTestId('meta-labels');
  await expect(list).toContainText('example.com/team');
  await expect(list).toContainText('tier');
  await expect(list).not.toContainText('old');

  // A change made elsewhere shows up live.
  await api.patchService(NS, 'web', { metadata: { labels: { added: 'by-kubectl' } } });
  await expect(list).toContainText('by-kubectl');
});

test('invalid keys and values show the API server’s message, live, and cannot be saved', async ({ page }) => {
  await recreate(service(NS, 'strict', {}, { labels: { app: 'strict' } }));
  await openDetail(page, NS, 'strict');
  // What the API server says for the same label (a dry-run merge patch as admin).
  const server = async (labels: Record<string, string>) => {
    const r = await api.request('PATCH', `/api/v1/namespaces/${NS}/services/strict?dryRun=All`, { metadata: { labels } }, 'application/merge-patch+json');
    expect(r.status).toBe(422);
    return (r.body as Status).message ?? '';
  };
  await page.getByRole('button', { name: 'Edit labels' }).click();
  const ed = editor(page, 'labels');
  await ed.getByRole('button', { name: 'Add label' }).click();
  const key = ed.getByRole('textbox', { name: 'Label 2 key' });
  const value = ed.getByRole('textbox', { name: 'Label 2 value' });
  for (const bad of ['bad key!', '-starts-with-dash', 'Example.COM/x', `${'k'.repeat(64)}`]) {
    await key.fill(bad);
    await value.fill('ok');
    const shown = ((await ed.getByTestId('field-error').textContent()) ?? '').trim();
    expect(shown).not.toBe('');
    expect(await server({ [bad]: 'ok' }), bad).toBe(`Service "strict" is invalid: ${shown}`);
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(ed.getByRole('button', { name: 'Save labels' })).toBeDisabled();
  }
  await key.fill('good');
  await value.fill('has spaces');
  const shown = ((await ed.getByTestId('field-error').textContent()) ?? '').trim();
  expect(await server({ good: 'has spaces' })).toBe(`Service "strict" is invalid: ${shown}`);
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await value.fill('fine');
  await expect(ed.getByTestId('field-error')).toHaveCount(0);
  await expect(ed.getByRole('button', { name: 'Save labels' })).toBeEnabled();
  await ed.getByRole('button', { name: 'Cancel' }).click();
  expect((await stored(NS, 'strict')).service.metadata.labels).toEqual({ app: 'strict' });
});

test('a Service changed meanwhile: 409 keeps the edits, says what changed, and re-applies on the current object', async ({ page }) => {
  await recreate(service(NS, 'busy', {}, { annotations: { note: 'first', keep: 'me' } }));
  await openDetail(page, NS, 'busy');
  await page.getByRole('button', { name: 'Edit annotations' }).click();
  const ed = editor(page, 'annotations');
  await ed.getByRole('textbox', { name: 'Annotation 2 value' }).fill('mine');
  await ed.getByRole('button', { name: 'Remove annotation 1 (keep)' }).click();
  // Someone else changes the annotations while the editor is open: announced before saving.
  await api.patchService(NS, 'busy', { metadata: { annotations: { other: 'theirs' } } });
  await expect(ed.getByTestId('changed-meanwhile')).toContainText('other');
  await ed.getByRole('button', { name: 'Save annotations' }).click();
  const error = ed.getByTestId('save-error');
  await expect(error).toContainText('409 Conflict');
  await expect(error).toContainText('Changed annotations: other');
  // The edits are still there.
  await expect(ed.getByRole('textbox', { name: 'Annotation 1 value' })).toHaveValue('mine');
  expect((await stored(NS, 'busy')).service.metadata.annotations).toEqual({ note: 'first', keep: 'me', other: 'theirs' });
  await error.getByRole('button', { name: 'Apply my changes to the current version' }).click();
  await expect(ed).toHaveCount(0);
  expect((await stored(NS, 'busy')).service.metadata.annotations).toEqual({ note: 'mine', other: 'theirs' });
});
