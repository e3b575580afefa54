/**
 * Connections that hold no request: closed when they stay silent, and the oldest closed first when too many wait.
 *
 * Node's `headersTimeout` starts at a request's first byte, so a connection that never sends one (or a keep-alive
 * connection between requests, until `keepAliveTimeout`) holds one of the server's `maxConnections` for as long as
 * the client likes: a thousand of them take the bot offline. Here a connection is *waiting* from its accept, and
 * again from the end of each answer, until the headers of its next request are in. A waiting connection that has
 * sent no byte for `idleTimeoutMs` is closed (one that started a request is left to `headersTimeout`); when more
 * than `maxWaiting` wait at once, the oldest is closed, so waiting connections never fill the server.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface IdleSocketOptions {
  idleTimeoutMs: number;
  maxWaiting: number;
}

interface Waiting {
  since: number;
  bytesReadThen: number;
}

/** Watches the server's connections until `stop()`; checks the silent ones about every `idleTimeoutMs / 4`. */
export function guardIdleSockets(server: Server, options: IdleSocketOptions): { stop(): void; waiting(): number } {
  const { idleTimeoutMs, maxWaiting } = options;
  // insertion order is age order: a connection that waits again is deleted and set anew
  const waiting = new Map<Socket, Waiting>();
  const inFlight = new WeakMap<Socket, number>();

  const wait = (socket: Socket): void => {
    waiting.delete(socket);
    waiting.set(socket, { since: Date.now(), bytesReadThen: socket.bytesRead });
    for (const oldest of waiting.keys()) {
      if (waiting.size <= maxWaiting) break;
      waiting.delete(oldest);
      oldest.destroy();
    }
  };

  const onConnection = (socket: Socket): void => {
    socket.once('close', () => waiting.delete(socket));
    wait(socket);
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const socket = req.socket;
    waiting.delete(socket);
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (left === 0 && !socket.destroyed) wait(socket);
    });
  };

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, since] of waiting) {
        const silent = socket.bytesRead === since.bytesReadThen;
        if (silent && now - since.since >= idleTimeoutMs) {
          waiting.delete(socket);
          socket.destroy();
        }
      }
    },
    Math.max(50, Math.min(1_000, Math.floor(idleTimeoutMs / 4))),
  );
  sweep.unref();
  server.on('connection', onConnection);
  server.on('request', onRequest);

  return {
    stop() {
      clearInterval(sweep);
      server.off('connection', onConnection);
      server.off('request', onRequest);
    },
    waiting: () => waiting.size,
  };
}
