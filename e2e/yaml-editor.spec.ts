/**
 * The YAML editor (issue 8) in real Chromium against the embedded cluster: markers of the API
 * server's dry run on the line of the field, completion and hover from the cluster's schema, the diff
 * before apply, a 409 while editing, server-side apply conflicts then force, drafts across a reload,
 * bad input, a read-only identity.
 */
import { expect, test } from './fixtures';
import { newServiceSkeleton } from '../lib/service-draft/form-model';
import { env } from './support';
import {
  api,
  editor,
  editorText,
  freshService,
  getService,
  insertLineAfter,
  lineOf,
  NS,
  openEditor,
  pasteAll,
  pointAtEditor,
  problem,
  replaceLine,
  savedDraftText,
} from './yaml-editor-helpers';

const SERVER = 'API server (dry run)';
const twoPorts = {
  selector: { app: 'web' },
  ports: [
    { name: 'http', port: 80, targetPort: 8080 },
    { name: 'metrics', port: 9090, targetPort: 9090 },
  ],
};

test('Monaco loads on the user’s intent: not for reading the page, at once when the editor gets the focus; the cursor goes over', async ({ page }) => {
  await freshService('yaml-intent', twoPorts);
  const monacoScripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    void r
      .text()
      .then((body) => body.includes('MonacoEnvironment') && monacoScripts.push(r.url()))
      .catch(() => undefined);
  });
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/${NS}/yaml-intent/yaml`);
  const plain = page.getByRole('textbox', { name: 'YAML of Service yaml-intent (plain text until the editor has loaded)' });
  await expect(plain).toHaveValue(/port: 9090/);
  // The page is complete without Monaco: live, its dry run answered, no problems.
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('service-yaml-pane')).toHaveAttribute('data-dry-run', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('yaml-problem-count')).toHaveText('0 errors, 0 warnings');
  await page.waitForLoadState('networkidle');
  expect(monacoScripts).toEqual([]);
  await expect(page.getByTestId('yaml-editor')).toHaveCount(0);
  // Keyboard only: the focus in the plain editor is the intent; Monaco takes over with the focus and the cursor.
  await plain.focus();
  await page.keyboard.press('Control+Home');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('port: 9090', { timeout: 30_000 });
  await expect(editor(page)).toBeFocused();
  expect(monacoScripts.length).toBeGreaterThan(0);
  await page.keyboard.type('# top ');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('# top apiVersion: v1');
});

test('port: 70000 gets the API server message on that line', async ({ page }) => {
  const svc = await freshService('yaml-port', twoPorts);
  await openEditor(page, NS, 'yaml-port');
  const line = lineOf(editorText(svc), /^\s+port: 80$/);
  await replaceLine(page, line, 'port: 70000');
  const marker = problem(page, SERVER, /must be between 1 and 65535/);
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('data-line', String(line));
  await expect(problem(page, 'Service rules', /must be between 1 and 65535/)).toHaveAttribute('data-line', String(line));
  // Choosing the problem moves the cursor there (the editor has focus again).
  await marker.click();
  await expect(editor(page)).toBeFocused();
});

test('a duplicate port name is marked on the second name', async ({ page }) => {
  const svc = await freshService('yaml-dup', twoPorts);
  await openEditor(page, NS, 'yaml-dup');
  const line = lineOf(editorText(svc), /name: metrics/);
  await replaceLine(page, line, '- name: http');
  await expect(problem(page, SERVER, /Duplicate value/)).toHaveAttribute('data-line', String(line));
});

test('NodePort with clusterIP: None is marked on the clusterIP line (create, YAML view)', async ({ page }) => {
  await api.ensureNamespace(NS);
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/new?view=yaml&type=NodePort&namespace=${NS}`);
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('NodePort', { timeout: 30_000 });
  const typeLine = lineOf(editorText(newServiceSkeleton('NodePort', NS)), /^\s+type: NodePort/);
  await insertLineAfter(page, typeLine, 'clusterIP: None');
  await expect(problem(page, SERVER, /may not be set to 'None' for NodePort services/)).toHaveAttribute('data-line', String(typeLine + 1));
});

