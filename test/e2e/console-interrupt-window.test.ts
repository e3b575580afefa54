/**
 * Ctrl-C in the terminal lands after a wait's "⏳" message is shown but before its poller holds the wait's lease
 * (a store round trip): the whole bot in process, an interactive console adapter on a fake TTY, and the state
 * store's lease for the wait held open until the key was pressed. The press stops the wait once, nothing more
 * reaches the platform for it, and a later press with nothing running stops nothing that follows (Retry runs on).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, expect, test, vi } from 'vitest';
import { createConsoleAdapter } from '../../src/adapters/console/index.js';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import type { LockHold } from '../../src/core/state.js';
import { silentLogger } from '../../src/log.js';
import { VirtualTerminal } from '../adapters/console/vt.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The bot with an interactive terminal whose Ctrl-C clock the test sets; every `wait:` lease waits for `opened`. */
async function startHeld() {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-window-'));
  const input = new PassThrough();
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 40 });
  const vt = new VirtualTerminal(100, 40);
  output.on('data', (chunk: Buffer) => vt.write(chunk.toString('utf8')));
  const clock = { now: 0 };
  const config = loadConfig({ STATE_FILE: join(dir, 'state.json'), SIMULATOR_TASK_MS: '50', LOG_LEVEL: 'silent' });
  const bot: RunningBot = await startBot({
    config,
    logger: silentLogger,
    extraAdapters: (verbs, _kept, _files, threadState) => [
      createConsoleAdapter({
        threadState,
        input,
        output,
        interactive: true,
        color: false,
        verbs,
        user: { id: 'u1', name: 'Ada' },
        now: () => clock.now,
        onInterrupt: (thread) => bot.interrupt(thread),
      }),
    ],
  });
  cleanups.push(async () => {
    await bot.stop(1000);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });
  // the store's lease for a wait (machine.ts runPoll) is held open at the gate: the poller has not begun
  const held: string[] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const withLock = bot.state.withLock.bind(bot.state);
  bot.state.withLock = async <T>(key: string, fn: (hold: LockHold) => Promise<T>, options?: { ttlMs?: number; waitMs?: number }) => {
    if (key.startsWith('wait:')) {
      held.push(key);
      await opened;
    }
    return withLock(key, fn, options);
  };
  // every row shown, scrollback included
  const screen = () => vt.all().join('\n');
  const until = (what: string, check: () => boolean, timeout = 10_000) =>
    vi.waitFor(
      () => {
        if (!check()) throw new Error(`waiting for ${what}; the screen:\n${screen().slice(-3000)}`);
      },
      { timeout, interval: 5 },
    );
  const requests = () => bot.simulator?.requests ?? [];
  return { bot, clock, held, open, until, requests, screen, type: (text: string) => input.write(text) };
}

const count = (text: string, part: string): number => text.split(part).length - 1;

test('Ctrl-C after the ⏳ message and before the wait holds its lease stops the wait once; Retry later runs it', { timeout: 30_000 }, async () => {
  const t = await startHeld();
  t.type('novelty A self-heating lunch box with a phase-change layer\r');
  await t.until('the wait shown and its lease held open', () => t.held.length === 1 && t.screen().includes('⏳'));
  // what the platform got so far: the request that started the task, which the wait will ask about
  const sent = t.requests().length;
  expect(sent).toBeGreaterThan(0);

  t.type('\x03');
  await t.until('the first press answered', () => t.screen().includes('Ctrl-C again within'));
  expect(t.screen()).toContain('Stopped. (Ctrl-C again within 3 seconds quits, or type exit)');

  // the lease is given now: the wait it starts is already stopped, and shows so with Retry
  t.open();
  await t.until('the stopped wait offering Retry', () => t.screen().includes('[r] Retry'));
  const all = t.screen();
  expect(count(all, 'Stopped.')).toBe(1);
  expect(count(all, '[r] Retry')).toBe(1);
  expect(all).not.toContain('Step 1 of 5');
  expect(t.requests()).toHaveLength(sent);

  // a press with nothing running (past the quit window) stops nothing, not even the wait Retry starts after it
  t.clock.now = 5_000;
  t.type('\x03');
  await t.until('the idle press answered', () => count(t.screen(), 'Ctrl-C again within') === 2);
  t.type('r\r');
  await t.until('step 1 after Retry', () => t.screen().includes('Step 1 of 5'));
  expect(t.requests().length).toBeGreaterThan(sent);
  expect(count(t.screen(), 'Stopped.')).toBe(1);
});
