/**
 * Drives a console adapter through PassThrough streams: `type` writes to its input, `text()` is everything it
 * printed, and with `interactive` the output is a fake TTY (isTTY, columns, rows) rendered by a VirtualTerminal.
 */
import { PassThrough } from 'node:stream';
import { vi } from 'vitest';
import { createConsoleAdapter, type ConsoleAdapter, type ConsoleAdapterOptions } from '../../../src/adapters/console/index.js';
import type { Incoming } from '../../../src/core/incoming.js';
import { VirtualTerminal } from './vt.js';

export interface Harness {
  adapter: ConsoleAdapter;
  incomings: Incoming[];
  vt: VirtualTerminal;
  /** writes to the adapter's input as typed: a line needs its own `\n` (or `\r` when interactive) */
  type(text: string): void;
  /** ends the input, as the end of a piped script or Ctrl-D does */
  end(): void;
  /** everything the adapter (and readline) wrote */
  text(): string;
  /** waits until `count` incomings arrived and returns the last */
  nextIncoming(count: number): Promise<Incoming>;
  until(condition: () => boolean): Promise<void>;
}

export type Bot = (incoming: Incoming, adapter: ConsoleAdapter) => Promise<void>;

export async function startHarness(bot: Bot, options: Partial<ConsoleAdapterOptions> & { columns?: number; rows?: number } = {}): Promise<Harness> {
  const input = new PassThrough();
  const { columns = 60, rows = 24, ...rest } = options;
  const output = Object.assign(new PassThrough(), rest.interactive ? { isTTY: true, columns, rows } : {});
  const vt = new VirtualTerminal(columns, rows);
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
    vt.write(chunk.toString('utf8'));
  });
  const incomings: Incoming[] = [];
  const adapter = createConsoleAdapter({
    input,
    output,
    interactive: false,
    color: false,
    user: { id: 'u1', name: 'Ada' },
    verbs: ['ask', 'novelty', 'help', 'status'],
    ...rest,
  });
  await adapter.start(async (incoming) => {
    incomings.push(incoming);
    await bot(incoming, adapter);
  });
  const until = (condition: () => boolean): Promise<void> =>
    vi.waitFor(
      () => {
        if (!condition()) throw new Error(`condition not met; the output so far:\n${written.slice(-3000)}`);
      },
      { timeout: 5000, interval: 5 },
    );
  return {
    adapter,
    incomings,
    vt,
    type: (text) => {
      input.write(text);
    },
    end: () => {
      input.end();
    },
    text: () => written,
    async nextIncoming(count) {
      await until(() => incomings.length >= count);
      return incomings[count - 1] as Incoming;
    },
    until,
  };
}
