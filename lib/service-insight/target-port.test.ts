import { describe, expect, it } from 'vitest';
import { effectiveTargetPort, resolveTargetPort, summarizeTargetPort } from './target-port';
import { pod } from './test-fixtures';

const web = pod('web-1', { labels: { app: 'web' }, ports: [{ name: 'http', containerPort: 8080 }, { name: 'dns', containerPort: 53, protocol: 'UDP' }] });

describe('targetPort resolution', () => {
  it('defaults an unset/zero/empty targetPort to the port', () => {
    expect(effectiveTargetPort({ port: 80 })).toBe(80);
    expect(effectiveTargetPort({ port: 80, targetPort: 0 })).toBe(80);
    expect(effectiveTargetPort({ port: 80, targetPort: '' })).toBe(80);
    expect(effectiveTargetPort({ port: 80, targetPort: 'http' })).toBe('http');
  });

  it('uses a number as it is, noting the container port that declares it', () => {
    expect(resolveTargetPort({ port: 80, targetPort: 8080 }, web)).toEqual({
      kind: 'number',
      port: 8080,
      declaredBy: { container: 'main', portName: 'http', containerPort: 8080, protocol: 'TCP' },
    });
    expect(resolveTargetPort({ port: 80, targetPort: 9999 }, web)).toEqual({ kind: 'number', port: 9999 });
  });

  it('resolves a name to the container port with that name and protocol', () => {
    expect(resolveTargetPort({ port: 80, targetPort: 'http' }, web)).toMatchObject({ kind: 'name', name: 'http', port: 8080 });
    expect(resolveTargetPort({ port: 53, protocol: 'UDP', targetPort: 'dns' }, web)).toMatchObject({ kind: 'name', port: 53 });
  });

  it('leaves a name unresolved when no port has it, or only with another protocol', () => {
    const missing = resolveTargetPort({ port: 9000, targetPort: 'grpc' }, web);
    expect(missing).toEqual({ kind: 'unresolved', name: 'grpc', reason: 'no container port is named "grpc" (declared: http, dns)' });
    const wrongProto = resolveTargetPort({ port: 53, protocol: 'TCP', targetPort: 'dns' }, web);
    expect(wrongProto).toMatchObject({ kind: 'unresolved', reason: 'container main declares port "dns" as UDP, the Service port is TCP' });
    const bare = resolveTargetPort({ port: 80, targetPort: 'http' }, pod('bare', { labels: {} }));
    expect(bare).toMatchObject({ kind: 'unresolved', reason: 'no container port is named "http" (the pod declares no named ports)' });
  });

  it('summarizes over pods', () => {
    const other = pod('web-2', { labels: { app: 'web' }, ports: [{ name: 'http', containerPort: 9090 }] });
    const bare = pod('web-3', { labels: { app: 'web' } });
    expect(summarizeTargetPort({ port: 80, targetPort: 'http' }, [web, other]).text).toBe('http → 8080, 9090');
    const partial = summarizeTargetPort({ port: 80, targetPort: 'http' }, [web, bare]);
    expect(partial.text).toBe('http → 8080 (unresolved on 1/2 pods)');
    expect(partial.unresolvedPods).toEqual(['web-3']);
    expect(summarizeTargetPort({ port: 80, targetPort: 'grpc' }, [web]).text).toBe('grpc → unresolved on 1/1 pods');
    expect(summarizeTargetPort({ port: 80, targetPort: 7000 }, [web]).text).toBe('7000 (not declared by any container)');
    expect(summarizeTargetPort({ port: 80, targetPort: 8080 }, [web]).text).toBe('8080');
    expect(summarizeTargetPort({ port: 80, targetPort: 'http' }, []).text).toBe('http (no backing pods to resolve it on)');
  });
});
