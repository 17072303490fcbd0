import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import type { Service, Status } from '../k8s/types';
import { DOCUMENT_START } from './markers';
import { fieldInText, serverMarkers, serviceRuleMarkers, type Located } from './problem-markers';

function located(text: string): Located & { service: Service } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  return { doc, lineCounter, text, service: doc.toJS() as Service };
}

const lineOf = (text: string, re: RegExp): number => text.split('\n').findIndex((l) => re.test(l)) + 1;

const BAD = `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: demo
spec:
  type: ClusterIP
  selector:
    app: web
  ports:
    - name: http
      port: 80
      targetPort: 8080
    - name: admin
      port: 70000
      targetPort: 9000
  sessionAffinity: Sometimes
`;

describe('serviceRuleMarkers: each Service rule at its field', () => {
  const loc = located(BAD);
  const markers = serviceRuleMarkers(loc, loc.service, undefined, 'demo');

  it('puts the port error on the line of that port, not at the top of the document', () => {
    const port = markers.find((m) => m.message.includes('spec.ports[1].port'));
    expect(port).toMatchObject({ source: 'rules', severity: 'error', startLine: lineOf(BAD, /port: 70000/) });
    expect(port?.startColumn).toBeGreaterThan(1);
  });

  it('puts the sessionAffinity error on its own line', () => {
    const affinity = markers.find((m) => m.message.includes('spec.sessionAffinity'));
    expect(affinity).toMatchObject({ source: 'rules', severity: 'error', startLine: lineOf(BAD, /sessionAffinity/) });
  });

  it('finds nothing in a valid Service', () => {
    const good = located(BAD.replace('70000', '8443').replace('Sometimes', 'None'));
    expect(serviceRuleMarkers(good, good.service, undefined, 'demo')).toEqual([]);
  });

  it('puts a warning that names a field at that field', () => {
    const text = `apiVersion: v1
kind: Service
metadata:
  name: fixed
spec:
  clusterIP: 010.96.0.10
  ports:
    - port: 80
`;
    const loc2 = located(text);
    const warning = serviceRuleMarkers(loc2, loc2.service).find((m) => m.severity === 'warning');
    expect(warning).toMatchObject({ source: 'rules', startLine: lineOf(text, /clusterIP:/) });
    expect(warning?.message).toMatch(/non-standard IP address/);
  });
});

describe('serverMarkers: the dry run answer at its fields', () => {
  const loc = located(BAD);

  it('places each 422 cause at its field, with the field in the message', () => {
    const status: Status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      reason: 'Invalid',
      code: 422,
      details: { causes: [{ reason: 'FieldValueInvalid', field: 'spec.ports[1].port', message: 'Invalid value: 70000' }] },
    };
    const [marker] = serverMarkers(loc, status, []);
    expect(marker).toMatchObject({ source: 'server', severity: 'error', startLine: lineOf(BAD, /port: 70000/), message: 'spec.ports[1].port: Invalid value: 70000' });
  });

  it('places every field a strict-decoding message names, and a message without a field at the document start', () => {
    const strict: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 400, reason: 'BadRequest', message: 'strict decoding error: unknown field "spec.sessionAffinity", duplicate field "metadata.name"' };
    expect(serverMarkers(loc, strict, []).map((m) => m.startLine)).toEqual([lineOf(BAD, /sessionAffinity/), lineOf(BAD, /name: web/)]);
    const plain: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 409, reason: 'Conflict', message: 'the object has been modified' };
    expect(serverMarkers(loc, plain, [])[0]).toMatchObject({ ...DOCUMENT_START, message: 'the object has been modified' });
  });

  it('turns warnings into warning markers at the field they name', () => {
    const [w] = serverMarkers(loc, undefined, ['spec.selector: selector matches no pods']);
    expect(w).toMatchObject({ source: 'server', severity: 'warning', startLine: lineOf(BAD, /selector:/) });
  });
});

describe('fieldInText', () => {
  it('reads a leading field path or a quoted unknown/duplicate field', () => {
    expect(fieldInText('spec.ports[0].port: must be between 1 and 65535')).toBe('spec.ports[0].port');
    expect(fieldInText('unknown field "spec.foo"')).toBe('spec.foo');
    expect(fieldInText('nothing here')).toBeUndefined();
  });
});