test('completion offers externalTrafficPolicy under spec; hover shows a description', async ({ page }) => {
  const svc = await freshService('yaml-help', twoPorts);
  await openEditor(page, NS, 'yaml-help');
  const text = editorText(svc);
  // After a spec field's own line: the new line keeps that indentation (right after `spec:` it depends
  // on Monaco's indent-on-enter having run, which a busy machine can outpace).
  await insertLineAfter(page, lineOf(text, /^\s+sessionAffinity:/), 'externalTr');
  await page.keyboard.press('Control+Space');
  const option = page.getByRole('option', { name: /externalTrafficPolicy/ }).first();
  await expect(option).toBeVisible();
  // Its label is drawn inside its row, readable (a page rule on Monaco's own `.main` once pushed every
  // label out of its row: blank completion rows in both themes).
  const label = option.getByText('externalTrafficPolicy', { exact: true }).first();
  await expect(label).toBeVisible();
  // Both boxes from one layout (the suggestion widget may move when monaco-yaml's items arrive).
  const { row, box } = await option.evaluate((el) => {
    const rect = (e: Element | null | undefined) => (e ? (({ x, y, width, height }) => ({ x, y, width, height }))(e.getBoundingClientRect()) : undefined);
    // The innermost element holding the whole name (the typed part is highlighted in a span of its own).
    const text = [...el.querySelectorAll('*')].filter((e) => e.textContent === 'externalTrafficPolicy').at(-1);
    return { row: rect(el), box: rect(text) };
  });
  expect(row && box && box.y >= row.y - 1 && box.y + box.height <= row.y + row.height + 1 && box.x + box.width <= row.x + row.width + 1, JSON.stringify({ row, box })).toBe(true);
  await page.keyboard.press('Escape');
  // Hover the mouse over the `sessionAffinity` key.
  await page.keyboard.press('Control+Z');
  await page.getByTestId('yaml-editor').locator('.view-line span span', { hasText: /^sessionAffinity$/ }).first().hover();
  // The cluster's own description (the embedded one words it differently from kube-apiserver's); both name `ClientIP`.
  await expect(page.locator('.monaco-hover').filter({ hasText: /ClientIP/ }).first()).toBeVisible();
});

test('the diff appears before apply, then the detail page shows the result', async ({ page }) => {
  const svc = await freshService('yaml-apply', twoPorts);
  // A laptop screen: editor and diff do not fit, the page must scroll.
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page, NS, 'yaml-apply');
  await replaceLine(page, lineOf(editorText(svc), /^\s+port: 9090$/), 'port: 9091');
  await page.getByRole('button', { name: 'Review and apply…' }).click();
  const diff = page.getByTestId('yaml-diff');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  await expect(diff).toContainText('9091');
  expect((await getService('yaml-apply')).spec?.ports?.[1].port).toBe(9090);
  // The page scrolls inside itself: the top bar stays where it is (item 11: the document itself
  // scrolled, 47 px of top bar gone and a grey strip below).
  const frame = () => page.evaluate(() => ({ documentScroll: document.scrollingElement?.scrollTop ?? -1, bannerTop: document.querySelector('header')?.getBoundingClientRect().top ?? -1 }));
  expect(await frame()).toEqual({ documentScroll: 0, bannerTop: 0 });
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.waitForURL(/\/services\/e2e-yaml\/yaml-apply$/);
  expect(await frame()).toEqual({ documentScroll: 0, bannerTop: 0 });
  expect((await getService('yaml-apply')).spec?.ports?.[1].port).toBe(9091);
});

test('the diff shows what changed, not the order keys were written in (item 12)', async ({ page }) => {
  const svc = await freshService('yaml-order', twoPorts);
  await openEditor(page, NS, 'yaml-order');
  const text = editorText(svc);
  const portLine = lineOf(text, /^\s+port: 9090$/);
  const protocolLine = lineOf(text, /^\s+protocol: TCP$/, lineOf(text, /^\s+- name: metrics$/));
  // port and protocol written the other way round, and the port changed: one line differs, not three.
  await replaceLine(page, portLine, 'protocol: TCP');
  await replaceLine(page, protocolLine, 'port: 9091');
  await page.getByRole('button', { name: 'Review and apply…' }).click();
  const diff = page.getByTestId('yaml-diff');
  await expect(diff).toContainText('9091');
  await expect(diff.locator('.line-insert')).toHaveCount(1);
  await expect(diff.locator('.line-delete')).toHaveCount(1);
});

