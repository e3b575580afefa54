/**
 * The unit project's promise, enforced: a unit test opens no socket, starts no server and spawns no process, so it
 * runs the same on any machine in any order. A test that needs one of them belongs in the e2e project.
 */
import childProcess from 'node:child_process';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';

function refuse(what: string): never {
  throw new Error(`unit tests use no ${what}: move this test to the e2e project (vitest.config.ts)`);
}

net.Socket.prototype.connect = function connect(): never {
  refuse('network connection');
};
net.Server.prototype.listen = function listen(): never {
  refuse('listening server');
};
for (const name of ['spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync'] as const) {
  Object.defineProperty(childProcess, name, { value: () => refuse('child process'), configurable: true, writable: true });
}
syncBuiltinESMExports();
