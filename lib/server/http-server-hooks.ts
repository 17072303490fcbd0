import http from 'node:http';
import type { Duplex } from 'node:stream';
import { withServerResponse } from './upstream-body';

/**
 * Hooks on the Node HTTP server under Next, for what cannot be a route or proxy.ts: methods the Fetch
 * standard forbids, protocol upgrades, and static files sent precompressed. Each hook answers (true)
 * or leaves the request to Next (false), which then handles it with its Node response at hand
 * (lib/server/upstream-body.ts). Installed once, by instrumentation.ts, on the server
 * prototype (Next creates its server before any of our code runs).
 */
export interface HttpServerHooks {
  request: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean)[];
  upgrade: ((req: http.IncomingMessage, socket: Duplex) => boolean)[];
}

let installed = false;

export function installHttpServerHooks(hooks: HttpServerHooks): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  const hooked = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (hooks.request.some((hook) => hook(req, res))) return true;
      // Next handles it, with its Node response at hand for relayed upstream bodies (upstream-body.ts).
      return withServerResponse(res, () => Reflect.apply(emit, this, [event, ...args]) as boolean);
    } else if (event === 'upgrade') {
      const [req, socket] = args as [http.IncomingMessage, Duplex];
      if (hooks.upgrade.some((hook) => hook(req, socket))) return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
  http.Server.prototype.emit = hooked as typeof emit;
}
