/**
 * One turn of a chat: ask the platform, relay its stream into the thread, and remember what the next
 * turn needs (session_id, chat ids, the question). A failure keeps what was shown and offers Retry when
 * retrying can help. While the answer streams, the record carries a `wait`, and the process writing it holds
 * the answer's lease (core/lease.ts: `answer:<thread>:v<version>`, extended while it streams; on Redis it frees
 * itself one lease after a replica that died), the same primitive as a workflow's steps: the turn's posts,
 * platform calls and record writes are fenced by it. A start or a rescan that can take the lease finds the answer
 * cut and marks it (restart.ts); one that cannot leaves a live answer alone.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { Button } from '../../core/message.js';
import { interruptedNote } from '../../core/relay/index.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { ThreadRecord, ThreadRecordInput, Wait } from '../../core/state.js';
import { leaseMsOf } from '../../core/lease.js';
import { leaseLost, withLease } from '../../core/lease.js';
import { isRetryable, userMessage } from '../../core/user-errors.js';
import { answerCapOf, textOf, type Collected } from './collect.js';
import type { ChatFamily } from './families.js';
import { answerMessage, failureMessage, stoppedMessage } from './render.js';
import { optionsOf } from './encyclopedia-options.js';
import type { Translate } from '../../i18n/index.js';

/** A follow-up asked while an answer is still streaming waits for it this long, then is dropped with a note. */
const TURN_WAIT_MS = 10 * 60_000;

/** Under the first follow-up's answer in an `ask` thread: AI07 has no conversation id. */
const askKeepsNoContext = (t: Translate): string => t('chat:askKeepsNoContext');

/** The line under the thread while the platform answers (Slack's assistant pane); the answer's first post clears it. */
const workingStatus = (verb: ChatFamily['verb'], t: Translate): string => t(`chat:working.${verb}`);

/** The step of a chat record's `wait` while its answer streams. */
export const ANSWERING = 'answering';

export type TurnOutcome = 'answered' | 'stale';

/** The lock one chat thread's turns take, one after the other. */
export const chatLock = (thread: ThreadId): string => `chat:${thread}`;

export const answeringWait = (family: ChatFamily): Wait => ({ operation: family.operation, step: ANSWERING, since: Date.now() });

export const retryButton = (version: number, t: Translate): Button => ({ action: 'retry', label: t('workflow:retry'), value: String(version) });

/** The lease of the answer streamed for the record at `version` (the version whose `wait` says answering). */
export const answerLease = (thread: ThreadId, version: number): string => `answer:${thread}:v${version}`;

/**
 * Runs `fn` holding the lease of the answer the record at `version` will stream, with a context fenced by it:
 * taken before that record is written and held until the record that ends the turn is, so a record saying
 * `answering` never lacks a holder while its writer lives; false (`fn` not run) when someone else holds it.
 */
function holdingAnswerLease(ctx: HandlerContext, thread: ThreadId, version: number, fn: (leased: HandlerContext) => Promise<void>): Promise<boolean> {
  return withLease(ctx, answerLease(thread, version), fn);
}

/**
 * A new chat thread: writes its first record (version 1, with the question and the answering wait, so a crash
 * before the turn starts still leaves them) and answers it; nothing when the thread was started twice at once.
 */
export async function firstTurn(ctx: HandlerContext, first: Omit<ThreadRecordInput, 'wait'>, family: ChatFamily, question: string): Promise<void> {
  const { thread } = first;
  // held elsewhere, or the record is there already: the same thread was started twice at once, the first one answers
  await holdingAnswerLease(ctx, thread, 1, async (leased) => {
    const record = await leased.records.create(leased.handOver, { ...first, wait: answeringWait(family) });
    if (record) await answerTurn(leased, thread, family, question);
  });
}

/**
 * Answers `question` in `thread`, one turn at a time per thread (a follow-up waits for the answer before it).
 * With `expectVersion` (a Retry click), nothing happens unless the record is still at that version.
 */
