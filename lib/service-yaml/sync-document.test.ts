import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editorObject, objectToApply, serviceToYaml, statusLine } from './editor-text';
import { formatYaml, rewriteYaml } from './sync-document';

const TEXT = `# my service
apiVersion: v1
kind: Service
metadata:
  name: web # keep me
spec:
  type: ClusterIP
  ports:
    # the web port
    - {name: http, port: 80}
`;

describe('rewriting text to a new value keeps comments', () => {
  it('changes one scalar and keeps every comment', () => {
    const value = parse(TEXT) as { spec: { type: string; ports: { port: number }[] } };
    value.spec.type = 'NodePort';
    value.spec.ports[0].port = 81;
    const out = rewriteYaml(TEXT, value);
    expect(out).toContain('# my service');
    expect(out).toContain('# keep me');
    expect(out).toContain('# the web port');
    expect(parse(out)).toEqual(value);
  });

  it('adds and removes keys', () => {
    const value = parse(TEXT) as Record<string, Record<string, unknown>>;
    delete value.spec.type;
    value.spec.selector = { app: 'web' };
    const out = rewriteYaml(TEXT, value);
    expect(parse(out)).toEqual(value);
    expect(out).toContain('# keep me');
  });

  it('formats keeping comments, and leaves unparsable text alone', () => {
    const messy = 'a:   1   # one\nb:\n    - x\n';
    expect(formatYaml(messy)).toBe('a: 1 # one\nb:\n  - x\n');
    expect(formatYaml('a: [')).toBe('a: [');
  });
});

describe('editor view of a Service', () => {
  const svc = {
    apiVersion: 'v1',
    kind: 'Service',
    status: { loadBalancer: {} },
    spec: { ports: [{ port: 80 }] },
    metadata: { name: 'web', managedFields: [{ manager: 'kubectl', operation: 'Update' }] },
  } as const;

  it('hides managedFields by default and puts status last', () => {
    const text = serviceToYaml(svc as never);
    expect(text).not.toContain('managedFields');
    expect(Object.keys(parse(text) as object)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    expect(statusLine(text)).toBe(text.split('\n').findIndex((l) => l.startsWith('status:')) + 1);
    expect(serviceToYaml(svc as never, { showManagedFields: true })).toContain('managedFields');
  });

  it('applies without status', () => {
    expect('status' in objectToApply(editorObject(svc as never))).toBe(false);
  });
});