test('a change made through the API while editing: 409 keeps the text, merges, re-applies', async ({ page }) => {
  const svc = await freshService('yaml-409', twoPorts, { labels: { team: 'a' } });
  await openEditor(page, NS, 'yaml-409');
  await replaceLine(page, lineOf(editorText(svc), /^\s+port: 9090$/), 'port: 9092');
  await api.patchService(NS, 'yaml-409', { metadata: { annotations: { 'example.com/changed-by': 'kubectl' } } });
  await expect(page.getByTestId('yaml-live-changed')).toBeVisible();
  await page.getByRole('button', { name: 'Review and apply…' }).click();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('yaml-three-way')).toContainText('409 Conflict');
  await expect(page.getByTestId('yaml-merged-count')).toContainText('metadata');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('9092');
  await page.getByRole('button', { name: 'Review and apply…' }).click();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.waitForURL(/\/services\/e2e-yaml\/yaml-409$/);
  const after = await getService('yaml-409');
  expect(after.spec?.ports?.[1].port).toBe(9092);
  expect(after.metadata.annotations?.['example.com/changed-by']).toBe('kubectl');
});

test('server-side apply: conflicts listed with their manager, then force', async ({ page }) => {
  const svc = await freshService('yaml-ssa', twoPorts, {}, '?fieldManager=e2e-other');
  await openEditor(page, NS, 'yaml-ssa');
  await replaceLine(page, lineOf(editorText(svc), /^\s+app: web$/), 'app: api');
  await page.getByRole('button', { name: 'Review and apply…' }).click();
  await page.getByRole('radio', { name: /Server-side apply/ }).check();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const conflicts = page.getByTestId('yaml-apply-conflicts');
  await expect(conflicts).toContainText('e2e-other');
  await expect(conflicts).toContainText('.spec.selector');
  expect((await getService('yaml-ssa')).spec?.selector?.app).toBe('web');
  await page.getByRole('button', { name: /Force apply/ }).click();
  await page.waitForURL(/\/services\/e2e-yaml\/yaml-ssa$/);
  expect((await getService('yaml-ssa')).spec?.selector?.app).toBe('api');
});

test('a draft survives a reload; discard brings back the live object', async ({ page }) => {
  const svc = await freshService('yaml-draft', twoPorts);
  await openEditor(page, NS, 'yaml-draft');
  await replaceLine(page, lineOf(editorText(svc), /^\s+port: 9090$/), 'port: 9093');
  await expect.poll(() => savedDraftText(page, NS, 'yaml-draft')).toContain('port: 9093'); // saved 300 ms after the last keystroke
  await page.reload();
  await expect(page.getByTestId('yaml-draft-restored')).toBeVisible();
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('9093');
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).not.toContainText('9093');
  await page.reload();
  await pointAtEditor(page);
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('apiVersion');
  await expect(page.getByTestId('yaml-draft-restored')).toHaveCount(0);
});

