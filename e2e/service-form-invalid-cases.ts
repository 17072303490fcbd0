/**
 * The invalid-input table of the form spec: what to type into the form, the same change made to the
 * Service by hand (to ask the API server), the location of the error and the control showing it.
 */
import type { Locator, Page } from '@playwright/test';
import type { Service, ServiceSpec } from '../lib/k8s/types';

export interface InvalidCase {
  title: string;
  type: 'ClusterIP' | 'headless' | 'NodePort' | 'LoadBalancer' | 'ExternalName';
  /** Types into the form (the name is already filled in). */
  act: (page: Page) => Promise<void>;
  /** The same Service, changed by hand. */
  change: (svc: Service) => void;
  /** Dotted location of the error (serviceErrorKey of the server's causes[].field). */
  key: string;
  /** The control whose messages show it. */
  control: (page: Page) => Locator;
}

const label = (text: string) => (page: Page) => page.getByLabel(text, { exact: true });
const fill = (text: string, value: string) => (page: Page) => page.getByLabel(text, { exact: true }).fill(value);
const spec = (svc: Service): ServiceSpec => (svc.spec ??= {});
const port0 = (svc: Service) => spec(svc).ports![0];

async function addRow(page: Page, button: string, key: string, value: string, noun: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByLabel(`${noun} 1 key`).fill(key);
  await page.getByLabel(`${noun} 1 value`).fill(value);
}

async function secondPort(page: Page, name: string, port: string): Promise<void> {
  await page.getByRole('button', { name: 'Add port' }).click();
  await page.getByLabel('Port 2: name').fill(name);
  await page.getByLabel('Port 2: port').fill(port);
}

const long = (n: number) => 'a'.repeat(n);

const nameCase = (title: string, value: string): InvalidCase => ({
  title,
  type: 'ClusterIP',
  act: fill('Name', value),
  change: (s) => (s.metadata.name = value),
  key: 'metadata.name',
  control: label('Name'),
});

const portField = (title: string, type: InvalidCase['type'], field: 'port' | 'target port' | 'name' | 'node port' | 'app protocol', value: string, change: (s: Service) => void, key: string): InvalidCase => ({
  title,
  type,
  act: fill(`Port 1: ${field}`, value),
  change,
  key,
  control: label(`Port 1: ${field}`),
});

const mapCase = (title: string, button: string, noun: string, k: string, v: string, change: (s: Service) => void, key: string): InvalidCase => ({
  title,
  type: 'ClusterIP',
  act: (page) => addRow(page, button, k, v, noun),
  change,
  key,
  control: label(`${noun} 1 key`),
});

