/**
 * Driving the Monaco YAML editor with the real keyboard: focus it, go to a line, replace a line,
 * read the problems panel. Lines are found in the same YAML the page shows (serviceToYaml).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Service } from '../lib/k8s/types';
import { DRAFT_KEY_PREFIX } from '../lib/service-yaml/drafts';
import { serviceToYaml } from '../lib/service-yaml/editor-text';
import { env, sharedApi } from './support';

export const api = sharedApi();
export const NS = 'e2e-yaml';

/**
 * The editor's draft of ns/name as the page saved it in localStorage (lib/service-yaml/drafts.ts), or ''
 * before the first save. Poll it instead of sleeping through the save's debounce.
 */
export async function savedDraftText(page: Page, ns: string, name: string): Promise<string> {
  const suffix = `/${encodeURIComponent(ns)}/${encodeURIComponent(name)}`;
  return page.evaluate(
    ({ prefix, suffix }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith(prefix) && k.endsWith(suffix));
      const saved = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { text?: unknown }).text : undefined;
      return typeof saved === 'string' ? saved : '';
    },
    { prefix: `${encodeURIComponent(DRAFT_KEY_PREFIX)}/`, suffix },
  );
}

export function editor(page: Page): Locator {
  return page.getByRole('textbox', { name: /YAML of Service/ });
}

/**
 * The user's pointer goes to the YAML page's editor, the intent on which the page loads Monaco (until
 * then the plain editor holds the text; ServiceYamlPane `monacoOnIntent`).
 */
export async function pointAtEditor(page: Page): Promise<void> {
  const plain = page.getByRole('textbox', { name: /\(plain text until the editor has loaded\)$/ });
  // A page with a draft under way loads Monaco by itself: the plain editor may go while being pointed at.
  await expect(async () => {
    if ((await page.getByTestId('yaml-editor').count()) > 0) return;
    await plain.hover({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export async function openEditor(page: Page, ns: string, name: string): Promise<void> {
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/${ns}/${name}/yaml`);
  await pointAtEditor(page);
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('kind: Service', { timeout: 30_000 });
  // Completion, hover and schema markers need the cluster's schema in monaco-yaml.
  await expect(page.getByTestId('yaml-editor')).toHaveAttribute('data-schema', 'ready', { timeout: 30_000 });
}

export async function freshService(name: string, spec: Service['spec'], extra: Partial<Service['metadata']> = {}, query = ''): Promise<Service> {
  await api.ensureNamespace(NS);
  await api.deleteService(NS, name);
  const r = await api.request('POST', `/api/v1/namespaces/${NS}/services${query}`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS, ...extra }, spec });
  if (r.status !== 201) throw new Error(`create ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Service;
}

export async function getService(name: string): Promise<Service> {
  const r = await api.request('GET', `/api/v1/namespaces/${NS}/services/${name}`);
  return r.body as Service;
}

/** 1-based line of the first line of `text` matching `re` (after line `after`). */
export function lineOf(text: string, re: RegExp, after = 0): number {
  const lines = text.split('\n');
  for (let i = after; i < lines.length; i++) if (re.test(lines[i])) return i + 1;
  throw new Error(`no line matches ${re}`);
}

export function editorText(svc: Service): string {
  return serviceToYaml(svc);
}

/** Puts the cursor at the end of line `n` (1-based) with the keyboard. */
export async function gotoLineEnd(page: Page, n: number): Promise<void> {
  await editor(page).focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < n; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

/** Replaces the content of line `n` after its indentation with `content`, typed key by key. */
export async function replaceLine(page: Page, n: number, content: string): Promise<void> {
  await gotoLineEnd(page, n);
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(content, { delay: 5 });
  await page.keyboard.press('Escape');
}

/** Adds a new line after line `n` with `content` (Monaco keeps the indentation). */
export async function insertLineAfter(page: Page, n: number, content: string): Promise<void> {
  await gotoLineEnd(page, n);
  await page.keyboard.press('Enter');
  await page.keyboard.type(content, { delay: 5 });
  await page.keyboard.press('Escape');
}

/** Replaces the whole text with a clipboard paste (select all, then a real `paste` event carrying the text). */
export async function pasteAll(page: Page, text: string): Promise<void> {
  await editor(page).focus();
  await page.keyboard.press('Control+A');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** A problem of one layer ('YAML syntax', 'Schema', 'Service rules', 'API server (dry run)', 'Conflict'). */
export function problem(page: Page, layer: string, message: RegExp): Locator {
  const esc = layer.replace(/[()]/g, '\\$&');
  return page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: new RegExp(`${esc}.*${message.source}`) });
}
