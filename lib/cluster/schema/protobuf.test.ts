import { describe, expect, it } from 'vitest';
import { decodeProtobufObject, isProtobufContentType, ProtobufDecodeError } from './protobuf';

/** Bodies captured from kubectl v1.32 (typed clients send protobuf). */
const captured = {
  createNamespace: 'azhzAAoPCgJ2MRIJTmFtZXNwYWNlEhwKFAoEZGVtbxIAGgAiACoAMgA4AEIAEgAaAgoAGgAiAA==',
  createServiceNodePort:
    'azhzAAoNCgJ2MRIHU2VydmljZRJsCiMKA3dlYhIAGgRkZW1vIgAqADIAOABCAFoKCgNhcHASA3dlYhJBChsKBzgwLTgwODASA1RDUBhQIgcIABCQPxoAKAASCgoDYXBwEgN3ZWIaACIITm9kZVBvcnQ6AEIAUgBaAGAAaAAaAgoAGgAiAA==',
  createServiceHeadless:
    'azhzAAoNCgJ2MRIHU2VydmljZRJRCiEKAmhsEgAaBGRlbW8iACoAMgA4AEIAWgkKA2FwcBICaGwSKBIJCgNhcHASAmhsGgROb25lIglDbHVzdGVySVA6AEIAUgBaAGAAaAAaAgoAGgAiAA==',
  canIDeleteServices:
    'azhzAAoyChdhdXRob3JpemF0aW9uLms4cy5pby92MRIXU2VsZlN1YmplY3RBY2Nlc3NSZXZpZXcSQAoQCgASABoAIgAqADIAOABCABIiCiAKBGRlbW8SBmRlbGV0ZRoAIgAqCHNlcnZpY2VzMgA6ABoICAASABoAIAAaACIA',
  canIGetHealthz:
    'azhzAAoyChdhdXRob3JpemF0aW9uLms4cy5pby92MRIXU2VsZlN1YmplY3RBY2Nlc3NSZXZpZXcSLwoQCgASABoAIgAqADIAOABCABIREg8KCC9oZWFsdGh6EgNnZXQaCAgAEgAaACAAGgAiAA==',
  canIList: 'azhzAAoxChdhdXRob3JpemF0aW9uLms4cy5pby92MRIWU2VsZlN1YmplY3RSdWxlc1JldmlldxIgChAKABIAGgAiACoAMgA4AEIAEgYKBGRlbW8aBBgAIgAaACIA',
  whoami: 'azhzAAotChhhdXRoZW50aWNhdGlvbi5rOHMuaW8vdjESEVNlbGZTdWJqZWN0UmV2aWV3EhoKEAoAEgAaACIAKgAyADgAQgASBgoECgASABoAIgA=',
};

const decode = (b64: string) => decodeProtobufObject(new Uint8Array(Buffer.from(b64, 'base64')));

describe('decodeProtobufObject', () => {
  it('decodes kubectl create namespace', () => {
    expect(decode(captured.createNamespace)).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' }, spec: {}, status: {} });
  });

  it('decodes kubectl create service nodeport as its JSON form (zero scalars omitted)', () => {
    expect(decode(captured.createServiceNodePort)).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'demo', labels: { app: 'web' } },
      spec: { ports: [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }], selector: { app: 'web' }, type: 'NodePort' },
      status: { loadBalancer: {} },
    });
    expect(decode(captured.createServiceHeadless).spec).toEqual({ selector: { app: 'hl' }, clusterIP: 'None', type: 'ClusterIP' });
  });

  it('decodes the self reviews of kubectl auth', () => {
    expect(decode(captured.canIDeleteServices)).toMatchObject({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { namespace: 'demo', verb: 'delete', resource: 'services' } },
    });
    expect(decode(captured.canIGetHealthz).spec).toEqual({ nonResourceAttributes: { path: '/healthz', verb: 'get' } });
    expect(decode(captured.canIList)).toMatchObject({ kind: 'SelfSubjectRulesReview', spec: { namespace: 'demo' } });
    expect(decode(captured.whoami)).toMatchObject({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
  });

  it('rejects bodies without the envelope and kinds it cannot map', () => {
    expect(() => decodeProtobufObject(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(ProtobufDecodeError);
    // Envelope with TypeMeta apps/v1 Deployment.
    const typeMeta = Buffer.concat([Buffer.from([0x0a, 7]), Buffer.from('apps/v1'), Buffer.from([0x12, 10]), Buffer.from('Deployment')]);
    const unknown = Buffer.concat([Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x0a, typeMeta.length]), typeMeta]);
    expect(() => decodeProtobufObject(new Uint8Array(unknown))).toThrow('no protobuf mapping for apps/v1, Kind=Deployment');
  });

  it('recognises the content type', () => {
    expect(isProtobufContentType('application/vnd.kubernetes.protobuf')).toBe(true);
    expect(isProtobufContentType('application/json')).toBe(false);
  });
});
