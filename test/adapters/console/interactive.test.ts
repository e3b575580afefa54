import { describe, expect, it } from 'vitest';
import type { MessageRef } from '../../../src/core/adapter.js';
import { markdown, type OutgoingMessage } from '../../../src/core/message.js';
import type { ThreadId } from '../../../src/core/thread-id.js';
import { startHarness, type Harness } from './harness.js';

const ESC = '\x1b';
const occurrences = (text: string, part: string): number => text.split(part).length - 1;

/** Starts an interactive harness whose bot posts "Thinking…" for each command and hands back the ref. */
async function withStream(
  options: { columns?: number; rows?: number; onInterrupt?: (t: ThreadId) => boolean; now?: () => number; onExit?: () => void } = {},
) {
  const refs: MessageRef[] = [];
  const h = await startHarness(
    async (incoming, adapter) => {
      if (incoming.kind === 'command') refs.push(await adapter.post(incoming.thread!, markdown('Thinking…')));
    },
    { interactive: true, ...options },
  );
  return { h, refs };
}

async function command(h: Harness, refs: MessageRef[], line: string): Promise<MessageRef> {
  const before = refs.length;
  h.type(`${line}\r`);
  await h.until(() => refs.length > before);
  return refs[refs.length - 1] as MessageRef;
}

