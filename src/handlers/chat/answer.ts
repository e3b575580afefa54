/**
 * One turn of a chat: ask the platform, relay its stream into the thread, and remember what the next
 * turn needs (session_id, chat ids, the question). A failure keeps what was shown and offers Retry when
 * retrying can help. While the answer streams, the record carries a `wait`, so a bot that dies mid-answer
 * finds the turn at its next start (restart.ts) and marks it.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { Button } from '../../core/message.js';
import { INTERRUPTED_NOTE } from '../../core/relay/index.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { ThreadRecord, Wait } from '../../core/state.js';
import { writeRecord } from '../../core/record.js';
import { isRetryable, userMessage } from '../../core/user-errors.js';
import { textOf, type Collected } from './collect.js';
import type { ChatFamily } from './families.js';
import { answerMessage, failureMessage, stoppedMessage } from './render.js';

/** A follow-up asked while an answer is still streaming waits for it this long, then is dropped with a note. */
const TURN_WAIT_MS = 10 * 60_000;

/** The step of a chat record's `wait` while its answer streams. */
export const ANSWERING = 'answering';

export type TurnOutcome = 'answered' | 'stale';

/** The lock one chat thread's turns take, one after the other. */
export const chatLock = (thread: ThreadId): string => `chat:${thread}`;

export const answeringWait = (family: ChatFamily): Wait => ({ operation: family.operation, step: ANSWERING, since: Date.now() });

export const retryButton = (version: number): Button => ({ action: 'retry', label: 'Retry', value: String(version) });

/**
 * Answers `question` in `thread`, one turn at a time per thread (a follow-up waits for the answer before it).
 * With `expectVersion` (a Retry click), nothing happens unless the record is still at that version.
 */
export async function answerTurn(
  ctx: HandlerContext, thread: ThreadId, family: ChatFamily, question: string, expectVersion?: number,
): Promise<TurnOutcome> {
  return ctx.state.withLock(chatLock(thread), async () => {
    const record = await ctx.state.get(thread);
    if (!record || (expectVersion !== undefined && record.version !== expectVersion)) return 'stale';
    // saved before the platform is asked: a crash mid-answer leaves the question and the wait for the next start
    const started = await writeRecord(ctx.state, record, {
      wait: answeringWait(family),
      data: { ...record.data, family: family.verb, lastQuestion: question },
    });
    if (!started) return 'stale';
    await runTurn(ctx, started, family, question, answeredQuestion(record));
    return 'answered';
  }, { waitMs: TURN_WAIT_MS });
}

async function runTurn(ctx: HandlerContext, record: ThreadRecord, family: ChatFamily, question: string, previous?: string): Promise<void> {
  // the version the record will have once this turn is saved: the Retry button carries it
  const retry = retryButton(record.version + 1);
  const collected: Collected = { references: [], ids: {} };
  const complete = await showAnswer(ctx, record, family, { question, previous }, collected, retry);

  await writeRecord(ctx.state, record, {
    status: complete ? 'done' : 'active',
    wait: undefined,
    ids: { ...record.ids, ...collected.ids },
    data: {
      ...record.data,
      turns: Number(record.data.turns ?? 0) + (complete ? 1 : 0),
      ...(complete ? { answeredQuestion: question } : {}),
    },
  });
}

/** Streams the answer into the thread, or says why there is none; true when the whole answer is shown. */
async function showAnswer(
  ctx: HandlerContext, record: ThreadRecord, family: ChatFamily, asked: { question: string; previous?: string },
  collected: Collected, retry: Button,
): Promise<boolean> {
  const { thread } = record;
  const signal = ctx.messenger.begin(thread);
  try {
    const turn = await family.start(ctx.platform, asked.question, { ids: record.ids, lastQuestion: asked.previous }, signal);
    collected.references = turn.references;
    Object.assign(collected.ids, turn.ids);
    const result = await ctx.messenger.relay({
      thread,
      deltas: textOf(turn.events, collected),
      render: (text, state) => (state.final && collected.stopped
        ? stoppedMessage(text, collected.stopped)
        : answerMessage(text, state.final && !state.interrupted, state.final ? { ...collected, family } : undefined)),
      retry,
    });
    if (result.status === 'complete' && !collected.stopped) return true;
    ctx.logger.warn({ err: result.error ?? collected.stopped, status: result.status, thread }, 'chat stream did not complete');
    return false;
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'chat turn failed before streaming');
    const text = signal.aborted ? INTERRUPTED_NOTE : `⚠️ ${userMessage(error)}`;
    await ctx.messenger.post(thread, failureMessage(text, signal.aborted || isRetryable(error) ? retry : undefined))
      .catch((e: unknown) => ctx.logger.warn({ err: e, thread }, 'chat: could not show a failure'));
    return false;
  } finally {
    ctx.messenger.finish(thread, signal);
  }
}

export function lastQuestion(record: ThreadRecord): string | undefined {
  return typeof record.data.lastQuestion === 'string' ? record.data.lastQuestion : undefined;
}

/**
 * The last question that was answered (an AI68-1 follow-up carries it in its text). `lastQuestion` is the
 * question of the latest turn, answered or not (a Retry asks it again); records written before this
 * distinction saved `lastQuestion` only once answered.
 */
function answeredQuestion(record: ThreadRecord): string | undefined {
  const answered = record.data.answeredQuestion;
  if (typeof answered === 'string') return answered;
  return record.status === 'done' ? lastQuestion(record) : undefined;
}
