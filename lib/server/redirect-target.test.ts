import { describe, expect, it } from 'vitest';
import { safeNext } from './auth-mode-gate';
import { sameOriginPath } from './redirect-target';

const ORIGIN = 'http://127.0.0.1:3000';

describe('sameOriginPath: where Porthole may send a browser', () => {
  it('keeps paths of this origin, with query and fragment, rebuilt from the parsed URL', () => {
    expect(sameOriginPath('/services?namespace=demo#x', ORIGIN)).toBe('/services?namespace=demo#x');
    expect(sameOriginPath('/services/demo/web', ORIGIN)).toBe('/services/demo/web');
    expect(sameOriginPath(`${ORIGIN}/services`, ORIGIN)).toBe('/services');
    // Percent-encoded characters stay encoded: the browser does not strip or decode them in a path.
    expect(sameOriginPath('/%09/evil.host/x', ORIGIN)).toBe('/%09/evil.host/x');
    expect(sameOriginPath('/%2F%2Fevil.host', ORIGIN)).toBe('/%2F%2Fevil.host');
    // What the browser strips is stripped from the answer too.
    expect(sameOriginPath('/serv\tices', ORIGIN)).toBe('/services');
  });

  it('refuses every form the browser reads as another origin', () => {
    const bad = [
      '/\t/evil.host/x', // TAB: the browser drops it → //evil.host
      '/\r/evil.host/x', // CR
      '/\n/evil.host/x', // LF
      '/\r\n/evil.host',
      '\t//evil.host',
      '//evil.host',
      '/\\evil.host', // backslash reads as a slash
      '\\\\evil.host',
      '/\\/evil.host',
      '/\t\\evil.host',
      '/.//evil.host', // parses to the path //evil.host: as a Location, another host
      '/a/../..//evil.host',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'https://evil.host/',
      'https:evil.host',
      'http://127.0.0.1:3001/', // another port is another origin
      'https://127.0.0.1:3000/', // and another scheme
      `http://user:pw@127.0.0.1:3000/`,
    ];
    for (const value of bad) expect(sameOriginPath(value, ORIGIN), JSON.stringify(value)).toBeUndefined();
  });

  it('refuses nothing-values and very long ones', () => {
    for (const value of [undefined, null, '', '/' + 'a'.repeat(2000)]) expect(sameOriginPath(value, ORIGIN)).toBeUndefined();
  });

  it('safeNext: the same rule, never the sign-in page itself', () => {
    expect(safeNext('/services?namespace=demo', ORIGIN)).toBe('/services?namespace=demo');
    expect(safeNext('/\t/evil.host/x', ORIGIN)).toBeUndefined();
    expect(safeNext('/signin?next=/x', ORIGIN)).toBeUndefined();
    expect(safeNext('/sig\tnin', ORIGIN)).toBeUndefined();
    expect(safeNext('/signing-key', ORIGIN)).toBe('/signing-key');
  });
});
