/**
 * The durable wait: the record already says what the thread waits for (`wait`); this polls the platform with a
 * deadline and backoff, shows progress in the step's message, and on success shows the review (or moves on).
 * One poller per thread and process, and one replica per wait (a lease, see lease.ts); it ends quietly when the bot stops (the next start resumes it) and stops
 * when the record moves under it (cancel).
 */
import type { HandlerContext } from '../../core/handler.js';
import { pollTask } from '../../platform/poll.js';
import { taskState } from '../../platform/task-state.js';
import type { ThreadRecord } from '../../core/state.js';
import { advance, fail } from './advance.js';
import { watchForCancel } from './cancel-watch.js';
import { lockedAt, showAndSave, tryDeliver } from './deliver.js';
import { flowOf, stepContext, unchanged } from './flow.js';
import { CANCELLED_LINE, progressMessage, reviewMessage, settled } from './messages.js';
import { followStream } from './live-stream.js';
import { ProgressNotes } from './progress.js';
import { relayOnce } from './relay-step.js';
import { withLease } from './lease.js';
import { claimWait, rememberResult, releaseWait } from './registry.js';
import { stepOf } from './step-result.js';
import type { WorkflowData, WorkflowDefinition } from './types.js';

export const DEFAULT_TIMING = { intervalMs: 500, maxIntervalMs: 10_000, deadlineMs: 30 * 60_000 };
/** A resumed wait whose deadline passed while the bot was down still gets this long. */
const MIN_REMAINING_MS = 60_000;

class RecordMovedError extends Error {
  constructor() {
    super('the thread record changed during the wait');
    this.name = 'RecordMovedError';
  }
}

/** Starts the thread's poller in the background (errors are logged). */
export function startPoll<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): void {
  void runPoll(ctx, def, record).catch((error: unknown) => ctx.logger.error({ err: error, thread: record.thread }, 'workflow: a wait ended in an error'));
}

export async function runPoll<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): Promise<void> {
  if (!claimWait(ctx.memory, record.thread)) return;
  let started = false;
  try {
    // the lease covers the step's continuation too: an automatic step's platform call is made once
    const held = await withLease(ctx, record, () => {
      started = true;
      return pollAndContinue(ctx, def, record);
    });
    if (!held) ctx.logger.debug({ thread: record.thread }, 'workflow: another replica runs this wait');
  } finally {
    // a claim that never got to poll is given back (the rescan offers the wait again)
    if (!started) releaseWait(ctx.memory, record.thread);
  }
}

async function pollAndContinue<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): Promise<void> {
  const interrupt = ctx.messenger.begin(record.thread);
  const signal = ctx.lifetime ? AbortSignal.any([interrupt, ctx.lifetime]) : interrupt;
  let outcome: { result: unknown } | undefined;
  let current = record;
  try {
    current = await relayOnce(ctx, def, record, signal);
    outcome = await pollStep(ctx, def, current, signal);
  } finally {
    releaseWait(ctx.memory, record.thread);
    ctx.messenger.finish(record.thread, interrupt);
  }
  // the wait is over (released first: an automatic step's next wait is a new claim)
  if (outcome) await continueWith(ctx, def, current, outcome.result);
}

/** Polls until the step's result is there; undefined when the wait ended otherwise (shown, or left for a restart). */
async function pollStep<D extends WorkflowData>(
  ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, signal: AbortSignal,
): Promise<{ result: unknown } | undefined> {
  const { thread } = record;
  const poll = stepOf(def, record.step).poll;
  if (!poll) throw new Error(`step ${record.step} of ${def.name} has nothing to wait for`);
  const timing = { ...DEFAULT_TIMING, ...def.timing };
  const elapsed = Date.now() - (record.wait?.since ?? Date.now());
  const flow = flowOf(record);
  const sc = stepContext<D>(ctx, record);
  // the poll's note and the live stream's text, drawn together; the key passed to `notes` only tells changes apart
  let pollNote: string | undefined;
  let live: string | undefined;
  const notes = new ProgressNotes(ctx, thread, flow.message, () => progressMessage(def, record.step, poll.label, pollNote, record.version, live));
  const refresh = () => notes.note(pollNote || live ? `${pollNote ?? ''}\n${live ?? ''}` : undefined);
  const stream = poll.stream && followStream((s) => poll.stream!(sc, s), signal, (note) => { live = note; refresh(); }, ctx.logger);
  try {
    const result = await pollTask(async (s) => {
      if (!(await unchanged(ctx, thread, record.version))) throw new RecordMovedError();
      return poll.read(sc, s);
    }, {
      operation: poll.operation,
      state: (r) => (poll.state ? poll.state(r) : taskState(poll.operation, r, ctx.logger)),
      intervalMs: timing.intervalMs,
      maxIntervalMs: timing.maxIntervalMs,
      deadlineMs: Math.max((poll.deadlineMs ?? timing.deadlineMs) - elapsed, MIN_REMAINING_MS),
      signal,
      onProgress: (r) => {
        pollNote = poll.progress?.(r, sc);
        refresh();
      },
    });
    stream?.stop();
    await notes.close();
    return { result };
  } catch (error) {
    stream?.stop();
    await notes.close();
    if (ctx.lifetime?.aborted) return undefined;
    const current = await unchanged(ctx, thread, record.version);
    if (!current) await settleMoved(ctx, record, poll.label, flow.message);
    else await fail(ctx, def, current, 'poll', error, poll.label);
    return undefined;
  }
}

/** After the result: the step's review, or at once what follows it. */
async function continueWith<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, result: unknown): Promise<void> {
  const step = stepOf(def, record.step);
  const label = step.poll?.label ?? record.step;
  rememberResult(ctx.memory, record.thread, record.step, result);
  if (step.review) return showReview(ctx, def, record, result);
  if (!step.then) throw new Error(`step ${record.step} of ${def.name} has neither a review nor a then`);
  let transition;
  try {
    transition = await step.then(result, stepContext<D>(ctx, record));
  } catch (error) {
    return fail(ctx, def, record, 'poll', error, label);
  }
  await advance(ctx, def, record, transition, flowOf(record).message);
}

/** The step's result with its controls; the confirmation that started the task is done with. */
async function showReview<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, result: unknown): Promise<void> {
  const draw = (current: ThreadRecord) => (v: number) => reviewMessage(def, current.step, result, undefined, stepContext<D>(ctx, current), v);
  const saved = await lockedAt(ctx, record.thread, record.version, (current) =>
    showAndSave(ctx, current, { flow: { phase: 'review' }, wait: null }, draw(current), flowOf(current).message));
  if (saved) watchForCancel(ctx, record.thread, flowOf(saved).message, draw(saved)(saved.version));
}

/** The wait stopped because the record changed: a cancelled workflow's progress message says so. */
async function settleMoved(ctx: HandlerContext, record: ThreadRecord, label: string, messageId: string | undefined): Promise<void> {
  const current = await ctx.state.get(record.thread);
  if (current?.status !== 'cancelled') return;
  await tryDeliver(ctx, record.thread, messageId, settled({ text: label, blocks: [{ type: 'markdown', text: `${label}: stopped.` }] }, CANCELLED_LINE));
}