export const INVALID_CASES: InvalidCase[] = [
  nameCase('name with capitals', 'Web'),
  nameCase('name starting with a digit', '1web'),
  nameCase('name with an underscore', 'web_1'),
  nameCase('name longer than 63', long(64)),
  nameCase('name ending with a dash', 'web-'),
  portField('port 0', 'ClusterIP', 'port', '0', (s) => (port0(s).port = 0), 'spec.ports[0].port'),
  portField('port above 65535', 'ClusterIP', 'port', '70000', (s) => (port0(s).port = 70000), 'spec.ports[0].port'),
  portField('negative port', 'ClusterIP', 'port', '-5', (s) => (port0(s).port = -5), 'spec.ports[0].port'),
  portField('targetPort above 65535', 'ClusterIP', 'target port', '70000', (s) => (port0(s).targetPort = 70000), 'spec.ports[0].targetPort'),
  portField('targetPort name with capitals and underscore', 'ClusterIP', 'target port', 'HTTP_x', (s) => (port0(s).targetPort = 'HTTP_x'), 'spec.ports[0].targetPort'),
  portField('targetPort name longer than 15', 'ClusterIP', 'target port', 'abcdefghijklmnop', (s) => (port0(s).targetPort = 'abcdefghijklmnop'), 'spec.ports[0].targetPort'),
  portField('targetPort name without a letter', 'ClusterIP', 'target port', '80-80', (s) => (port0(s).targetPort = '80-80'), 'spec.ports[0].targetPort'),
  portField('port name with capitals', 'ClusterIP', 'name', 'Http', (s) => (port0(s).name = 'Http'), 'spec.ports[0].name'),
  portField('appProtocol with a space', 'ClusterIP', 'app protocol', 'my proto', (s) => (port0(s).appProtocol = 'my proto'), 'spec.ports[0].appProtocol'),
  // A node port outside the cluster's range (99999, -1) is no case here: kube-apiserver's dry run does not
  // check the range, only the create does (e2e/service-form-node-port-range.spec.ts).
  {
    title: 'two ports, the first unnamed',
    type: 'ClusterIP',
    act: (page) => secondPort(page, 'metrics', '9090'),
    change: (s) => spec(s).ports!.push({ protocol: 'TCP', name: 'metrics', port: 9090 }),
    key: 'spec.ports[0].name',
    control: label('Port 1: name'),
  },
  {
    title: 'two ports with the same name',
    type: 'ClusterIP',
    act: async (page) => {
      await page.getByLabel('Port 1: name').fill('http');
      await secondPort(page, 'http', '81');
    },
    change: (s) => {
      port0(s).name = 'http';
      spec(s).ports!.push({ protocol: 'TCP', name: 'http', port: 81 });
    },
    key: 'spec.ports[1].name',
    control: label('Port 2: name'),
  },
  mapCase('label key with a space', 'Add label', 'Label', 'bad key', 'x', (s) => (s.metadata.labels = { 'bad key': 'x' }), 'metadata.labels'),
  mapCase('label value longer than 63', 'Add label', 'Label', 'tier', long(64), (s) => (s.metadata.labels = { tier: long(64) }), 'metadata.labels'),
  mapCase('label key with an upper-case prefix', 'Add label', 'Label', 'Example.com/tier', 'x', (s) => (s.metadata.labels = { 'Example.com/tier': 'x' }), 'metadata.labels'),
  mapCase('annotation key with two slashes', 'Add annotation', 'Annotation', 'a/b/c', 'x', (s) => (s.metadata.annotations = { 'a/b/c': 'x' }), 'metadata.annotations'),
  mapCase('selector key with a space', 'Add selector', 'Selector', 'bad key', 'web', (s) => (spec(s).selector = { 'bad key': 'web' }), 'spec.selector'),
  mapCase('selector value with a bang', 'Add selector', 'Selector', 'app', 'web!', (s) => (spec(s).selector = { app: 'web!' }), 'spec.selector'),
  ...['10.96.0.500', 'not-an-ip'].map(
    (ip): InvalidCase => ({
      title: `fixed clusterIP ${ip}`,
      type: 'ClusterIP',
      act: async (page) => {
        await page.getByRole('radio', { name: /A fixed address/ }).check();
        await page.getByLabel('Cluster IP address').fill(ip);
      },
      change: (s) => Object.assign(spec(s), { clusterIP: ip, clusterIPs: [ip] }),
      key: 'spec.clusterIPs[0]',
      control: (page) => page.getByRole('group', { name: 'Cluster IP' }),
    }),
  ),
  ...['not-an-ip', '1.2.3'].map(
    (ip): InvalidCase => ({
      title: `external IP ${ip}`,
      type: 'NodePort',
      act: async (page) => {
        await page.getByRole('button', { name: 'Add external ip' }).click();
        await page.getByRole('textbox', { name: 'External IP 1', exact: true }).fill(ip);
      },
      change: (s) => (spec(s).externalIPs = [ip]),
      key: 'spec.externalIPs[0]',
      control: (page) => page.getByRole('textbox', { name: 'External IP 1', exact: true }),
    }),
  ),
  ...['0', '90000'].map(
    (t): InvalidCase => ({
      title: `ClientIP affinity timeout ${t}`,
      type: 'ClusterIP',
      act: async (page) => {
        await page.getByLabel('Session affinity').selectOption('ClientIP');
        await page.getByLabel('Affinity timeout (seconds)').fill(t);
      },
      change: (s) => Object.assign(spec(s), { sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: Number(t) } } }),
      key: 'spec.sessionAffinityConfig.clientIP.timeoutSeconds',
      control: label('Affinity timeout (seconds)'),
    }),
  ),
  ...[
    ['capitals and underscore', 'Bad_Name'],
    ['longer than 253', `${'a'.repeat(60)}.`.repeat(4) + 'example.com'],
    ['a label starting with a dash', 'db.-example.com'],
  ].map(
    ([what, v]): InvalidCase => ({
      title: `externalName: ${what}`,
      type: 'ExternalName',
      act: fill('External name', v),
      change: (s) => (spec(s).externalName = v),
      key: 'spec.externalName',
      control: label('External name'),
    }),
  ),
  {
    title: 'LoadBalancer source range /33',
    type: 'LoadBalancer',
    act: async (page) => {
      await page.getByRole('button', { name: 'Add source range' }).click();
      await page.getByRole('textbox', { name: 'Source range 1', exact: true }).fill('10.0.0.0/33');
    },
    change: (s) => (spec(s).loadBalancerSourceRanges = ['10.0.0.0/33']),
    key: 'spec.loadBalancerSourceRanges[0]',
    control: (page) => page.getByRole('textbox', { name: 'Source range 1', exact: true }),
  },
  {
    title: 'loadBalancerClass that is not a qualified name',
    type: 'LoadBalancer',
    act: fill('Load balancer class', 'bad class'),
    change: (s) => (spec(s).loadBalancerClass = 'bad class'),
    key: 'spec.loadBalancerClass',
    control: label('Load balancer class'),
  },
  {
    title: 'two ports with the same number and protocol',
    type: 'ClusterIP',
    act: async (page) => {
      await page.getByLabel('Port 1: name').fill('a');
      await secondPort(page, 'b', '80');
    },
    change: (s) => {
      port0(s).name = 'a';
      spec(s).ports!.push({ protocol: 'TCP', name: 'b', port: 80 });
    },
    key: 'spec.ports[1]',
    control: (page) => page.getByRole('group', { name: 'Port 2', exact: true }),
  },
  mapCase('label key name part longer than 63', 'Add label', 'Label', `example.com/${long(64)}`, 'x', (s) => (s.metadata.labels = { [`example.com/${long(64)}`]: 'x' }), 'metadata.labels'),
  portField('port name longer than 63', 'ClusterIP', 'name', long(64), (s) => (port0(s).name = long(64)), 'spec.ports[0].name'),
  {
    title: 'unsupported trafficDistribution',
    type: 'ClusterIP',
    act: fill('Traffic distribution', 'Nowhere'),
    change: (s) => (spec(s).trafficDistribution = 'Nowhere'),
    key: 'spec.trafficDistribution',
    control: label('Traffic distribution'),
  },
];
