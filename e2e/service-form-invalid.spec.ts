/**
 * A table of invalid inputs: for each, the message the form shows at the field equals the API
 * server's own message for the same Service (asked with a dry-run create in the test), and the
 * form's dry run through Porthole confirms it (the message is then marked as seen by both).
 */
import { expect, test } from './fixtures';
import type { Service, Status } from '../lib/k8s/types';
import { serviceErrorKey } from '../lib/service';
import { INVALID_CASES, type InvalidCase } from './service-form-invalid-cases';
import { api, errorsAt, openNew, serverDryRun, unique } from './service-form-support';

const NS = unique('forms-invalid');

test.beforeAll(async () => {
  await api.ensureNamespace(NS);
});

/** The Service the create form starts from for a type (what the form sends before any edit). */
function skeleton(c: InvalidCase, name: string): Service {
  const type = c.type === 'headless' ? 'ClusterIP' : c.type;
  const spec: Service['spec'] =
    c.type === 'ExternalName' ? { type } : { type, selector: {}, ports: [{ protocol: 'TCP', port: 80 }] };
  return { apiVersion: 'v1', kind: 'Service', metadata: { namespace: NS, name }, spec };
}

test('the table has at least 30 invalid inputs', () => {
  expect(INVALID_CASES.length).toBeGreaterThanOrEqual(30);
});

for (const [i, c] of INVALID_CASES.entries()) {
  test(`invalid input ${i + 1}: ${c.title}`, async ({ page }) => {
    const name = `inv-${i}`;
    const svc = skeleton(c, name);
    c.change(svc);
    const answer = await serverDryRun(svc);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    const causes = ((answer.body as Status).details?.causes ?? []).filter((k) => serviceErrorKey(k.field ?? '') === c.key);
    expect(causes.length, `server causes at ${c.key}: ${JSON.stringify(answer.body)}`).toBeGreaterThan(0);

    await openNew(page, c.type, NS);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await c.act(page);
    const control = c.control(page);
    // The shared rules answer at once; then the debounced dry run through Porthole.
    await expect.poll(() => errorsAt(page, control)).not.toEqual([]);
    await expect(page.getByTestId('dry-run')).toHaveAttribute('data-state', 'refused');
    const shown = await errorsAt(page, control);
    for (const cause of causes) expect(shown).toContain(cause.message);
    // Each server message is marked as given by both the local rules and the dry run; where only the
    // dry run gives it (the cluster's node-port range), the disagreement is shown, not hidden.
    const id = ((await control.getAttribute('aria-describedby')) ?? '').split(' ')[0];
    for (const cause of causes) {
      const item = page.locator(`[id="${id}"] li[data-kind=error]`).filter({ hasText: cause.message ?? '' }).first();
      const source = await item.getAttribute('data-source');
      expect(['both', 'server']).toContain(source);
      if (source === 'server') await expect(page.getByTestId('disagreements')).toContainText(c.key);
    }
  });
}
