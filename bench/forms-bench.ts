/**
 * Service form benchmarks (issue 7): the cost of one keystroke in a 20-port draft in Node (form →
 * Service mapping + the shared rules), and in real Chromium the time from a field edit to its
 * message on screen.
 */
import { chromium, type Page } from '@playwright/test';
import { startTestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';
import type { Service } from '../lib/k8s/types';
import { checkDraft } from '../lib/service-draft/field-messages';
import { applyForm, toForm } from '../lib/service-draft/form-model';
import { percentile, result, type BenchResult } from './stats';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function twentyPortDraft(): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'bench', namespace: 'default', labels: { app: 'bench', tier: 'web' }, annotations: { 'example.com/a': 'b' } },
    spec: {
      type: 'LoadBalancer',
      selector: { app: 'bench' },
      ports: Array.from({ length: 20 }, (_, i) => ({ name: `p${i}`, protocol: 'TCP' as const, port: 8000 + i, targetPort: `t${i}`, nodePort: 30000 + i })),
      externalTrafficPolicy: 'Local',
      loadBalancerSourceRanges: ['10.0.0.0/8', '192.168.0.0/16'],
    },
  };
}

/** Per keystroke: the edited form → Service (applyForm) → checkServiceDraft with field messages. */
export function benchValidation(samples = 2000): BenchResult {
  const origin = twentyPortDraft();
  let form = toForm(origin);
  const times: number[] = [];
  for (let i = 0; i < samples + 200; i++) {
    const start = performance.now();
    const ports = form.ports.map((p, j) => (j === i % 20 ? { ...p, name: i % 2 ? `${p.name}x` : p.name.replace(/x+$/, '') } : p));
    form = { ...form, ports };
    const { service, problems } = applyForm(form, origin);
    checkDraft(service, problems);
    const t = performance.now() - start;
    if (i >= 200) times.push(t); // the first 200 warm the JIT
  }
  return result('form keystroke, 20-port draft: map + checkServiceDraft (p95)', percentile(times, 95), 'ms', { max: 5 }, `Node, ${samples} keystrokes, performance.now()`);
}

/** Sets an input's value inside the page and waits for the field's message list to change and paint. */
async function editToMessage(page: Page, value: string): Promise<number> {
  return page.evaluate(async (v) => {
    const input = document.getElementById('f-port-0-port') as HTMLInputElement | null;
    const msgs = document.getElementById('f-port-0-port-msgs');
    if (!input || !msgs) throw new Error('port field missing');
    const before = msgs.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const start = performance.now();
    setValue?.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (msgs.textContent !== before || performance.now() - start > 2000) resolve();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await new Promise<void>((r) => requestAnimationFrame(() => r()));
    return performance.now() - start;
  }, value);
}

export async function benchFormBrowser(samples = 40): Promise<BenchResult> {
  const cluster = await startTestCluster({ empty: true });
  const porthole = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript('window.__name = function (f) { return f; }');
    await page.goto(`${porthole.url}/services/new?type=NodePort&namespace=default`);
    await page.getByLabel('Port 1: port').waitFor();
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      // Alternate an invalid and a valid port: the message appears, then goes.
      times.push(await editToMessage(page, i % 2 === 0 ? '0' : '80'));
    }
    return result('field edit → message shown, Chromium (p95)', percentile(times, 95), 'ms', { max: 50 }, `${samples} edits of Port 1 (0 ↔ 80), input event → message list changed + next frame`);
  } finally {
    await browser.close();
    await porthole.stop();
    await cluster.stop();
  }
}

export async function benchForms(): Promise<BenchResult[]> {
  return [benchValidation(), await benchFormBrowser()];
}
