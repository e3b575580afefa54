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

/** A follow-up asked while an answer is still streaming waits for it this long, then is dropped with a note. */
const TURN_WAIT_MS = 10 * 60_000;

export type TurnOutcome = 'answered' | 'stale';

/**
 * Answers `question` in `thread`, one turn at a time per thread (a follow-up waits for the answer before it).
 * With `expectVersion` (a Retry click), nothing happens unless the record is still at that version.
 */
export async function answerTurn(
  ctx: HandlerContext, thread: ThreadId, family: ChatFamily, question: string, expectVersion?: number,
): Promise<TurnOutcome> {
  return ctx.state.withLock(`chat:${thread}`, async () => {
    const record = await ctx.state.get(thread);
    if (!record || (expectVersion !== undefined && record.version !== expectVersion)) return 'stale';
    await runTurn(ctx, thread, record, family, question);
    return 'answered';
  }, { waitMs: TURN_WAIT_MS });
}

async function runTurn(ctx: HandlerContext, thread: ThreadId, record: ThreadRecord, family: ChatFamily, question: string): Promise<void> {
  // the version the record will have once this turn is saved: the Retry button carries it
  const retry = { action: 'retry', label: 'Retry', value: String(record.version + 1) };
  const collected: Collected = { references: [], ids: {} };

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

  await writeRecord(ctx.state, record, {
    status: outcome === 'complete' ? 'done' : 'active',
    ids: { ...record.ids, ...collected.ids },
    data: { ...record.data, family: family.verb, lastQuestion: question, turns: Number(record.data.turns ?? 0) + (outcome === 'complete' ? 1 : 0) },
  });
}

interface Collected {
  references: PlatformReference[];
  usage?: Usage;
  ids: Record<string, string>;
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

function collect(event: StreamEvent, into: Collected): void {
  if (event.type === 'references') into.references = event.references;
  else if (event.type === 'usage') into.usage = event.usage;
  else if (event.type === 'session') {
    if (event.sessionId) into.ids.session_id = event.sessionId;
    if (event.chatId) into.ids.chat_id = event.chatId;
    if (event.chatItemId) into.ids.chat_item_id = event.chatItemId;
  }
}
