/** The tests' redis-server starter: a port taken before the server binds it is not a failed test, another is tried. */
import { createServer } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { removeRedisScratch, startOnFreePort, type RedisProcess } from '../helpers/redis-servers.js';

const started: RedisProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.kill()));
  removeRedisScratch();
});

test('a redis-server whose port was taken meanwhile is started on another one', async () => {
  // holds the port and hangs up on whoever connects, as a socket that is not a Redis would
  const taken = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const takenPort = (taken.address() as { port: number }).port;
  const asked: number[] = [];
  try {
    // the first try is given the port someone holds, as when another socket took it after freePort
    const server = await startOnFreePort((port) => {
      asked.push(port);
      return ['--port', String(asked.length === 1 ? takenPort : port)];
    });
    started.push(server);
    expect(asked).toHaveLength(2);
    expect(server.port).toBe(asked[1]);
    expect(server.port).not.toBe(takenPort);
  } finally {
    taken.close();
  }
});
