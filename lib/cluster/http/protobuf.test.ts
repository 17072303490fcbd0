import { describe, expect, it } from 'vitest';
import { decodeReviewProtobuf, readEnvelope } from './protobuf';
import { decodeObjectProtobuf } from './protobuf-objects';

/** A tiny protobuf writer for the tests. */
function varint(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}
function field(num: number, value: string | number | Buffer): Buffer {
  if (typeof value === 'number') return Buffer.from([...varint(num * 8), ...varint(value)]);
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([Buffer.from([...varint(num * 8 + 2), ...varint(bytes.length)]), bytes]);
}
const msg = (...parts: Buffer[]): Buffer => Buffer.concat(parts);
function envelope(apiVersion: string, kind: string, raw: Buffer): Buffer {
  return Buffer.concat([Buffer.from('k8s\0', 'binary'), field(1, msg(field(1, apiVersion), field(2, kind))), field(2, raw)]);
}

describe('protobuf bodies', () => {
  it('decode a SelfSubjectAccessReview as kubectl auth can-i sends it', () => {
    const spec = field(1, msg(field(1, 'demo'), field(2, 'delete'), field(3, ''), field(5, 'services')));
    const body = envelope('authorization.k8s.io/v1', 'SelfSubjectAccessReview', msg(field(1, msg()), field(2, spec)));
    expect(decodeReviewProtobuf(body, 'SelfSubjectAccessReview', 'authorization.k8s.io/v1')).toEqual({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      metadata: {},
      spec: { resourceAttributes: { namespace: 'demo', verb: 'delete', resource: 'services' } },
    });
  });

  it('decode a Service as kubectl create service sends it, dropping Go zero values', () => {
    const meta = msg(field(1, 'np'), field(2, ''), field(11, msg(field(1, 'app'), field(2, 'np'))));
    const port = msg(field(1, '80-8080'), field(2, 'TCP'), field(3, 80), field(4, msg(field(1, 0), field(2, 8080))), field(5, 0));
    const spec = msg(field(1, port), field(2, msg(field(1, 'app'), field(2, 'np'))), field(3, ''), field(4, 'NodePort'), field(13, 0));
    const env = readEnvelope(envelope('v1', 'Service', msg(field(1, meta), field(2, spec))));
    expect(env.kind).toBe('Service');
    expect(decodeObjectProtobuf(env.raw, 'Service')).toEqual({
      metadata: { name: 'np', labels: { app: 'np' } },
      spec: { ports: [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }], selector: { app: 'np' }, type: 'NodePort' },
    });
  });

  it('refuses a body without the k8s envelope', () => {
    expect(() => decodeReviewProtobuf(Buffer.from('{}'), 'SelfSubjectReview', 'authentication.k8s.io/v1')).toThrow(/unrecognized/);
  });
});