test('each bad input gives its error and keeps the text', async ({ page }) => {
  await freshService('yaml-bad', twoPorts);
  await openEditor(page, NS, 'yaml-bad');
  const lines = page.getByTestId('yaml-editor').locator('.view-lines');
  const cases: { text: string; error: RegExp; line?: number; keep: string }[] = [
    { text: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: yaml-bad\nspec:\n  type: ClusterIP\n  type: NodePort\n', error: /Duplicate key "type"/, line: 6, keep: 'type: NodePort' },
    { text: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: yaml-bad\n---\napiVersion: v1\nkind: Service\n', error: /second YAML document/, line: 5, keep: '---' },
    { text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: yaml-bad\n', error: /kind must be "Service"/, line: 2, keep: 'Deployment' },
    { text: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: renamed\n  namespace: e2e-yaml\n', error: /renaming is not possible/, line: 4, keep: 'renamed' },
    { text: `a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n`, error: /alias bomb/, line: 2, keep: '*a' },
  ];
  for (const c of cases) {
    await pasteAll(page, c.text);
    const m = problem(page, 'YAML syntax', c.error).first();
    await expect(m).toBeVisible();
    if (c.line) await expect(m).toHaveAttribute('data-line', String(c.line));
    await expect(lines).toContainText(c.keep);
  }
  // JSON is accepted as YAML: no syntax problem, the server's dry run accepts it.
  await pasteAll(page, JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'yaml-bad', namespace: NS }, spec: twoPorts }, null, 2));
  await expect(page.getByRole('region', { name: 'Problems' })).toContainText('No problems found.');
  await expect(page.getByRole('button', { name: 'Review and apply…' })).toBeEnabled();
  // More than 3 MiB is refused with the limit named, and the text stays.
  const big = `apiVersion: v1\nkind: Service\n# ${'x'.repeat(3 * 1024 * 1024)}\n`;
  await pasteAll(page, big);
  await expect(problem(page, 'YAML syntax', /limit is 3 MiB/)).toBeVisible({ timeout: 30_000 });
  await expect(lines).toContainText('xxxxxxxx');
});

test('a read-only identity gets the editor read-only and cannot apply', async ({ page, context }) => {
  const svc = await freshService('yaml-ro', twoPorts);
  await context.addCookies([{ name: 'porthole-context', value: 'porthole-viewer', url: env('PORTHOLE_E2E_URL') }]);
  try {
    await openEditor(page, NS, 'yaml-ro');
    await expect(page.getByTestId('yaml-read-only')).toContainText('may not update Services');
    await expect(page.getByRole('button', { name: 'Review and apply…' })).toBeDisabled();
    await replaceLine(page, lineOf(editorText(svc), /^\s+port: 9090$/), 'port: 9999');
    await expect(page.getByTestId('yaml-editor').locator('.view-lines')).not.toContainText('9999');
  } finally {
    await context.clearCookies();
  }
});

test('the edit page: Form and YAML tabs carry the same draft both ways', async ({ page }) => {
  await freshService('yaml-tabs', twoPorts);
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/${NS}/yaml-tabs/edit`);
  await page.getByLabel('Port 1: port').fill('8081');
  await page.getByRole('tab', { name: 'YAML' }).click();
  const lines = page.getByTestId('yaml-editor').locator('.view-lines');
  await expect(lines).toContainText('port: 8081', { timeout: 30_000 });
  await page.getByTestId('yaml-editor').locator('.view-line', { hasText: 'port: 8081' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('port: 8082', { delay: 5 });
  await page.keyboard.press('Escape');
  await expect(lines).toContainText('port: 8082');
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByLabel('Port 1: port')).toHaveValue('8082');
  await page.getByLabel('Port 1: port').fill('8083');
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(lines).toContainText('port: 8083', { timeout: 30_000 });
});

test('the edit page: leaving the YAML tab while Monaco still has work pending raises no error', async ({ page }) => {
  await freshService('yaml-tab-leave', twoPorts);
  await page.goto(`${env('PORTHOLE_E2E_URL')}/services/${NS}/yaml-tab-leave/edit`);
  await page.getByRole('tab', { name: 'YAML' }).click();
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('port: 9090', { timeout: 30_000 });
  // The editor takes the focus and the Form tab is pressed in the same task: Monaco's word highlighter
  // waits 50 ms after a focus, so the editor is disposed with that work pending (CI saw a
  // "Canceled" rejection escape as an uncaught page error when a user was this quick).
  const formTab = await page.getByRole('tab', { name: 'Form' }).elementHandle();
  await editor(page).evaluate((box, tab) => {
    (tab as HTMLElement).focus();
    (box as HTMLElement).focus();
    (tab as HTMLElement).click();
  }, formTab);
  await expect(page.getByLabel('Port 2: port')).toHaveValue('9090');
  await expect(page.getByTestId('yaml-editor')).toHaveCount(0);
  // A round trip after the rejections settled, so an uncaught one reaches the fixture before the test ends.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
});

test('a restored draft whose base is stale says so and offers the three-way merge', async ({ page }) => {
  const svc = await freshService('yaml-stale', twoPorts);
  await openEditor(page, NS, 'yaml-stale');
  await replaceLine(page, lineOf(editorText(svc), /^\s+port: 9090$/), 'port: 9094');
  await expect.poll(() => savedDraftText(page, NS, 'yaml-stale')).toContain('port: 9094');
  await page.goto('about:blank');
  await api.patchService(NS, 'yaml-stale', { metadata: { labels: { changed: 'meanwhile' } } });
  await openEditor(page, NS, 'yaml-stale');
  await expect(page.getByTestId('yaml-draft-restored')).toContainText('has changed since');
  await page.getByRole('button', { name: 'Open the three-way merge' }).click();
  await expect(page.getByTestId('yaml-three-way')).toContainText('older version');
  const lines = page.getByTestId('yaml-editor').locator('.view-lines');
  await expect(lines).toContainText('9094');
  await expect(lines).toContainText('changed: meanwhile');
});

test('deleted while editing: the text stays and the Service can be re-created from it', async ({ page }) => {
  const svc = await freshService('yaml-gone', twoPorts);
  await openEditor(page, NS, 'yaml-gone');
  await replaceLine(page, lineOf(editorText(svc), /^\s+port: 9090$/), 'port: 9095');
  await api.deleteService(NS, 'yaml-gone');
  await expect(page.getByTestId('yaml-not-found')).toContainText('your text is kept');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('9095');
  await page.getByRole('button', { name: 'Re-create it from your text' }).click();
  await page.waitForURL(/\/services\/e2e-yaml\/yaml-gone$/);
  expect((await getService('yaml-gone')).spec?.ports?.[1].port).toBe(9095);
});
