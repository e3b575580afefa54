import { describe, expect, it } from 'vitest';
import { markdown, type OutgoingMessage } from '../../../src/core/message.js';
import { conversationOf, decodeId } from '../../../src/core/thread-id.js';
import { startHarness, type Bot } from './harness.js';

/** A bot that answers every command and reply with one message in the thread. */
const echoBot: Bot = async (incoming, adapter) => {
  if (incoming.kind === 'command' || incoming.kind === 'reply') {
    await adapter.post(incoming.thread!, markdown(`re: ${incoming.text}`));
  }
};

const buttons: OutgoingMessage = {
  text: 'Confirm the features?',
  blocks: [
    { type: 'markdown', text: 'Confirm the features?' },
    {
      type: 'actions',
      buttons: [
        { action: 'confirm', label: 'Confirm', value: 'step1:v3', style: 'primary' },
        { action: 'edit', label: 'Edit', value: 'step1:v3' },
        { action: 'cancel', label: 'Cancel', value: 'step1:v3', style: 'danger' },
      ],
    },
  ],
};

describe('typed lines become Incoming values', () => {
  it('a first line is a command in a new thread; later lines are replies there; a verb starts a new thread', async () => {
    const h = await startHarness(echoBot);
    h.type('ask what is CRISPR\n');
    const command = await h.nextIncoming(1);
    expect(command).toMatchObject({
      kind: 'command',
      text: 'ask what is CRISPR',
      conversation: 'console:local:terminal',
      workspaceId: 'local',
      user: { id: 'u1', name: 'Ada' },
    });
    if (command.kind !== 'command' || !command.thread) throw new Error('a command carries its new thread');
    expect(decodeId(command.thread).parts.slice(0, 2)).toEqual(['local', 'terminal']);
    expect(conversationOf(command.thread)).toBe(command.conversation);

    h.type('and in plants?\n');
    expect(await h.nextIncoming(2)).toMatchObject({ kind: 'reply', text: 'and in plants?', thread: command.thread, mentioned: true });
    h.type('status\n');
    expect(await h.nextIncoming(3)).toMatchObject({ kind: 'reply', text: 'status', thread: command.thread });

    h.type('novelty a foldable phone hinge\n');
    const second = await h.nextIncoming(4);
    expect(second).toMatchObject({ kind: 'command', text: 'novelty a foldable phone hinge' });
    expect(second.kind === 'command' && second.thread).not.toBe(command.thread);
    expect(h.adapter.currentThread()).toBe(second.kind === 'command' ? second.thread : undefined);
    expect(new Set(h.incomings.map((i) => i.eventId)).size).toBe(4);
    h.type('exit\n');
    await h.adapter.closed;
  });

  it('`new` leaves the thread, so the next line is a command again; the transcript shows prompts and answers', async () => {
    const h = await startHarness(echoBot);
    h.type('ask one\nnew\nwhat about two\n');
    await h.nextIncoming(2);
    expect(h.incomings.map((i) => i.kind)).toEqual(['command', 'command']);
    h.type('exit\n');
    await h.adapter.closed;
    expect(h.text()).toBe(
      [
        'iip> ask one',
        '── thread 1 · #1',
        're: ask one',
        'iip [thread 1]> new',
        'Left the thread: the next line starts a new one.',
        'iip> what about two',
        '── thread 2 · #1',
        're: what about two',
        'iip [thread 2]> exit',
        '',
      ].join('\n'),
    );
  });

  it('startThread made for a command opens the thread the command reserved; made for no event it opens a new one', async () => {
    const opened: string[] = [];
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command')
        opened.push((await adapter.startThread(incoming.conversation, markdown('parent'), { event: incoming })).thread);
    });
    h.type('ask x\n');
    const command = await h.nextIncoming(1);
    await h.until(() => opened.length === 1);
    expect(opened[0]).toBe(command.kind === 'command' ? command.thread : 'none');
    const proactive = await h.adapter.startThread(h.adapter.conversation, markdown('a reminder'));
    expect(proactive.thread).not.toBe(opened[0]);
    expect(h.adapter.currentThread()).toBe(opened[0]);
    h.type('exit\n');
    await h.adapter.closed;
    expect(h.text()).toContain('── thread 2 · #1\na reminder');
  });

  it('a line ending in a backslash continues on the next', async () => {
    const h = await startHarness(echoBot);
    h.type('ask first line \\\nsecond line\n');
    expect(await h.nextIncoming(1)).toMatchObject({ kind: 'command', text: 'ask first line \nsecond line' });
    h.type('exit\n');
    await h.adapter.closed;
  });

  it('a message with buttons, then `e`: an ActionIncoming for that button of that message', async () => {
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command') {
        await adapter.post(incoming.thread!, markdown('Here is the plan.'));
        await adapter.post(incoming.thread!, buttons);
      }
    });
    h.type('novelty hinge\ne\n');
    const action = await h.nextIncoming(2);
    const command = h.incomings[0];
    expect(action).toMatchObject({ kind: 'action', action: 'edit', value: 'step1:v3', messageId: '2', selections: {}, user: { id: 'u1' } });
    expect(action.kind === 'action' && action.thread).toBe(command?.kind === 'command' ? command.thread : 'no');
    expect(action.kind === 'action' && action.triggerId).toMatch(/^console:/);
    h.type('7\nexit\n');
    await h.adapter.closed;
    expect(h.text()).toContain('[c] Confirm  [e] Edit  [x] Cancel');
    expect(h.text()).toContain('→ Edit');
    expect(h.text()).toContain('No choice 7: type c, e or x.');
    expect(h.incomings).toHaveLength(2);
  });

  it('a multi-select: `1 3` ticks, then the button asked for; `2 3 c` ticks and clicks at once; `x` cancels', async () => {
    const message: OutgoingMessage = {
      text: 'Pick features',
      blocks: [
        {
          type: 'multiSelect',
          id: 'features',
          label: 'Features to keep',
          options: [
            { value: 'f1', label: 'Hinge' },
            { value: 'f2', label: 'Display' },
            { value: 'f3', label: 'Lock' },
          ],
          selected: ['f2'],
        },
        {
          type: 'actions',
          buttons: [
            { action: 'continue', label: 'Continue', value: 's2' },
            { action: 'cancel', label: 'Cancel', value: 's2', style: 'danger' },
          ],
        },
      ],
    };
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command') await adapter.post(incoming.thread!, message);
    });
    h.type('novelty hinge\n1 3\n');
    await h.until(() => h.text().includes('Then: [c] Continue  [x] Cancel'));
    expect(h.text()).toContain('Ticked: Hinge, Lock.');
    h.type('c\n');
    expect(await h.nextIncoming(2)).toMatchObject({ kind: 'action', action: 'continue', value: 's2', selections: { features: ['f1', 'f3'] } });
    h.type('2,3 c\n');
    expect(await h.nextIncoming(3)).toMatchObject({ kind: 'action', action: 'continue', selections: { features: ['f2', 'f3'] } });
    h.type('x\n');
    expect(await h.nextIncoming(4)).toMatchObject({ kind: 'action', action: 'cancel', selections: { features: ['f2', 'f3'] } });
    h.type('exit\n');
    await h.adapter.closed;
    expect(h.text()).toContain('  1. [ ] Hinge\n  2. [x] Display\n  3. [ ] Lock\n[c] Continue  [x] Cancel');
  });

  it('a select option is itself the action', async () => {
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command') {
        await adapter.post(incoming.thread!, {
          text: 'lang',
          blocks: [
            {
              type: 'select',
              id: 'lang',
              action: 'set-lang',
              label: 'Language',
              value: 'en',
              options: [
                { value: 'en', label: 'English' },
                { value: 'zh', label: '中文' },
              ],
            },
          ],
        });
      }
    });
    h.type('ask x\n2\n');
    expect(await h.nextIncoming(2)).toMatchObject({ kind: 'action', action: 'set-lang', value: 'zh', messageId: '1' });
    h.type('exit\n');
    await h.adapter.closed;
    expect(h.text()).toContain('  1. English (current)\n  2. 中文');
  });
});
