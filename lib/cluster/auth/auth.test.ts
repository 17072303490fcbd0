import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error';
import {
  authenticate,
  authorize,
  DEFAULT_TOKENS,
  defaultIdentities,
  forbiddenStatus,
  impersonate,
  parseIdentities,
  requestAttributes,
  reviewSelfSubject,
  reviewSelfSubjectAccess,
  reviewSelfSubjectRules,
  type RequestAttributes,
  type User,
} from './index';

const ids = defaultIdentities();
const user = (name: 'admin' | 'viewer' | 'editor'): User => {
  const u = authenticate(`Bearer ${DEFAULT_TOKENS[name]}`, ids, { anonymous: false });
  if (!u) throw new Error(`no ${name}`);
  return u;
};
const can = (name: 'admin' | 'viewer' | 'editor', attrs: RequestAttributes) => authorize(ids, user(name), attrs).allowed;
const svc = (verb: string, namespace?: string, extra: Partial<RequestAttributes> = {}): RequestAttributes => ({
  verb,
  apiGroup: '',
  resource: 'services',
  namespace,
  ...extra,
});

describe('authenticate', () => {
  it('maps bearer tokens to users with system:authenticated', () => {
    expect(user('viewer')).toEqual({ username: 'viewer', groups: ['porthole:viewers', 'system:authenticated'] });
    expect(authenticate(`bearer ${DEFAULT_TOKENS.admin} `, ids, { anonymous: false })?.username).toBe('admin');
  });

  it('rejects wrong tokens, even with anonymous access on', () => {
    expect(authenticate('Bearer nope', ids, { anonymous: true })).toBeUndefined();
  });

  it('ignores other schemes and empty tokens (SplitN on single spaces: two spaces make an empty token): anonymous if on, else 401', () => {
    for (const header of ['Basic YWRtaW46YWRtaW4=', 'Bearer ', DEFAULT_TOKENS.admin, `Bearer  ${DEFAULT_TOKENS.admin}`]) {
      expect(authenticate(header, ids, { anonymous: false }), header).toBeUndefined();
      expect(authenticate(header, ids, { anonymous: true })?.username, header).toBe('system:anonymous');
    }
  });

  it('treats a request without credentials as anonymous only when enabled', () => {
    expect(authenticate(undefined, ids, { anonymous: false })).toBeUndefined();
    expect(authenticate(undefined, ids, { anonymous: true })).toEqual({ username: 'system:anonymous', groups: ['system:unauthenticated'] });
  });
});

