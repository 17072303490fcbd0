import { describe, expect, it } from 'vitest';
import { isPhoneRequest } from './request-device';

const req = (h: Record<string, string>) => new Headers(h);

describe('isPhoneRequest', () => {
  it('believes Chromium’s Sec-CH-UA-Mobile hint over the User-Agent', () => {
    expect(isPhoneRequest(req({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' }))).toBe(true);
    expect(isPhoneRequest(req({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' }))).toBe(false);
  });
  it('reads "Mobi" in the User-Agent of browsers that send no hint', () => {
    expect(isPhoneRequest(req({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1' }))).toBe(true);
    expect(isPhoneRequest(req({ 'user-agent': 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0' }))).toBe(true);
    expect(isPhoneRequest(req({ 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15' }))).toBe(false);
    expect(isPhoneRequest(req({}))).toBe(false);
  });
});
