import { describe, expect, it } from 'vitest';
import { parseLabelSelector } from '../../k8s/labels';
import { createServiceAllocation } from '../allocators';
import { createDefinitions } from '../registry';
import { openStore } from '../storage';
import { ApiError } from '../errors/api-error';
import { failureOf } from '../errors/api-error.test-support';
import { createRestContext, type RestContext } from './context';
import { createObject } from './create';
import { encodeList, listObjects } from './read';

const everything = { labels: [], fields: [] };

function setup(historySize?: number): RestContext {
  const ctx = createRestContext(openStore({ historySize }), createDefinitions(createServiceAllocation({})));
  const opts = { dryRun: false, fieldValidation: 'Strict' as const, fieldManager: 'test' };
  for (const ns of ['a', 'b']) {
    createObject(ctx, ctx.definitions.get('namespaces')!, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, opts);
    for (let i = 0; i < 5; i++) {
      const body = { apiVersion: 'v1', kind: 'Service', metadata: { name: `s${i}`, labels: { parity: i % 2 ? 'odd' : 'even' } }, spec: { ports: [{ port: 80 }] } };
      createObject(ctx, ctx.definitions.get('services')!, ns, body, opts);
    }
  }
  return ctx;
}

const names = (items: { metadata: { namespace?: string; name?: string } }[]) => items.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);

describe('listObjects', () => {
  it('pages with limit/continue in key order, with remainingItemCount, and a stable list resourceVersion', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const first = listObjects(ctx, def, { selection: everything, limit: 4 });
    expect(names(first.items)).toEqual(['a/s0', 'a/s1', 'a/s2', 'a/s3']);
    expect(first.remainingItemCount).toBe(6);
    const second = listObjects(ctx, def, { selection: everything, limit: 4, continueToken: first.continue });
    expect(names(second.items)).toEqual(['a/s4', 'b/s0', 'b/s1', 'b/s2']);
    expect(second.resourceVersion).toBe(first.resourceVersion);
    const last = listObjects(ctx, def, { selection: everything, limit: 4, continueToken: second.continue });
    expect(names(last.items)).toEqual(['b/s3', 'b/s4']);
    expect(last.continue).toBeUndefined();
  });

  it('filters by labels within a namespace, without remainingItemCount', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const page = listObjects(ctx, def, { namespace: 'b', selection: { labels: parseLabelSelector('parity=odd'), fields: [] }, limit: 1 });
    expect(names(page.items)).toEqual(['b/s1']);
    expect(page.remainingItemCount).toBeUndefined();
    const rest = listObjects(ctx, def, { namespace: 'b', selection: { labels: parseLabelSelector('parity=odd'), fields: [] }, continueToken: page.continue });
    expect(names(rest.items)).toEqual(['b/s3']);
  });

  it('refuses bad options and too-new resourceVersions like the real server', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const code = (fn: () => unknown): number => {
      try {
        fn();
      } catch (err) {
        return (err as ApiError).code;
      }
      return 0;
    };
    expect(code(() => listObjects(ctx, def, { selection: everything, resourceVersionMatch: 'Exact' }))).toBe(422);
    expect(code(() => listObjects(ctx, def, { selection: everything, resourceVersion: '999999' }))).toBe(504);
    expect(code(() => listObjects(ctx, def, { selection: everything, resourceVersion: 'x' }))).toBe(400);
  });

  it('encodes the list from cached object JSON', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const result = listObjects(ctx, def, { namespace: 'a', selection: everything, limit: 2 });
    const parsed = JSON.parse(encodeList(def, result)) as { kind: string; apiVersion: string; metadata: Record<string, unknown>; items: unknown[] };
    expect(parsed.kind).toBe('ServiceList');
    expect(parsed.apiVersion).toBe('v1');
    expect(parsed.metadata).toEqual({ resourceVersion: String(result.resourceVersion), continue: result.continue, remainingItemCount: 3 });
    expect(parsed.items).toHaveLength(2);
  });
});

describe('list options (ValidateListOptions, exact reads)', () => {
  const opts = { dryRun: false, fieldValidation: 'Strict' as const, fieldManager: 'test' };
  const message = failureOf;

  it('limit=-1 means no limit', () => {
    const ctx = setup();
    expect(listObjects(ctx, ctx.definitions.get('services')!, { selection: everything, limit: -1 }).items).toHaveLength(10);
  });

  it('resourceVersionMatch NotSupported lists "" among the supported values', () => {
    const ctx = setup();
    expect(message(() => listObjects(ctx, ctx.definitions.get('services')!, { selection: everything, resourceVersion: '1', resourceVersionMatch: 'Bogus' }))).toContain(
      'resourceVersionMatch: Unsupported value: "Bogus": supported values: "Exact", "NotOlderThan", ""',
    );
  });

  it('continue with a resourceVersion, and a garbage continue token, are 400s with the real texts', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const first = listObjects(ctx, def, { selection: everything, limit: 3 });
    expect(message(() => listObjects(ctx, def, { selection: everything, limit: 3, continueToken: first.continue, resourceVersion: '5' }))).toBe(
      '400 specifying resource version is not allowed when using continue',
    );
    expect(listObjects(ctx, def, { selection: everything, limit: 3, continueToken: first.continue, resourceVersion: '0' }).items).toHaveLength(3);
    expect(message(() => listObjects(ctx, def, { selection: everything, limit: 3, continueToken: 'a!b' }))).toBe(
      '400 invalid continue token: continue key is not valid: illegal base64 data at input byte 1',
    );
  });

  it('Exact (and the legacy limit + resourceVersion form) read the list as of that resourceVersion; continue pages stay on it', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const before = listObjects(ctx, def, { selection: everything });
    const rv = String(before.resourceVersion);
    createObject(ctx, def, 'a', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'after' }, spec: { ports: [{ port: 80 }] } }, opts);
    ctx.store.transact((tx) => tx.delete('services', 'b', 's0'));
    const exact = listObjects(ctx, def, { selection: everything, resourceVersion: rv, resourceVersionMatch: 'Exact' });
    expect(exact.resourceVersion).toBe(before.resourceVersion);
    expect(names(exact.items)).toEqual(names(before.items));
    const legacy = listObjects(ctx, def, { selection: everything, resourceVersion: rv, limit: 100 });
    expect(names(legacy.items)).toEqual(names(before.items));
    const notOlder = listObjects(ctx, def, { selection: everything, resourceVersion: rv });
    expect(names(notOlder.items)).toContain('a/after');
    const page = listObjects(ctx, def, { selection: everything, resourceVersion: rv, limit: 5 });
    const rest = listObjects(ctx, def, { selection: everything, limit: 100, continueToken: page.continue });
    expect([...names(page.items), ...names(rest.items)]).toEqual(names(before.items));
  });

  it('Exact below the retained history is 410 Expired', () => {
    const ctx = setup(3);
    const def = ctx.definitions.get('services')!;
    expect(message(() => listObjects(ctx, def, { selection: everything, resourceVersion: '2', resourceVersionMatch: 'Exact' }))).toBe(
      '410 The resourceVersion for the provided list is too old.',
    );
  });
});
