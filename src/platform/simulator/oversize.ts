/**
 * A gateway that sends too much or never ends: a JSON answer padded to any size, one enormous stream event,
 * endless distinct deltas, and keep-alives with nothing in them. Everything is written piece by piece as the
 * client reads it (the simulator holds one reusable piece, never the whole answer) and stops once the client leaves.
 */
import type { ServerResponse } from 'node:http';
import { sleep } from './http.js';

const PIECE_BYTES = 256 * 1024;
const PIECE = Buffer.alloc(PIECE_BYTES, 'x');

/** Resolves once the text has been handed to the socket (so a later cut cannot swallow it) or the response closed. */
export function write(res: ServerResponse, text: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('close', done);
      resolve();
    };
    res.once('close', done);
    res.write(text, () => done());
  });
}

const gone = (res: ServerResponse): boolean => res.destroyed || res.writableEnded;

/** Writes `count` padding characters (`x`) in pieces; false when the client left first. */
async function pad(res: ServerResponse, count: number): Promise<boolean> {
  for (let left = count; left > 0; left -= PIECE_BYTES) {
    if (gone(res)) return false;
    await write(res, left >= PIECE_BYTES ? PIECE : PIECE.subarray(0, left));
  }
  return !gone(res);
}

/** A success envelope of `bytes` bytes: `{"status":true,"error_code":0,"data":{"padding":"xxx…"}}`. */
export async function writeOversizedJson(res: ServerResponse, bytes: number, declared = false): Promise<void> {
  const head = '{"status":true,"error_code":0,"data":{"padding":"';
  const tail = '"}}';
  const padding = Math.max(0, bytes - head.length - tail.length);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    ...(declared ? { 'content-length': String(head.length + padding + tail.length) } : {}),
  });
  await write(res, head);
  if (!(await pad(res, padding))) return;
  res.end(tail);
}

/** One `data:` event whose AI07/AI20 content has `chars` characters. */
export async function writeHugeEvent(res: ServerResponse, chars: number): Promise<void> {
  await write(res, 'data: {"status":true,"error_code":0,"data":{"output":{"content":"');
  if (!(await pad(res, chars))) return;
  await write(res, '","status":"running"}}}\n\n');
}

/** Distinct AI07/AI20 deltas of `deltaChars` characters, one after the other, until the client leaves. */
export async function writeRunaway(res: ServerResponse, deltaChars: number): Promise<void> {
  for (let n = 1; !gone(res); n++) {
    const label = `[${n}] `;
    const content = label + 'y'.repeat(Math.max(0, deltaChars - label.length));
    await write(res, `data: ${JSON.stringify({ status: true, error_code: 0, data: { output: { content, status: 'running' } } })}\n\n`);
    // lets timers (the client's, a test's) run between deltas on a shared event loop
    if (n % 16 === 0) await sleep(0);
  }
}

/** `: ping` comments, one per `everyMs`, until the client leaves. */
export async function writeKeepAlives(res: ServerResponse, everyMs: number): Promise<void> {
  while (!gone(res)) {
    await write(res, ': ping\n\n');
    await sleep(everyMs);
  }
}
