/**
 * One forwarded port of a WebSocket port-forward, framed as the kubelet frames it (channel protocol
 * v4.channel.k8s.io, binary): data channel 2i, error channel 2i+1, each channel's first frame the
 * port number (2 bytes, little endian), then every frame one channel byte and its payload. Data is
 * relayed both ways with back-pressure; the bounds close the connection and say why on the error channel.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { WorkloadLimits } from './limits';

/** Above this many bytes queued on the WebSocket, reading from the pod pauses. */
const HIGH_WATER = 1024 ** 2;

export function frame(channel: number, payload: Buffer | string): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const out = Buffer.allocUnsafe(data.length + 1);
  out[0] = channel;
  data.copy(out, 1);
  return out;
}

export function portFrame(channel: number, port: number): Buffer {
  const out = Buffer.alloc(3);
  out[0] = channel;
  out.writeUInt16LE(port, 1);
  return out;
}

export interface PortRelay {
  /** Bytes from the client for this port's data channel. */
  write(data: Buffer): void;
  /** Ends the TCP connection (the client went away). */
  destroy(): void;
  /** Settles when the connection ended; with the error written on the error channel, if any. */
  done: Promise<void>;
}

export function relayPort(ws: WebSocket, index: number, port: number, socket: Socket, limits: WorkloadLimits, describe: string): PortRelay {
  const data = index * 2;
  const errors = data + 1;
  let bytes = 0;
  let failure = '';
  const fail = (message: string): void => {
    failure ||= message;
    socket.destroy();
  };
  const count = (n: number): boolean => {
    bytes += n;
    if (bytes <= limits.maxBytesPerConnection) return true;
    fail(`error forwarding port ${port} to ${describe}: connection closed after more than ${limits.maxBytesPerConnection} bytes (--pod-connection-bytes)`);
    return false;
  };
  socket.setTimeout(limits.idleTimeoutMs, () => fail(`error forwarding port ${port} to ${describe}: connection idle for ${limits.idleTimeoutMs / 1000} s (--pod-idle-timeout)`));
  socket.on('data', (chunk: Buffer) => {
    if (!count(chunk.length)) return;
    ws.send(frame(data, chunk), () => {
      if (socket.isPaused() && ws.bufferedAmount < HIGH_WATER) socket.resume();
    });
    if (ws.bufferedAmount >= HIGH_WATER) socket.pause();
  });
  socket.on('error', (err) => fail(`error forwarding port ${port} to ${describe}: ${err.message}`));
  const done = new Promise<void>((resolve) => {
    socket.once('close', () => {
      if (failure && ws.readyState === ws.OPEN) ws.send(frame(errors, failure));
      resolve();
    });
  });
  return {
    write(chunk) {
      if (socket.destroyed || !count(chunk.length)) return;
      if (!socket.write(chunk)) {
        ws.pause();
        socket.once('drain', () => ws.resume());
      }
    },
    destroy() {
      socket.destroy();
    },
    done,
  };
}
