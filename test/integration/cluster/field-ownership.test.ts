/**
 * Field ownership over HTTP with kubectl, compared with what kube-apiserver v1.32 records:
 * managedFields after create (nothing allocated by the server is owned), the client-side -> server-side
 * apply migration of kubectl, conflicts and --force-conflicts, shared ownership of equal values, the
 * removal of fields an applier stops applying, and unknown fields in an applied configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedFieldsEntry } from '../../../lib/k8s/types/meta';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
const NS = 'ownership';

interface SvcJson {
  metadata: { managedFields?: ManagedFieldsEntry[]; labels?: Record<string, string> };
  spec: { ports: { port: number; targetPort: number | string; nodePort?: number }[]; selector?: Record<string, string> };
}

function manifest(name: string, targetPort: number, extra = ''): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${NS}
  labels: {app: ${name}}
spec:
  type: NodePort
  selector: {app: ${name}}
  ports:
  - port: 80
    targetPort: ${targetPort}
${extra}`;
}

async function kubectlOk(args: string[], input?: string): Promise<string> {
  const r = await cluster.kubectl(args, { input });
  if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

async function getSvc(name: string): Promise<SvcJson> {
  return JSON.parse(await kubectlOk(['get', 'svc', name, '-n', NS, '-o', 'json', '--show-managed-fields'])) as SvcJson;
}

const entry = (svc: SvcJson, manager: string, operation = 'Apply') =>
  svc.metadata.managedFields?.find((e) => e.manager === manager && e.operation === operation);

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  await kubectlOk(['create', '-f', '-'], `apiVersion: v1\nkind: Namespace\nmetadata: {name: ${NS}}\n`);
});

afterAll(async () => {
  await cluster?.stop();
});

describe('managedFields recorded by writes', () => {
  it('kubectl apply (client-side) records what kube-apiserver records: defaulted fields, not allocated ones', async () => {
    await kubectlOk(['apply', '-f', '-'], manifest('csa', 8080));
    const svc = await getSvc('csa');
    const e = entry(svc, 'kubectl-client-side-apply', 'Update');
    expect(e).toMatchObject({ apiVersion: 'v1', fieldsType: 'FieldsV1' });
    // The etcd dump of the same object from a real cluster.
    expect(JSON.stringify(e?.fieldsV1)).toBe(
      '{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:externalTrafficPolicy":{},"f:internalTrafficPolicy":{},"f:ports":{".":{},"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{},"f:protocol":{},"f:targetPort":{}}},"f:selector":{},"f:sessionAffinity":{},"f:type":{}}}',
    );
  });

  it('kubectl apply --server-side takes over from client-side apply without conflicts (last-applied migration)', async () => {
    const out = await kubectlOk(['apply', '--server-side', '-f', '-'], manifest('csa', 9090));
    expect(out.trim()).toBe('service/csa serverside-applied');
    const svc = await getSvc('csa');
    expect(svc.spec.ports[0].targetPort).toBe(9090);
    expect(JSON.stringify(entry(svc, 'kubectl')?.fieldsV1)).toContain('f:targetPort');
    // kubectl's csaupgrade.UpgradeManagedFields (client-go/util/csaupgrade/upgrade.go) unions the
    // `kubectl-client-side-apply` Update entry into the `kubectl` Apply entry and removes it.
    expect(entry(svc, 'kubectl-client-side-apply', 'Update')).toBeUndefined();
    // kubectl then re-applies: `kubectl` owns exactly the applied fields, `kubectl-last-applied` the annotation.
    expect(svc.metadata.managedFields?.map((e) => `${e.manager}/${e.operation}`).sort()).toEqual(['kubectl-last-applied/Apply', 'kubectl/Apply']);
    expect(JSON.stringify(entry(svc, 'kubectl-last-applied')?.fieldsV1)).toBe(
      '{"f:metadata":{"f:annotations":{"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}',
    );
  });
});

describe('server-side apply between managers', () => {
  it('reports a conflict as kubectl shows it, and --force-conflicts moves the field', async () => {
    await kubectlOk(['apply', '--server-side', '--field-manager=team-a', '-f', '-'], manifest('shared', 8080));
    const r = await cluster.kubectl(['apply', '--server-side', '--field-manager=team-b', '-f', '-'], { input: manifest('shared', 7070) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: Apply failed with 1 conflict: conflict with "team-a": .spec.ports[port=80,protocol="TCP"].targetPort');
    await kubectlOk(['apply', '--server-side', '--force-conflicts', '--field-manager=team-b', '-f', '-'], manifest('shared', 7070));
    const svc = await getSvc('shared');
    expect(svc.spec.ports[0].targetPort).toBe(7070);
    expect(JSON.stringify(entry(svc, 'team-b')?.fieldsV1)).toContain('f:targetPort');
    expect(JSON.stringify(entry(svc, 'team-a')?.fieldsV1)).not.toContain('f:targetPort');
  });

  it('records shared ownership when a second manager applies equal values', async () => {
    await kubectlOk(['apply', '--server-side', '--field-manager=team-c', '-f', '-'], manifest('shared', 7070));
    const svc = await getSvc('shared');
    expect(entry(svc, 'team-c')?.fieldsV1).toEqual(entry(svc, 'team-b')?.fieldsV1);
  });

  it('removes a field its only applier stops applying, keeps what another applier still applies', async () => {
    const withLabel = manifest('prune', 8080).replace('labels: {app: prune}', 'labels: {app: prune, tier: web}');
    await kubectlOk(['apply', '--server-side', '--field-manager=owner', '-f', '-'], withLabel);
    await kubectlOk(['apply', '--server-side', '--field-manager=owner', '-f', '-'], manifest('prune', 8080));
    expect((await getSvc('prune')).metadata.labels).toEqual({ app: 'prune' });
    const selectorOnly = `apiVersion: v1\nkind: Service\nmetadata: {name: prune, namespace: ${NS}}\nspec:\n  selector: {app: prune}\n`;
    await kubectlOk(['apply', '--server-side', '--field-manager=second', '-f', '-'], selectorOnly);
    const noSelector = manifest('prune', 8080).replace('  selector: {app: prune}\n', '');
    await kubectlOk(['apply', '--server-side', '--field-manager=owner', '-f', '-'], noSelector);
    expect((await getSvc('prune')).spec.selector).toEqual({ app: 'prune' });
  });

  it('refuses undeclared fields in an applied configuration with the real error', async () => {
    const bad = manifest('bad', 8080).replace('  type: NodePort\n', '  type: NodePort\n  foo: 1\n');
    const r = await cluster.kubectl(['apply', '--server-side', '--validate=false', '-f', '-'], { input: bad });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`failed to create typed patch object (${NS}/bad; /v1, Kind=Service): .spec.foo: field not declared in schema`);
  });
});
