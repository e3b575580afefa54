import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionFile, type ConsoleSessions } from '../../../src/adapters/console/index.js';
import { markdown, type OutgoingMessage } from '../../../src/core/message.js';
import { startHarness, type Bot } from './harness.js';

const answerBot: Bot = async (incoming, adapter) => {
  if (incoming.kind === 'command' || incoming.kind === 'reply') await adapter.post(incoming.thread!, markdown(`answer to ${incoming.text}`));
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'iip-console-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('threads persist through the session store', () => {
  it('`threads` lists the threads of an earlier run and `switch N` resumes one', async () => {
    const file = join(dir, 'nested', 'console-sessions.json');
    let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
    const first = await startHarness(answerBot, { sessionFile: file, now: () => clock });
    first.type('ask what is CRISPR\nnovelty a foldable phone hinge\nexit\n');
    await first.adapter.closed;
    const [crispr, hinge] = first.incomings.map((i) => (i.kind === 'command' ? i.thread : undefined));
    const saved = JSON.parse(await readFile(file, 'utf8')) as ConsoleSessions;
    expect(saved.threads).toEqual([
      { id: crispr, number: 1, title: 'ask what is CRISPR', lastActivity: clock, messages: 1 },
      { id: hinge, number: 2, title: 'novelty a foldable phone hinge', lastActivity: clock, messages: 1 },
    ]);
    expect(saved.current).toBe(hinge);

    clock += 10 * 60_000;
    const second = await startHarness(answerBot, { sessionFile: file, now: () => clock });
    expect(second.adapter.currentThread()).toBe(hinge);
    second.type('threads\nswitch 1\nand in plants?\n');
    const reply = await second.nextIncoming(1);
    expect(reply).toMatchObject({ kind: 'reply', thread: crispr, text: 'and in plants?' });
    second.type('switch 9\nexit\n');
    await second.adapter.closed;
    const text = second.text();
    expect(text).toContain('Back in thread 2 (novelty a foldable phone hinge)');
    expect(text).toMatch(/ {2}1 {2}ask what is CRISPR +10 minutes ago\n\* 2 {2}novelty a foldable phone hinge +10 minutes ago\n/);
    expect(text).toContain('Now in thread 1: ask what is CRISPR');
    // numbering goes on where the first run stopped
    expect(text).toContain('── thread 1 · #2\nanswer to and in plants?');
    expect(text).toContain('There is no thread 9');
    const after = JSON.parse(await readFile(file, 'utf8')) as ConsoleSessions;
    expect(after.current).toBe(crispr);
    expect(after.threads.find((t) => t.id === crispr)).toMatchObject({ messages: 2, lastActivity: clock });
  });

  it('starts afresh from a damaged file and replaces it', async () => {
    const file = join(dir, 'console-sessions.json');
    await writeFile(file, '{ "threads": [ {"id": 3 ', 'utf8');
    const h = await startHarness(answerBot, { sessionFile: file });
    h.type('threads\nask x\nexit\n');
    await h.adapter.closed;
    expect(h.text()).toContain('No threads yet');
    const saved = JSON.parse(await readFile(file, 'utf8')) as ConsoleSessions;
    expect(saved.threads).toHaveLength(1);
    expect(await createSessionFile(join(dir, 'missing.json')).load()).toBeUndefined();
  });

  it('works with any store the integrator passes (a lowdb-backed one, here a map)', async () => {
    const kept = new Map<string, ConsoleSessions>();
    const store = {
      load: async () => kept.get('s'),
      save: async (s: ConsoleSessions) => {
        kept.set('s', structuredClone(s));
      },
    };
    const first = await startHarness(answerBot, { sessionStore: store });
    first.type('ask one\nexit\n');
    await first.adapter.closed;
    expect(kept.get('s')?.threads.map((t) => t.title)).toEqual(['ask one']);
    const second = await startHarness(answerBot, { sessionStore: store });
    second.type('new\nthreads\nexit\n');
    await second.adapter.closed;
    expect(second.text()).toMatch(/ {2}1 {2}ask one/);
    expect(kept.get('s')?.current).toBeUndefined();
  });

  it('keeps the line history of an interactive session for the next one', async () => {
    const file = join(dir, 'console-sessions.json');
    const first = await startHarness(answerBot, { sessionFile: file, interactive: true });
    first.type('ask what is CRISPR\r');
    await first.nextIncoming(1);
    await first.adapter.stop();
    const second = await startHarness(answerBot, { sessionFile: file, interactive: true });
    second.type('\x1b[A'); // the up arrow
    await second.until(() => second.vt.screen().at(-1)?.endsWith('> ask what is CRISPR') === true);
    await second.adapter.stop();
  });

  it('never keeps an API key or token typed at the prompt in the history or a thread title', async () => {
    const file = join(dir, 'console-sessions.json');
    const h = await startHarness(answerBot, { sessionFile: file, interactive: true });
    h.type('ask key sk-abcdef123456\r');
    await h.nextIncoming(1);
    h.type('and xoxb-123-456 too\r');
    await h.nextIncoming(2);
    h.type('plain words\r');
    await h.nextIncoming(3);
    await h.adapter.stop();
    const saved = await readFile(file, 'utf8');
    expect(saved).not.toContain('sk-abcdef');
    expect(saved).not.toContain('xoxb-123');
    const sessions = JSON.parse(saved) as ConsoleSessions;
    expect(sessions.history).toEqual(['plain words']);
    expect(sessions.threads[0]?.title).toBe('ask key sk-***');
    expect(h.incomings[0]).toMatchObject({ kind: 'command', text: 'ask key sk-abcdef123456' });
  });

  it('after a restart the latest message with choices is shown again, and its keys work; `switch` shows it too', async () => {
    const file = join(dir, 'console-sessions.json');
    const review: OutgoingMessage = {
      text: 'Step 1 of 5',
      blocks: [
        { type: 'markdown', text: '**Step 1 of 5 · Technical solution**' },
        {
          type: 'actions',
          buttons: [
            { action: 'confirm', label: 'Confirm', value: 'step1:v3', style: 'primary' },
            { action: 'cancel', label: 'Cancel', value: 'step1:v3', style: 'danger' },
          ],
        },
      ],
    };
    const reviewBot: Bot = async (incoming, adapter) => {
      if (incoming.kind === 'command') {
        await adapter.post(incoming.thread!, markdown('Started a novelty search.'));
        await adapter.post(incoming.thread!, review);
      }
    };
    const first = await startHarness(reviewBot, { sessionFile: file });
    first.type('novelty a hinge\nexit\n');
    await first.adapter.closed;
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = await startHarness(answerBot, { sessionFile: file });
    second.type('c\n');
    expect(await second.nextIncoming(1)).toMatchObject({ kind: 'action', action: 'confirm', value: 'step1:v3', messageId: '2' });
    second.type('new\nask another\nswitch 1\nexit\n');
    await second.adapter.closed;
    const text = second.text();
    expect(text).toContain(
      'Back in thread 1 (novelty a hinge): lines are replies there; `new` leaves it, `threads` lists all.\n── thread 1 · #2\nStep 1 of 5 · Technical solution\n[c] Confirm  [x] Cancel\nType c or x to choose.',
    );
    expect(text).toContain('Now in thread 1: novelty a hinge\n── thread 1 · #2\nStep 1 of 5');

    // a damaged saved message is dropped, the thread stays
    const saved = JSON.parse(await readFile(file, 'utf8')) as { threads: { latest?: { message: { blocks: unknown[] } } }[] };
    expect(saved.threads[0]?.latest?.message.blocks).toHaveLength(2);
    saved.threads[0]!.latest!.message.blocks = [{ type: 'actions', buttons: 'broken' }];
    await writeFile(file, JSON.stringify(saved), 'utf8');
    const third = await startHarness(answerBot, { sessionFile: file });
    third.type('threads\nexit\n');
    await third.adapter.closed;
    expect(third.text()).toMatch(/1 {2}novelty a hinge/);
    expect(third.text()).not.toContain('[c] Confirm');
  });
});
