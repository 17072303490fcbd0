import { describe, expect, it } from 'vitest';
import { createServiceAllocation } from '../allocators';
import { createDefinitions } from '../registry';
import { openStore } from '../storage';
import { createRestContext } from './context';
import { createObject } from './create';
import { managerName, UNKNOWN_MANAGER } from './metadata';
import { patchObject } from './patch';
import { updateObject } from './update';

describe('managerName (managerOrUserAgent)', () => {
  it('takes fieldManager, else the user agent product, else unknown', () => {
    expect(managerName('mine', 'kubectl/v1.32.0 (linux/amd64)')).toBe('mine');
    expect(managerName(undefined, 'kubectl/v1.32.0 (linux/amd64)')).toBe('kubectl');
    expect(managerName(undefined, undefined)).toBe(UNKNOWN_MANAGER);
    expect(managerName('', '')).toBe('unknown');
    expect(managerName(undefined, '/v1')).toBe('unknown');
  });

  it('keeps printable characters only, at most 128 bytes', () => {
    expect(managerName(undefined, 'my\u0007tool/1')).toBe('mytool');
    expect(managerName(undefined, 'a'.repeat(200))).toBe('a'.repeat(128));
    expect(managerName(undefined, `${'a'.repeat(127)}é`)).toBe('a'.repeat(127));
  });
});

describe('writes without a fieldManager or User-Agent', () => {
  it('record their fields under the manager "unknown", operation Update', () => {
    const ctx = createRestContext(openStore({}), createDefinitions(createServiceAllocation({})));
    const anonymous = { dryRun: false, fieldValidation: 'Strict' as const };
    const services = ctx.definitions.get('services')!;
    createObject(ctx, ctx.definitions.get('namespaces')!, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } }, anonymous);
    const created = createObject(ctx, services, 'ns', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80 }] } }, anonymous).object;
    expect(created.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'unknown', operation: 'Update', apiVersion: 'v1' })]);
    const patched = patchObject(ctx, services, 'ns', 's', '{"metadata":{"labels":{"a":"b"}}}', 'application/merge-patch+json', anonymous).object;
    expect(patched.metadata.managedFields?.map((m) => m.manager)).toEqual(['unknown']);
    const body = JSON.parse(JSON.stringify(patched)) as { metadata: { labels: Record<string, string> } };
    body.metadata.labels = { a: 'c' };
    const updated = updateObject(ctx, services, 'ns', 's', body, anonymous).object;
    expect(updated.metadata.managedFields?.map((m) => `${m.manager}/${m.operation}`)).toEqual(['unknown/Update']);
  });
});