export async function answerTurn(
  ctx: HandlerContext,
  thread: ThreadId,
  family: ChatFamily,
  question: string,
  expectVersion?: number,
): Promise<TurnOutcome> {
  return ctx.state.withLock(
    chatLock(thread),
    async () => {
      const record = await ctx.state.get(thread);
      if (!record || (expectVersion !== undefined && record.version !== expectVersion)) return 'stale';
      let outcome: TurnOutcome = 'stale';
      await holdingAnswerLease(ctx, thread, record.version + 1, async (leased) => {
        // saved before the platform is asked: a crash mid-answer leaves the question and the wait for the next start
        const started = await leased.records.update(
          record,
          { wait: answeringWait(family), data: { ...record.data, family: family.verb, lastQuestion: question } },
          { handOver: leased.handOver }, // the turn is safe in the record from here: a restart answers or marks it
        );
        if (!started) return;
        await runTurn(leased, started, family, question, answeredQuestion(record));
        outcome = 'answered';
      });
      return outcome;
      // the thread's lock lives as long as the answer's lease when its holder dies, so a cut answer is marked soon
    },
    { waitMs: TURN_WAIT_MS, ttlMs: leaseMsOf(ctx.settings) },
  );
}

async function runTurn(ctx: HandlerContext, record: ThreadRecord, family: ChatFamily, question: string, previous?: string): Promise<void> {
  // the version the record will have once this turn is saved: the Retry button carries it
  const retry = retryButton(record.version + 1, ctx.t);
  const collected: Collected = { references: [], ids: {} };
  // said once per thread, under the first follow-up's answer
  const note = family.verb === 'ask' && previous !== undefined && record.data.noContextNoted !== true ? askKeepsNoContext(ctx.t) : undefined;
  const complete = await showAnswer(ctx, record, family, { question, previous, note }, collected, retry);

  await ctx.records.update(record, {
    status: complete ? 'done' : 'active',
    wait: undefined,
    // an answer that did not complete leaves the conversation where it was: its Retry asks the same turn again
    ids: complete ? { ...record.ids, ...collected.ids } : record.ids,
    data: {
      ...record.data,
      turns: Number(record.data.turns ?? 0) + (complete ? 1 : 0),
      ...(complete ? { answeredQuestion: question } : {}),
      ...(complete && note ? { noContextNoted: true } : {}),
    },
  });
}

/** Streams the answer into the thread, or says why there is none; true when the whole answer is shown. */
async function showAnswer(
  ctx: HandlerContext,
  record: ThreadRecord,
  family: ChatFamily,
  asked: { question: string; previous?: string; note?: string },
  collected: Collected,
  retry: Button,
): Promise<boolean> {
  const { thread } = record;
  const { t } = ctx;
  const signal = ctx.messenger.begin(thread);
  const lost = leaseLost(ctx);
  await ctx.messenger.setStatus(thread, workingStatus(family.verb, t));
  try {
    const options = family.verb === 'encyclopedia' ? optionsOf(record.data) : undefined;
    // a lease lost mid-answer (a stall longer than it) stops the stream: another replica marks the answer cut
    const until = lost ? AbortSignal.any([signal, lost]) : signal;
    const turn = await family.start(ctx.platform, asked.question, { ids: record.ids, lastQuestion: asked.previous, options, t }, until);
    collected.references = turn.references;
    Object.assign(collected.ids, turn.ids);
    const result = await ctx.messenger.relay({
      thread,
      feedback: true,
      deltas: textOf(turn.events, collected, answerCapOf(ctx)),
      render: (text, state) =>
        state.final && collected.stopped
          ? stoppedMessage(text, collected.stopped, t)
          : answerMessage(text, state.final && !state.interrupted, state.final ? { ...collected, family, note: asked.note, options } : undefined, t),
      retry,
    });
    if (result.status === 'complete' && !collected.stopped) return true;
    ctx.logger.warn({ err: result.error ?? collected.stopped, status: result.status, thread }, 'chat stream did not complete');
    return false;
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'chat turn failed before streaming');
    const text = signal.aborted ? interruptedNote(t) : `⚠️ ${userMessage(error, t)}`;
    await ctx.messenger
      .post(thread, failureMessage(text, signal.aborted || isRetryable(error) ? retry : undefined))
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
