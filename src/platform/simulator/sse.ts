/**
 * Writes a stream reply as text/event-stream, one `data: <envelope JSON>` event per envelope, and applies the
 * stream faults: cut the connection, send a line that is not JSON, send an error envelope and stop, or (oversize.ts)
 * stall with keep-alives, send one enormous event or run away with deltas that never end.
 */
import type { ServerResponse } from 'node:http';
import { failure, type SseEvent } from './envelope.js';
import type { StreamFaults } from './faults.js';
import { sleep } from './http.js';
import { write, writeHugeEvent, writeKeepAlives, writeRunaway } from './oversize.js';

export interface SseOptions {
  delayMs: number;
  faults: StreamFaults;
  /** called when the client closed the connection before the stream ended */
  onClientAbort: () => void;
}

const line = (event: SseEvent): string => `data: ${'raw' in event ? event.raw : JSON.stringify(event.envelope)}\n\n`;

export async function writeSse(res: ServerResponse, events: readonly SseEvent[], options: SseOptions): Promise<void> {
  const { faults } = options;
  let finished = false;
  res.on('close', () => {
    if (!finished) options.onClientAbort();
  });
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();

  for (let sent = 0; sent <= events.length; sent++) {
    if (res.destroyed) return;
    if (faults.cutAfter === sent) {
      finished = true;
      res.socket?.destroy();
      res.destroy();
      return;
    }
    if (faults.malformedAfter === sent) await write(res, 'data: {"status":true,"error_code":0,"data":{"output":{"content":"unterminated\n\n');
    if (faults.stall?.afterEvents === sent) return writeKeepAlives(res, faults.stall.pingEveryMs ?? 50);
    if (faults.runaway?.afterEvents === sent) return writeRunaway(res, faults.runaway.deltaChars);
    if (faults.hugeEvent?.afterEvents === sent) await writeHugeEvent(res, faults.hugeEvent.chars);
    if (faults.errorAfter && faults.errorAfter.afterEvents === sent) {
      const { errorCode, message } = faults.errorAfter;
      await write(res, line({ envelope: failure(errorCode, message ?? 'injected stream error') }));
      break;
    }
    const event = events[sent];
    if (event === undefined) break;
    if (sent > 0 && options.delayMs > 0) await sleep(options.delayMs);
    if (res.destroyed) return;
    await write(res, line(event));
  }
  finished = true;
  res.end();
}
