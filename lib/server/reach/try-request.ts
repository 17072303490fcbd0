import { statusError } from '../../k8s/status';
import { TRY_METHODS, type TryMethod, type TryRequest } from '../../reach/wire';
import { RequestError } from '../errors';

const MAX_HEADERS = 20;
const MAX_PATH = 2048;
const MAX_HEADER_VALUE = 4096;
const MAX_BODY = 64 * 1024;
/** An HTTP token (RFC 9110), and the headers Porthole sets itself or that would change the framing. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const RESERVED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade', 'keep-alive', 'te', 'trailer', 'proxy-connection', 'expect']);

const bad = (message: string) => new RequestError(statusError.badRequest(message));

/** The Try-it body, checked: a method from the list, a path, at most 20 headers, bounded sizes. */
export function parseTryRequest(raw: unknown): TryRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('the body must be a JSON object');
  const o = raw as Record<string, unknown>;
  const method = o.method ?? 'GET';
  if (typeof method !== 'string' || !TRY_METHODS.includes(method as TryMethod)) throw bad(`method must be one of ${TRY_METHODS.join(', ')}`);
  const path = o.path ?? '/';
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PATH || /[\s\x00-\x1f\x7f]/.test(path)) {
    throw bad(`path must start with "/", have no spaces or control characters, and be at most ${MAX_PATH} characters`);
  }
  const port = o.port;
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)) throw bad('port must be a Service port number (1-65535)');
  const list = o.headers ?? [];
  if (!Array.isArray(list) || list.length > MAX_HEADERS) throw bad(`headers must be a list of at most ${MAX_HEADERS} {name, value}`);
  const headers = list.map((h: unknown, i) => {
    const { name, value } = (typeof h === 'object' && h !== null ? h : {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !TOKEN.test(name)) throw bad(`headers[${i}].name is not a valid header name`);
    if (RESERVED.has(name.toLowerCase())) throw bad(`headers[${i}]: ${name} is set by Porthole`);
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE || /[\r\n\x00]/.test(value))
      throw bad(`headers[${i}].value must be text of at most ${MAX_HEADER_VALUE} characters on one line`);
    return { name, value };
  });
  const body = o.body;
  if (body !== undefined && (typeof body !== 'string' || body.length > MAX_BODY)) throw bad(`body must be text of at most ${MAX_BODY} characters`);
  return { method: method as TryMethod, path, port, headers, body, includeNotReady: o.includeNotReady === true, tcp: o.tcp === true };
}
