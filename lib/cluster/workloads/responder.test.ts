import { describe, expect, it } from 'vitest';
import { isHttpPort } from './responder';

describe('isHttpPort', () => {
  it('is HTTP by name (http*, web*, metrics*) or by well-known number, echo otherwise', () => {
    expect(isHttpPort(9090, 'web')).toBe(true);
    expect(isHttpPort(8443, 'https')).toBe(true);
    expect(isHttpPort(9102, 'metrics')).toBe(true);
    expect(isHttpPort(8080, undefined)).toBe(true);
    expect(isHttpPort(3000, 'grafana')).toBe(true);
    expect(isHttpPort(5432, 'postgres')).toBe(false);
    expect(isHttpPort(6379, undefined)).toBe(false);
  });
});
