import { describe, expect, it } from 'vitest';
import { MessageGoneError } from '../../../src/core/chat-errors.js';
import { markdown } from '../../../src/core/message.js';
import { threadId } from '../../../src/core/thread-id.js';
import { startHarness } from './harness.js';

const idle = async (): Promise<void> => {};
const threadA = threadId('console', 'local', 'terminal', 'a');
const threadB = threadId('console', 'local', 'terminal', 'b');

describe('output that is not a terminal', () => {
  it('prints each message once, final: edits are held until a newer message in the thread, the next prompt, or flush()', async () => {
    const h = await startHarness(idle);
    const first = await h.adapter.post(threadA, markdown('Thinking…'));
    for (const text of ['CRISPR', 'CRISPR is', 'CRISPR is a **gene editing** tool.']) await h.adapter.edit(first, markdown(text));
    expect(h.text()).toBe('');

    const other = await h.adapter.post(threadB, markdown('B starts'));
    expect(h.text()).toBe(''); // another thread's message does not end this one

    await h.adapter.post(threadA, markdown('Anything else?'));
    expect(h.text()).toBe('── thread 1 · #1\nCRISPR is a gene editing tool.\n');

    await h.adapter.edit(other, markdown('B final'));
    h.adapter.flush();
    // held messages print in the order they were posted
    expect(h.text()).toBe('── thread 1 · #1\nCRISPR is a gene editing tool.\n── thread 2 · #1\nB final\n── thread 1 · #2\nAnything else?\n');
    expect(h.text()).not.toContain('Thinking');
    expect(h.text()).not.toContain('\x1b');
    const printed = h.text();
    await h.adapter.edit(other, markdown('B final')); // the same text again: nothing to print
    h.adapter.flush();
    expect(h.text()).toBe(printed);

    await h.adapter.edit(first, markdown('CRISPR, corrected.'));
    h.type('threads\n');
    await h.until(() => h.text().includes('iip> threads'));
    expect(h.text()).toContain('Anything else?\n── thread 1 · #1 (updated)\nCRISPR, corrected.\niip> threads\n');
    await h.adapter.stop();
  });

  it('notes only the user sees are marked "(only you)"; an edit of an unknown message is MessageGoneError', async () => {
    const h = await startHarness(idle);
    await h.adapter.postEphemeral!(h.adapter.conversation, 'u1', markdown('Unknown command `foo`.'));
    expect(h.text()).toBe('── (only you)\nUnknown command `foo`.\n');
    await expect(h.adapter.edit({ thread: threadA, messageId: '9' }, markdown('x'))).rejects.toBeInstanceOf(MessageGoneError);
    await h.adapter.stop();
  });

  it('`exit` calls onExit and resolves closed; the end of input does too; stop() closes without onExit', async () => {
    let exits = 0;
    const a = await startHarness(idle, {
      onExit: () => {
        exits += 1;
      },
    });
    a.type('exit\n');
    await a.adapter.closed;
    expect(exits).toBe(1);

    const b = await startHarness(idle, {
      onExit: () => {
        exits += 1;
      },
    });
    await b.adapter.post(threadA, markdown('last words'));
    b.type('help'); // no newline: the last line of a script still counts
    b.end();
    await b.adapter.closed;
    expect(exits).toBe(2);
    expect(b.text()).toBe('── thread 1 · #1\nlast words\niip> help\n');
    expect(b.incomings).toMatchObject([{ kind: 'command', text: 'help' }]);

    const c = await startHarness(idle, {
      onExit: () => {
        exits += 1;
      },
    });
    await c.adapter.stop();
    await c.adapter.closed;
    expect(exits).toBe(2);
  });

  it('without a terminal each line waits for the bot to finish the previous one', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const h = await startHarness(async (incoming) => {
      order.push(`start ${incoming.kind}`);
      if (incoming.kind === 'command') await gate;
      order.push(`end ${incoming.kind}`);
    });
    h.type('ask slow\nfollow-up\n');
    await h.until(() => order.length === 1);
    expect(h.incomings).toHaveLength(1);
    release();
    await h.until(() => order.length === 4);
    expect(order).toEqual(['start command', 'end command', 'start command', 'end command']);
    await h.adapter.stop();
  });
});