describe('authorize (built-in identities)', () => {
  it.each([
    ['admin', svc('delete', 'kube-system', { name: 'x' }), true],
    ['admin', { verb: 'get', path: '/anything' }, true],
    ['viewer', svc('list'), true],
    ['viewer', svc('watch', 'demo'), true],
    ['viewer', svc('get', 'demo', { name: 'web', subresource: 'status' }), true],
    ['viewer', { verb: 'list', apiGroup: 'discovery.k8s.io', resource: 'endpointslices' }, true],
    ['viewer', svc('delete', 'demo', { name: 'x' }), false],
    ['viewer', svc('create', 'demo'), false],
    ['viewer', svc('patch', 'demo', { name: 'x', subresource: 'status' }), false],
    ['editor', svc('create', 'demo'), true],
    ['editor', svc('deletecollection', 'demo'), true],
    ['editor', svc('update', 'demo', { name: 'x', subresource: 'status' }), true],
    ['editor', svc('list'), false],
    ['editor', svc('create', 'default'), false],
    ['editor', { verb: 'list', apiGroup: '', resource: 'pods', namespace: 'demo' }, true],
    ['editor', { verb: 'delete', apiGroup: '', resource: 'pods', namespace: 'demo', name: 'p' }, false],
    ['editor', { verb: 'watch', apiGroup: 'discovery.k8s.io', resource: 'endpointslices', namespace: 'demo' }, true],
    ['editor', { verb: 'list', apiGroup: '', resource: 'namespaces' }, true],
    ['editor', { verb: 'delete', apiGroup: '', resource: 'namespaces', name: 'demo', namespace: 'demo' }, false],
    ['editor', { verb: 'list', apiGroup: '', resource: 'nodes' }, false],
  ] as const)('%s %j → %s', (name, attrs, allowed) => {
    expect(can(name, attrs)).toBe(allowed);
  });

  it('lets every authenticated user read discovery, OpenAPI and health paths, and create self reviews', () => {
    for (const path of ['/healthz', '/livez', '/readyz', '/version', '/api', '/api/v1', '/apis', '/apis/discovery.k8s.io/v1', '/openapi/v2', '/openapi/v3/api/v1']) {
      expect(can('editor', { verb: 'get', path }), path).toBe(true);
    }
    expect(can('viewer', { verb: 'post', path: '/healthz' })).toBe(false);
    expect(can('viewer', { verb: 'get', path: '/metrics' })).toBe(false);
    expect(can('viewer', { verb: 'create', apiGroup: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' })).toBe(true);
    expect(can('editor', { verb: 'create', apiGroup: 'authentication.k8s.io', resource: 'selfsubjectreviews' })).toBe(true);
  });

  it('gives anonymous users health and version only', () => {
    const anon = authenticate(undefined, ids, { anonymous: true });
    if (!anon) throw new Error('anonymous');
    expect(authorize(ids, anon, { verb: 'get', path: '/healthz' }).allowed).toBe(true);
    expect(authorize(ids, anon, { verb: 'get', path: '/api' }).allowed).toBe(false);
    expect(authorize(ids, anon, svc('list')).allowed).toBe(false);
  });

  it('gives an RBAC-style reason when allowed and none when denied', () => {
    expect(authorize(ids, user('viewer'), svc('list')).reason).toBe(
      'RBAC: allowed by ClusterRoleBinding "porthole:viewer" of ClusterRole "porthole:viewer" to User "viewer"',
    );
    expect(authorize(ids, user('viewer'), svc('delete', 'demo', { name: 'x' }))).toEqual({ allowed: false, reason: '' });
    // roleBindingDescriber: a RoleBinding is named `<name>/<namespace>`.
    expect(authorize(ids, user('editor'), svc('delete', 'demo', { name: 'x' })).reason).toBe(
      'RBAC: allowed by RoleBinding "porthole:editor/demo" of Role "porthole:editor" to User "editor"',
    );
  });
});

describe('forbiddenStatus', () => {
  it('names the object, verb, resource, group and namespace', () => {
    expect(forbiddenStatus(user('viewer'), svc('delete', 'demo', { name: 'x' }))).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'services "x" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "demo"',
      reason: 'Forbidden',
      details: { name: 'x', kind: 'services' },
      code: 403,
    });
  });

  it('says "at the cluster scope" without a namespace and keeps subresources and groups', () => {
    expect(forbiddenStatus(user('viewer'), svc('list')).message).toBe(
      'services is forbidden: User "viewer" cannot list resource "services" in API group "" at the cluster scope',
    );
    expect(forbiddenStatus(user('viewer'), svc('update', 'demo', { name: 'web', subresource: 'status' })).message).toBe(
      'services "web" is forbidden: User "viewer" cannot update resource "services/status" in API group "" in the namespace "demo"',
    );
    const slice = forbiddenStatus(user('editor'), { verb: 'create', apiGroup: 'discovery.k8s.io', resource: 'endpointslices', namespace: 'demo' });
    expect(slice.message).toBe(
      'endpointslices.discovery.k8s.io is forbidden: User "editor" cannot create resource "endpointslices" in API group "discovery.k8s.io" in the namespace "demo"',
    );
    expect(slice.details).toEqual({ kind: 'endpointslices', group: 'discovery.k8s.io' });
  });

  it('formats non-resource paths', () => {
    const s = forbiddenStatus({ username: 'system:anonymous', groups: ['system:unauthenticated'] }, { verb: 'get', path: '/api' });
    expect(s.message).toBe('forbidden: User "system:anonymous" cannot get path "/api"');
    expect(s.code).toBe(403);
  });
});

describe('requestAttributes', () => {
  it.each([
    ['GET', '/api/v1/namespaces/demo/services', { verb: 'list', apiGroup: '', resource: 'services', namespace: 'demo' }],
    ['GET', '/api/v1/namespaces/demo/services?watch=1&resourceVersion=5', { verb: 'watch', resource: 'services', namespace: 'demo' }],
    ['GET', '/api/v1/services', { verb: 'list', resource: 'services' }],
    ['GET', '/api/v1/namespaces/demo/services/web', { verb: 'get', resource: 'services', name: 'web', namespace: 'demo' }],
    ['PUT', '/api/v1/namespaces/demo/services/web/status', { verb: 'update', subresource: 'status', name: 'web' }],
    ['PATCH', '/api/v1/namespaces/demo/services/web', { verb: 'patch', name: 'web' }],
    ['DELETE', '/api/v1/namespaces/demo/services', { verb: 'deletecollection', resource: 'services' }],
    ['DELETE', '/api/v1/namespaces/demo/services/web', { verb: 'delete', name: 'web' }],
    ['POST', '/api/v1/namespaces/demo/services', { verb: 'create', resource: 'services' }],
    ['GET', '/api/v1/namespaces/demo', { verb: 'get', resource: 'namespaces', name: 'demo', namespace: 'demo' }],
    ['PUT', '/api/v1/namespaces/demo/finalize', { verb: 'update', resource: 'namespaces', name: 'demo', subresource: 'finalize' }],
    ['GET', '/api/v1/namespaces', { verb: 'list', resource: 'namespaces' }],
    ['GET', '/apis/discovery.k8s.io/v1/namespaces/demo/endpointslices', { verb: 'list', apiGroup: 'discovery.k8s.io', resource: 'endpointslices' }],
    ['GET', '/api/v1/watch/namespaces/demo/services', { verb: 'watch', resource: 'services', namespace: 'demo' }],
    ['GET', '/api/v1/namespaces/demo/services?fieldSelector=metadata.name%3Dweb&watch=true', { verb: 'watch', name: 'web' }],
    ['POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { verb: 'create', apiGroup: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' }],
  ] as const)('%s %s', (method, url, expected) => {
    expect(requestAttributes(method, url)).toMatchObject(expected);
  });

  it('leaves the namespace out of cluster-scope requests', () => {
    expect(requestAttributes('GET', '/api/v1/services').namespace).toBeUndefined();
    expect(requestAttributes('GET', '/api/v1/namespaces').namespace).toBeUndefined();
  });

  it.each(['/api', '/api/v1', '/apis', '/apis/discovery.k8s.io', '/apis/discovery.k8s.io/v1', '/healthz', '/openapi/v3/api/v1', '/version'])(
    'GET %s is a non-resource request',
    (url) => {
      const a = requestAttributes('GET', url);
      expect(a.resource).toBeUndefined();
      expect(a).toMatchObject({ verb: 'get', path: url });
    },
  );
});

