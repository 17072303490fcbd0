import { statusError } from '../../k8s/status';
import type { ForwardRequest } from '../../reach/wire';
import { RequestError } from '../errors';

const isPort = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= 65535;

/** The forward body, checked: an optional Service port, an optional local port (1024-65535; a free one when omitted). */
export function parseForwardRequest(raw: unknown): ForwardRequest {
  const o = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  if (o.port !== undefined && !isPort(o.port, 1)) throw new RequestError(statusError.badRequest('port must be a Service port number (1-65535)'));
  if (o.localPort !== undefined && !isPort(o.localPort, 1024)) throw new RequestError(statusError.badRequest('localPort must be a number from 1024 to 65535'));
  return { port: o.port, localPort: o.localPort };
}
