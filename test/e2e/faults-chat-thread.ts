/**
 * Reading a chat thread the way its user sees it in Slack (the answer's text, its footer, the interruption
 * note, the Retry button) and pressing Retry, for the fault, bad-input and crash tests.
 */
import type { ThreadId } from '../../src/core/thread-id.js';
import type { ThreadRecord } from '../../src/core/state.js';
import type { FakeSlackApi, FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

type Json = Record<string, unknown>;

export const markdownOf = (m: FakeSlackMessage): string =>
  m.blocks
    .filter((b) => b.type === 'markdown')
    .map((b) => String(b.text))
    .join('');
export const allText = (m: FakeSlackMessage): string => JSON.stringify(m.blocks) + m.text;
/** the final message of a whole answer carries the footer with the token count */
export const hasFooter = (m: FakeSlackMessage): boolean => m.blocks.some((b) => b.type === 'context' && JSON.stringify(b).includes('tokens'));
export const isInterrupted = (m: FakeSlackMessage): boolean => allText(m).includes('The answer was interrupted');

export interface Control {
  action_id: string;
  value: string;
  label: string;
}

export function retryOf(m: FakeSlackMessage): Control | undefined {
  return m.blocks
    .filter((b) => b.type === 'actions')
    .flatMap((b) => b.elements as Json[])
    .map((e) => ({ action_id: String(e.action_id), value: String(e.value), label: String((e.text as Json).text) }))
    .find((c) => c.label === 'Retry');
}

/** The parent messages the bot posted in a channel (one per chat thread), oldest first. */
export const parentsIn = (slack: FakeSlackApi, channel = 'C1'): FakeSlackMessage[] =>
  slack.channelMessages(channel).filter((m) => !m.threadTs || m.threadTs === m.ts);

export class ChatThread {
  constructor(
    readonly slack: FakeSlackApi,
    readonly parent: FakeSlackMessage,
    readonly channel = 'C1',
  ) {}

  /** Waits for the thread of the `index`-th parent message in the channel (0 = the first the bot posted). */
  static async nth(slack: FakeSlackApi, index: number, channel = 'C1'): Promise<ChatThread> {
    const parent = await waitFor(() => parentsIn(slack, channel)[index], `thread #${index + 1}`);
    return new ChatThread(slack, parent, channel);
  }

  get id(): ThreadId {
    return `slack:T1:${this.channel}:${encodeURIComponent(this.parent.ts)}` as ThreadId;
  }

  replies(): FakeSlackMessage[] {
    return this.slack.threadMessages(this.channel, this.parent.ts).filter((m) => m.ts !== this.parent.ts);
  }

  /** Waits for a reply (after the first `after` replies) that `check` accepts, and returns it. */
  reply(check: (m: FakeSlackMessage) => boolean, what: string, after = 0, timeoutMs?: number): Promise<FakeSlackMessage> {
    return waitFor(() => this.replies().slice(after).find(check), what, timeoutMs);
  }

  /** The text of the answer that ends with the `n`-th footer (1-based), over every message it spans. */
  async answer(n = 1, timeoutMs?: number): Promise<string> {
    await waitFor(() => this.replies().filter(hasFooter).length >= n, `whole answer #${n}`, timeoutMs);
    const replies = this.replies();
    const ends = replies.flatMap((m, i) => (hasFooter(m) ? [i] : []));
    const end = ends[n - 1]!;
    let start = end;
    // an answer over several messages: its earlier parts are the messages of text alone right before its footer
    const textAlone = (m: FakeSlackMessage): boolean => m.blocks.every((b) => b.type === 'markdown') && !markdownOf(m).startsWith('⚠️');
    while (start > 0 && textAlone(replies[start - 1]!)) start -= 1;
    return replies
      .slice(start, end + 1)
      .map(markdownOf)
      .join('');
  }

  /** The thread's record once no turn is under way (its `wait` cleared). */
  async settledRecord(h: SlackBotHarness, timeoutMs = 10_000): Promise<ThreadRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const record = await h.bot.state.get(this.id);
      if (record && !record.wait) return record;
      if (Date.now() > deadline) throw new Error('timed out waiting for the turn to be saved');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Presses the message's Retry button as the user who asked. */
  async retry(h: SlackBotHarness, message: FakeSlackMessage): Promise<void> {
    const button = retryOf(message);
    if (!button) throw new Error(`no Retry button on: ${message.text}`);
    const response = await h.click(
      { action_id: button.action_id, value: button.value },
      { messageTs: message.ts, threadTs: this.parent.ts, channel: this.channel },
    );
    if (response.status !== 200) throw new Error(`the click was refused: ${response.status}`);
  }
}