describe('self reviews', () => {
  it('SelfSubjectAccessReview answers from the same rules', () => {
    const review = (u: User, ns: string, verb: string) =>
      reviewSelfSubjectAccess(ids, u, { metadata: {}, spec: { resourceAttributes: { namespace: ns, verb, resource: 'services' } } });
    const denied = review(user('viewer'), 'demo', 'delete');
    expect(denied).toMatchObject({ kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', status: { allowed: false } });
    expect(denied.status?.reason).toBeUndefined();
    expect(review(user('editor'), 'demo', 'delete').status?.allowed).toBe(true);
    expect(review(user('editor'), 'default', 'delete').status?.allowed).toBe(false);
    const nonResource = reviewSelfSubjectAccess(ids, user('viewer'), { metadata: {}, spec: { nonResourceAttributes: { path: '/healthz', verb: 'get' } } });
    expect(nonResource.status?.allowed).toBe(true);
  });

  it('SelfSubjectAccessReview rejects a spec with none or both attribute kinds (422)', () => {
    try {
      reviewSelfSubjectAccess(ids, user('viewer'), { metadata: {}, spec: {} });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      const status = (e as ApiError).status;
      expect(status.code).toBe(422);
      expect(status.message).toBe(
        'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
      );
    }
  });

  it('SelfSubjectRulesReview lists the rules applying in the namespace', () => {
    const inDemo = reviewSelfSubjectRules(ids, user('editor'), { metadata: {}, spec: { namespace: 'demo' } });
    const resources = inDemo.status?.resourceRules.flatMap((r) => r.resources ?? []);
    expect(resources).toEqual(expect.arrayContaining(['services', 'services/status', 'pods', 'endpointslices', 'namespaces', 'selfsubjectaccessreviews']));
    expect(inDemo.status?.nonResourceRules.some((r) => r.nonResourceURLs?.includes('/healthz'))).toBe(true);
    expect(inDemo.status?.incomplete).toBe(false);
    const inDefault = reviewSelfSubjectRules(ids, user('editor'), { metadata: {}, spec: { namespace: 'default' } });
    expect(inDefault.status?.resourceRules.flatMap((r) => r.resources ?? [])).not.toContain('services');
  });

  it('SelfSubjectReview returns the user', () => {
    expect(reviewSelfSubject(user('editor'))).toEqual({
      kind: 'SelfSubjectReview',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: {},
      status: { userInfo: { username: 'editor', groups: ['porthole:editors', 'system:authenticated'] } },
    });
  });
});

describe('tokens file', () => {
  it('adds users with namespaced and cluster-wide rules and overrides built-in tokens', () => {
    const parsed = parseIdentities(`
users:
  - name: admin
    token: my-admin
  - name: alice
    token: alice-secret
    uid: "1001"
    groups: [team-a]
    rules:
      - resources: [services]
        verbs: [get, list]
        resourceNames: [web]
        namespaces: [team-a]
      - nonResourceURLs: ["/metrics"]
        verbs: [get]
`);
    expect(parsed.map((i) => i.name)).toEqual(['admin', 'viewer', 'editor', 'developer', 'alice']);
    expect(parsed[0].token).toBe('my-admin');
    expect(parsed[0].groups).toEqual(['system:masters']);
    const alice = authenticate('Bearer alice-secret', parsed, { anonymous: false });
    expect(alice).toEqual({ username: 'alice', uid: '1001', groups: ['team-a', 'system:authenticated'] });
    if (!alice) return;
    expect(authorize(parsed, alice, svc('get', 'team-a', { name: 'web' })).allowed).toBe(true);
    expect(authorize(parsed, alice, svc('get', 'team-a', { name: 'db' })).allowed).toBe(false);
    expect(authorize(parsed, alice, svc('list', 'team-a')).allowed).toBe(false);
    expect(authorize(parsed, alice, { verb: 'get', path: '/metrics' }).allowed).toBe(true);
  });

  it('accepts JSON, a bare list, and `defaults: false`', () => {
    const only = parseIdentities(JSON.stringify({ defaults: false, users: [{ name: 'bob', token: 't', rules: [] }] }));
    expect(only.map((i) => i.name)).toEqual(['bob']);
    expect(parseIdentities('[{"name":"carol","token":"c"}]').map((i) => i.name)).toContain('carol');
  });

  it('reports bad files with the path of the problem', () => {
    expect(() => parseIdentities('users: [{name: x}]', 'f.yaml')).toThrow('tokens file f.yaml: users[0].token: required');
    expect(() => parseIdentities('users: [{name: x, token: viewer-dup}, {name: y, token: viewer-dup}]')).toThrow('share a token');
    expect(() => parseIdentities('users: [{name: x, token: t, rules: [{verbs: [get]}]}]')).toThrow('users[0].rules[0].resources: required');
    expect(() => parseIdentities('users: [{name: x, token: t, rules: [{verbs: [get], resources: [a], bogus: 1}]}]')).toThrow('unknown field');
  });
});

describe('impersonate', () => {
  it('passes the user through without Impersonate-* headers', () => {
    expect(impersonate(ids, user('viewer'), { accept: 'application/json' })).toEqual({ user: user('viewer') });
  });

  it('lets the admin act as another user, with the impersonated groups only', () => {
    expect(impersonate(ids, user('admin'), { 'impersonate-user': 'viewer' })).toEqual({
      user: { username: 'viewer', groups: ['system:authenticated'] },
    });
    const asGroup = impersonate(ids, user('admin'), { 'impersonate-user': 'x', 'impersonate-group': ['a', 'b'], 'impersonate-uid': '42' });
    expect(asGroup).toEqual({ user: { username: 'x', uid: '42', groups: ['a', 'b', 'system:authenticated'] } });
    const sa = impersonate(ids, user('admin'), { 'impersonate-user': 'system:serviceaccount:demo:bot' });
    expect(sa).toEqual({
      user: { username: 'system:serviceaccount:demo:bot', groups: ['system:serviceaccounts', 'system:serviceaccounts:demo', 'system:authenticated'] },
    });
  });

  it('refuses others with the real 403 message', () => {
    const r = impersonate(ids, user('editor'), { 'impersonate-user': 'admin' });
    expect('status' in r && r.status.message).toBe(
      'users "admin" is forbidden: User "editor" cannot impersonate resource "users" in API group "" at the cluster scope',
    );
    const g = impersonate(ids, user('viewer'), { 'Impersonate-Group': 'system:masters' });
    expect('status' in g && g.status.code).toBe(400);
  });
});