describe('interactive terminal', () => {
  it('streams an answer in place: one copy on screen, the prompt (with what the user is typing) below it', async () => {
    const { h, refs } = await withStream({ columns: 40, rows: 20 });
    expect(h.vt.screen()).toEqual(['iip>']);
    const ref = await command(h, refs, 'ask what is CRISPR');
    h.type('and in pla');
    await h.until(() => h.vt.screen().at(-1) === 'iip [thread 1]> and in pla');
    let text = '';
    for (const word of 'CRISPR is a gene editing tool that lets scientists change DNA precisely.'.split(' ')) {
      text += `${word} `;
      await h.adapter.edit(ref, markdown(text));
    }
    expect(h.vt.screen()).toEqual([
      'iip> ask what is CRISPR',
      '── thread 1 · #1',
      'CRISPR is a gene editing tool that lets',
      'scientists change DNA precisely.',
      'iip [thread 1]> and in pla',
    ]);
    expect(occurrences(h.vt.all().join('\n'), '── thread 1 · #1')).toBe(1);
    h.type('nts?\r');
    await h.nextIncoming(2);
    expect(h.incomings[1]).toMatchObject({ kind: 'reply', text: 'and in plants?' });
    await h.adapter.stop();
  });

  it('keeps a typed line that wraps over several rows intact below a redrawn message', async () => {
    const { h, refs } = await withStream({ columns: 20, rows: 20 });
    const ref = await command(h, refs, 'ask x');
    h.type('a question long enough to wrap');
    await h.until(() => h.vt.screen().at(-1) === 'o wrap'); // pasted at once, as readline sees a paste
    await h.adapter.edit(ref, markdown('one'));
    await h.adapter.edit(ref, markdown('one two three four five'));
    await h.adapter.post(ref.thread, markdown('second'));
    expect(h.vt.screen()).toEqual([
      'iip> ask x',
      '── thread 1 · #1',
      'one two three four',
      'five',
      '── thread 1 · #2',
      'second',
      'iip [thread 1]> a qu',
      'estion long enough t',
      'o wrap',
    ]);
    h.type('\r');
    expect(await h.nextIncoming(2)).toMatchObject({ kind: 'reply', text: 'a question long enough to wrap' });
    await h.adapter.stop();
  });

  it('moves up exactly over the rows that change, counting rows the terminal wraps', async () => {
    const { h, refs } = await withStream({ columns: 40, rows: 30 });
    const ref = await command(h, refs, 'ask x');
    const choices = (first: string): OutgoingMessage => ({
      text: first,
      blocks: [
        { type: 'markdown', text: first },
        { type: 'multiSelect', id: 'm', label: 'Keep', options: [{ value: 'a', label: 'A' }] },
        { type: 'actions', buttons: [{ action: 'go', label: 'Go', value: 'v' }] },
      ],
    });
    await h.adapter.edit(ref, choices('first'));
    const mark = h.text().length;
    await h.adapter.edit(ref, choices('FIRST'));
    const redraw = h.text().slice(mark);
    // below "first": "Keep", "1. [ ] A", "[g] Go", and the hint of 71 characters, which takes 2 rows at 40 columns
    expect(redraw.startsWith(`${ESC}[6A\r${ESC}[J`)).toBe(true);
    expect(redraw).toContain('FIRST\nKeep\n  1. [ ] A\n[g] Go\n');
    const last = h.text().length;
    await h.adapter.edit(ref, choices('FIRST'));
    expect(h.text().length).toBe(last); // nothing changed, nothing written
    expect(h.vt.screen().filter((row) => row.includes('FIRST'))).toHaveLength(1);
    expect(h.vt.screen().at(-1)).toBe('iip [thread 1]>');
    await h.adapter.stop();
  });

  it('an edit of a message no longer at the bottom prints a new copy marked "(updated)"; a tall one redraws only its tail', async () => {
    const { h, refs } = await withStream({ columns: 40, rows: 10 });
    const ref = await command(h, refs, 'ask x');
    h.type('new\r');
    await h.until(() => h.text().includes('Left the thread'));
    const before = h.text();
    await h.adapter.edit(ref, markdown('Thinking…')); // unchanged: no copy
    expect(h.text()).toBe(before);
    await h.adapter.edit(ref, markdown('Done.'));
    expect(h.vt.screen().slice(-3)).toEqual(['── thread 1 · #1 (updated)', 'Done.', 'iip>']);

    const lines = Array.from({ length: 14 }, (_, i) => `line ${i + 1}`);
    await h.adapter.edit(ref, markdown(lines.join('\n')));
    await h.adapter.edit(ref, markdown([...lines, 'line 15'].join('\n')));
    expect(h.vt.screen().slice(-3)).toEqual(['line 14', 'line 15', 'iip>']);
    expect(occurrences(h.vt.all().join('\n'), 'line 14')).toBe(1);
    await h.adapter.edit(ref, markdown(['LINE 1', ...lines.slice(1)].join('\n'))); // its top has scrolled away
    expect(occurrences(h.vt.all().join('\n'), '── thread 1 · #1 (updated)')).toBe(2);
    expect(h.vt.all()).toContain('LINE 1');
    expect(h.vt.screen().slice(-2)).toEqual(['line 14', 'iip>']);
    await h.adapter.stop();
  });

  it('Ctrl-C while a stream runs asks the bot to stop it, and the prompt stays', async () => {
    const stopped: ThreadId[] = [];
    const { h, refs } = await withStream({
      onInterrupt: (thread) => {
        stopped.push(thread);
        return true;
      },
    });
    const ref = await command(h, refs, 'ask x');
    h.type('\x03');
    await h.until(() => stopped.length === 1);
    expect(stopped).toEqual([ref.thread]);
    expect(h.vt.screen().slice(-2)).toEqual(['Stopped. (Ctrl-C again within 3 seconds quits, or type exit)', 'iip [thread 1]>']);
    await h.adapter.stop();
  });

  it('Ctrl-C at an idle prompt clears the line; a second one within 3 s quits', async () => {
    let clock = 0;
    let exits = 0;
    const { h } = await withStream({
      now: () => clock,
      onExit: () => {
        exits += 1;
      },
      onInterrupt: () => false,
    });
    h.type('half a comm');
    await h.until(() => h.vt.screen().at(-1) === 'iip> half a comm');
    h.type('\x03');
    await h.until(() => h.vt.screen().at(-1) === 'iip>');
    clock = 5000;
    h.type('\x03');
    await h.until(() => h.text().includes('(Ctrl-C again within 3 seconds quits, or type exit)'));
    clock = 7900;
    h.type('\x03');
    await h.adapter.closed;
    expect(exits).toBe(1);
    expect(h.incomings).toEqual([]);
  });

  it('Ctrl-C while a wait runs stops it once; a second press 2.5 s later quits (never "Stopped." twice)', async () => {
    let clock = 0;
    let exits = 0;
    const stopped: ThreadId[] = [];
    const { h, refs } = await withStream({
      now: () => clock,
      onExit: () => {
        exits += 1;
      },
      // the bot always has something to stop in this thread (a wait that polls on)
      onInterrupt: (thread) => {
        stopped.push(thread);
        return true;
      },
    });
    await command(h, refs, 'novelty x');
    h.type('\x03');
    await h.until(() => h.vt.screen().includes('Stopped. (Ctrl-C again within 3 seconds quits, or type exit)'));
    clock = 2500;
    h.type('\x03');
    await h.adapter.closed;
    expect(exits).toBe(1);
    expect(stopped).toHaveLength(1);
    expect(occurrences(h.vt.all().join('\n'), 'Stopped.')).toBe(1);
  });

  it('Ctrl-C cancels a form and a second press right after quits', async () => {
    let exits = 0;
    const h = await startHarness(
      async (incoming, adapter) => {
        if (incoming.kind === 'command') {
          await adapter.openForm!('t', incoming.thread!, {
            action: 'a',
            title: 'Edit',
            submitLabel: 'Save',
            value: 'v',
            fields: [{ id: 'title', label: 'Title', kind: 'text', initial: 'x' }],
          });
        }
      },
      { interactive: true, now: () => 1000, onExit: () => (exits += 1) },
    );
    h.type('ask x\r');
    await h.until(() => h.vt.screen().at(-1) === 'Title>');
    h.type('\x03');
    await h.until(() => h.vt.screen().at(-1) === 'iip [thread 1]>' || h.vt.screen().at(-1) === 'iip>');
    h.type('\x03');
    await h.adapter.closed;
    expect(exits).toBe(1);
  });

  it('the start-up banner wraps between words at any width', async () => {
    for (const columns of [40, 60, 73]) {
      const h = await startHarness(async () => {}, { interactive: true, columns });
      const first = 'iip-bot: no IIP_API_KEY set, so the built-in platform simulator answers; resumes threads.';
      h.adapter.printBanner([first, 'Type `help` for the commands, `exit` to quit. Logs: /tmp/data/iip-bot.log']);
      await h.until(() => h.vt.screen().some((row) => row.includes('Ctrl-D')));
      const rows = h.vt.screen().slice(0, -1);
      expect(rows.every((row) => row.length <= columns)).toBe(true);
      const words = rows.join(' ').split(/\s+/);
      for (const word of ['simulator', 'resumes', 'commands,', '/tmp/data/iip-bot.log', 'replies;']) expect(words, `${columns}`).toContain(word);
      await h.adapter.stop();
    }
  });

  it('Ctrl-C cancels a form in progress; Ctrl-D quits', async () => {
    let exits = 0;
    const h = await startHarness(
      async (incoming, adapter) => {
        if (incoming.kind === 'command') {
          await adapter.openForm!('t', incoming.thread!, {
            action: 'a',
            title: 'Edit',
            submitLabel: 'Save',
            value: 'v',
            fields: [{ id: 'title', label: 'Title', kind: 'text', initial: 'x' }],
          });
        }
      },
      {
        interactive: true,
        onExit: () => {
          exits += 1;
        },
      },
    );
    h.type('ask x\r');
    await h.until(() => h.vt.screen().at(-1) === 'Title>');
    h.type('\x03');
    await h.until(() => h.vt.screen().at(-1) === 'iip>');
    expect(h.vt.screen().slice(-3)).toEqual(['Form cancelled. (Ctrl-C again within 3 seconds quits, or', 'type exit)', 'iip>']);
    h.type('\x04');
    await h.adapter.closed;
    expect(exits).toBe(1);
    expect(h.incomings.map((i) => i.kind)).toEqual(['command']);
  });

  it('styles with ANSI when colour is on, and the screen still reads right', async () => {
    const h = await startHarness(
      async (incoming, adapter) => {
        if (incoming.kind === 'command') await adapter.post(incoming.thread!, markdown('# Title\nSome **bold** and `code`.'));
      },
      { interactive: true, color: true },
    );
    h.type('ask x\r');
    await h.until(() => h.text().includes('bold'));
    expect(h.text()).toContain(`${ESC}[1mbold${ESC}[22m`);
    expect(h.text()).toContain(`${ESC}[36mcode${ESC}[39m`);
    expect(h.vt.screen().slice(-3)).toEqual(['Title', 'Some bold and code.', 'iip [thread 1]>']);
    await h.adapter.stop();
  });
});
