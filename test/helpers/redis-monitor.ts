/**
 * Redis MONITOR over a plain socket, for tests that count the round trips the bot makes. ioredis' own `monitor()`
 * takes the lines that share a packet with MONITOR's +OK for replies to commands it never sent and emits "Command
 * queue state error" (MONITOR sees every client's commands, and other test workers keep the server busy).
 */
import { connect, type Socket } from 'node:net';

export interface RedisMonitor {
  /** Stops watching; the connection closes. */
  close(): void;
}

/** The command's words as MONITOR prints them: `"SET" "key" "va\"lue"` gives ['SET', 'key', 'va"lue']. */
export function monitorArgs(line: string): string[] {
  const args: string[] = [];
  for (const [, quoted] of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) args.push((quoted ?? '').replace(/\\(.)/g, '$1'));
  return args;
}

/** When Redis ran a command (ms since epoch, its clock) and who sent it: a client's address, or `lua` inside a script. */
export interface MonitorSource {
  at: number;
  source: string;
}

/** `+1795978256.760634 [0 127.0.0.1:49544] "get" "k"`: the time and the sender before the command's words. */
export function monitorSource(line: string): MonitorSource {
  const [, seconds, source] = /^\+(\d+(?:\.\d+)?) \[\d+ ([^\]]*)\]/.exec(line) ?? [];
  return { at: Number(seconds) * 1_000, source: source ?? '' };
}

/** Resolves once Redis has said +OK to MONITOR: every command sent after that reaches `onCommand`. */
export function monitorRedis(url: string, onCommand: (args: string[], from: MonitorSource) => void): Promise<RedisMonitor> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    let buffered = '';
    let watching = false;
    socket.setEncoding('utf8');
    socket.on('error', (error) => {
      if (!watching) reject(error);
    });
    socket.on('connect', () => socket.write('MONITOR\r\n'));
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\r\n');
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\r\n');
        if (!watching) {
          if (line !== '+OK') return reject(new Error(`MONITOR answered ${line}`));
          watching = true;
          resolve({ close: () => socket.destroy() });
        } else onCommand(monitorArgs(line), monitorSource(line));
      }
    });
  });
}
