/**
 * The disk fills up while an answer streams (lowdb on a 2 MB tmpfs, filled to the last byte): the answer
 * completes, the record that says it is done cannot be written, and nothing the user sees happens twice: the
 * rescans of recorded waits do not post "The bot restarted while answering" (they did, 8 times in 60 s). The
 * operator is told once that state cannot be saved; once space returns the record is written, a restart finds
 * the answer done, and new commands work.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { createLogger } from '../../src/log.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { recordsOnDisk } from './crash-bot-process.js';
import { hasFooter, markdownOf } from './faults-chat-thread.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A 2 MB tmpfs of its own (the test runs as root, as the audit's did). */
function smallDisk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'iip-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', dir]);
  cleanup.push(() => {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Writes zeros into `file` until the disk refuses another byte; returns how many were written. */
function fillUp(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(16 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk.length > 1 ? chunk : Buffer.alloc(1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // the last bytes a whole chunk did not fit
  try {
    for (;;) written += writeSync(fd, Buffer.alloc(1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

test('a full disk during an answer: the answer completes, no restart note, the operator told once; space returns and all is saved', {
  timeout: 90_000,
}, async () => {
  const disk = smallDisk();
  let logs = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += String(chunk);
      done();
    },
  });
  const h: SlackBotHarness = await startSlackBot({
    stateDir: disk,
    env: { WAIT_LEASE_MS: '1000' },
    logger: createLogger('info', sink),
    simulator: { streamChunkDelayMs: 40 },
  });
  cleanup.push(() => h.close());
  const filler = join(disk, 'filler.bin');

  await h.command('ask What limits the energy density of solid-state batteries?');
  // the answer is being written: its record says so, on disk
  await waitFor(() => h.latestThread()?.replies.length, 'the answer to start');
  await waitFor(() => recordsOnDisk(disk).some((r) => r.wait !== undefined), 'the answering record on disk');
  expect(fillUp(filler)).toBeGreaterThan(0);

  const answers = () => h.latestThread()?.replies.filter(hasFooter) ?? [];
  const restartNotes = () => h.slack.channelMessages('C1').filter((m) => markdownOf(m).includes(RESTART_NOTE) || m.text.includes(RESTART_NOTE));
  await waitFor(() => answers().length > 0, 'the answer to complete', 30_000);
  // several rescans of recorded waits (every half lease: 500 ms) pass over the unsaved record
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(restartNotes()).toEqual([]);
  expect(answers()).toHaveLength(1);
  expect(logs.match(/state cannot be saved/g)).toHaveLength(1);
  // the disk still holds the answering record: nothing was half-written over it
  expect(recordsOnDisk(disk).some((r) => r.wait !== undefined)).toBe(true);

  // space returns: the record is written within a retry or two, and the operator hears it
  rmSync(filler);
  await waitFor(() => logs.includes('state saved again'), 'the records saved again', 20_000);
  expect(recordsOnDisk(disk).every((r) => r.wait === undefined)).toBe(true);

  // a restart finds the answer done: no note; and the bot takes new work
  await h.restart();
  await h.command('ask And the cycle life?');
  await waitFor(() => h.latestThread()?.replies.some(hasFooter), 'the second answer', 30_000);
  expect(restartNotes()).toEqual([]);
});
