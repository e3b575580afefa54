/**
 * One turn of a chat: ask the platform, relay its stream into the thread, and remember what the next
 * turn needs (session_id, chat ids, the question). A failure keeps what was shown and offers Retry.
 */
import type { HandlerContext } from '../../core/handler.js';
import { markdown } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { PlatformReference, StreamEvent, Usage } from '../../platform/events.js';
import type { ThreadRecord } from '../../state/store.js';
import { isRetryable, userMessage } from '../user-errors.js';
import type { ChatFamily } from './families.js';
import { answerMessage } from './render.js';
import { writeRecord } from '../record.js';

/** An answer not finished after this long is taken as abandoned (the bot stopped while streaming). */
const ANSWERING_STALE_MS = 10 * 60_000;

export function isAnswering(record: ThreadRecord, now = Date.now()): boolean {
  const since = record.data.answeringSince;
  return typeof since === 'number' && now - since < ANSWERING_STALE_MS;
}

export async function answerTurn(ctx: HandlerContext, thread: ThreadId, record: ThreadRecord, family: ChatFamily, question: string): Promise<void> {
  const started = await writeRecord(ctx.state, record, { data: { ...record.data, family: family.verb, answeringSince: Date.now() } });
  if (!started) {
    await ctx.messenger.post(thread, markdown('Another answer is being written in this thread; ask again when it is done.'));
    return;
  }
  // the version the record will have once this turn is saved: the Retry button carries it
  const retry = { action: 'retry', label: 'Retry', value: String(started.version + 1) };
  const collected: { references: PlatformReference[]; usage?: Usage; ids: Record<string, string> } = { references: [], ids: {} };

  let outcome: 'complete' | 'failed' = 'failed';
  const signal = ctx.messenger.begin(thread);
  try {
    const turn = await family.start(ctx.platform, question, { ids: record.ids, lastQuestion: lastQuestion(record) }, signal);
    collected.references = turn.references;
    Object.assign(collected.ids, turn.ids);
    const result = await ctx.messenger.stream({
      thread,
      deltas: textOf(turn.events, (event) => collect(event, collected)),
      render: (text, state) => answerMessage(text, state.final && !state.interrupted, state.final ? { ...collected, family } : undefined),
      retry,
    });
    if (result.status === 'complete') outcome = 'complete';
    else ctx.logger.warn({ err: result.error, thread }, 'chat stream did not complete');
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'chat turn failed before streaming');
    const text = `⚠️ ${userMessage(error)}`;
    await ctx.messenger.post(thread, {
      text,
      blocks: [{ type: 'markdown', text }, ...(isRetryable(error) ? [{ type: 'actions' as const, buttons: [retry] }] : [])],
    });
  } finally {
    ctx.messenger.finish(thread, signal);
  }

  const { answeringSince: _done, ...data } = started.data;
  await writeRecord(ctx.state, started, {
    status: outcome === 'complete' ? 'done' : 'active',
    ids: { ...started.ids, ...collected.ids },
    data: { ...data, lastQuestion: question, turns: Number(data.turns ?? 0) + (outcome === 'complete' ? 1 : 0) },
  });
}

export function lastQuestion(record: ThreadRecord): string | undefined {
  return typeof record.data.lastQuestion === 'string' ? record.data.lastQuestion : undefined;
}

async function* textOf(events: AsyncIterable<StreamEvent>, onOther: (event: StreamEvent) => void): AsyncIterable<string> {
  for await (const event of events) {
    if (event.type === 'text') yield event.text;
    else onOther(event);
  }
}

function collect(event: StreamEvent, into: { references: PlatformReference[]; usage?: Usage; ids: Record<string, string> }): void {
  if (event.type === 'references') into.references = event.references;
  else if (event.type === 'usage') into.usage = event.usage;
  else if (event.type === 'session') {
    if (event.sessionId) into.ids.session_id = event.sessionId;
    if (event.chatId) into.ids.chat_id = event.chatId;
    if (event.chatItemId) into.ids.chat_item_id = event.chatItemId;
  }
}
