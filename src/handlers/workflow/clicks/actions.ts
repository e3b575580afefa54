/**
 * Clicks on a workflow's messages: Confirm, Retry, a select menu's choice, and the buttons that open forms.
 * Each is judged under the thread's lock against the record as it is then, so a double click, an old step's
 * button or a forged value changes nothing and the platform is called once.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { ActionIncoming } from '../../../core/incoming.js';
import { markdown, type OutgoingMessage } from '../../../core/message.js';
import type { ThreadRecord } from '../../../core/state.js';
import { userMessage } from '../../../core/user-errors.js';
import { userProblemOf } from '../../../lib/failures.js';
import { watchForCancel } from '../engine/cancel-watch.js';
import { showWait } from '../engine/machine.js';
import { runSend } from '../engine/send.js';
import { CONFIRM, RETRY, failureMessage, progressMessage, retriedLine, reviewMessage, settled } from '../engine/messages.js';
import { sendOf, stepOf } from '../engine/step-result.js';
import { showSaved, tryDeliver, WRITE_LOST } from '../record/deliver.js';
import { flowOf, saveFlow, seqOf, stepContext, waitFor } from '../record/flow.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { prefetch, recordConfirmation, sendConfirmed } from './confirm.js';
import { openStepForm } from './forms.js';
import { admit, judgedClick, refuse, type Acting, type Refusal } from './judge.js';
import type { StepValue } from './values.js';

/** The user's problem with what they chose: told to them, nothing changed. */
class Problem {
  constructor(readonly text: string) {}
}

type Outcome = Refusal | { read: unknown } | Problem | ThreadRecord;

/** Runs a step's own function on the user's choice; a problem it raises is the click's outcome, not an error. */
function asChosen<T>(fn: () => T): T | Problem {
  try {
    return fn();
  } catch (error) {
    const problem = userProblemOf(error);
    if (problem === undefined) throw error;
    return new Problem(problem);
  }
}

export async function onAction<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  incoming: ActionIncoming,
  record: ThreadRecord,
): Promise<void> {
  const acting: Acting = { thread: incoming.thread, user: incoming.user, value: incoming.value };
  const value = await admit(ctx, def, acting, record);
  if (!value) return;
  if (incoming.action === CONFIRM) return confirmClick(ctx, def, acting, value, record, incoming.selections);
  if (incoming.action === RETRY) return retryClick(ctx, def, acting, value, record);
  if (incoming.action.startsWith('form-')) return openStepForm(ctx, def, incoming, value, incoming.action.slice('form-'.length));
  if (incoming.action.startsWith('select-')) return chooseClick(ctx, def, acting, value, record, incoming.action.slice('select-'.length));
  return refuse(ctx, def, acting, record, 'invalid');
}

async function settle<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  acting: Acting,
  record: ThreadRecord,
  outcome: Outcome | undefined,
): Promise<ThreadRecord | undefined> {
  if (outcome === undefined) return undefined;
  if (typeof outcome === 'string') return void (await refuse(ctx, def, acting, record, outcome));
  if (outcome instanceof Problem) return void (await ctx.messenger.notify({ thread: acting.thread }, acting.user.id, markdown(`⚠️ ${outcome.text}`)));
  if ('read' in outcome) {
    const { t } = ctx;
    const text = t('workflow:click.unreadable', { why: userMessage(outcome.read, t) });
    return void (await ctx.messenger.notify({ thread: acting.thread }, acting.user.id, markdown(text)));
  }
  return outcome;
}

async function confirmClick<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  acting: Acting,
  value: StepValue,
  record: ThreadRecord,
  ticked: Record<string, string[]>,
): Promise<void> {
  const reading = await prefetch(ctx, def, record, value, ['review']);
  let shown: unknown;
  let edited = false;
  const saved = await settle(
    ctx,
    def,
    acting,
    record,
    await judgedClick<Outcome, D>(ctx, def, acting.thread, value, ['review'], record, async (current) => {
      const review = stepOf(def, current.step).review;
      if (!review?.confirm.button) return 'invalid';
      const read = await reading.resolve(current);
      if (!read.ok) return { read: read.error };
      shown = read.result;
      const input = asChosen(() => review.confirm.input(read.result, flowOf(current).draft, stepContext<D>(ctx, current), ticked));
      if (input instanceof Problem) return input;
      // "(edited)": what is confirmed is what the user saved with one of the step's forms (Edit saves, Confirm sends)
      edited = flowOf(current).draft !== undefined && Object.values(review.forms ?? {}).some((form) => form.submits === 'review');
      return (await recordConfirmation(ctx, def, current, input, acting.user.id)) ?? WRITE_LOST;
    }),
  );
  if (saved) await sendConfirmed(ctx, def, saved, shown, edited);
}

/** Retry repeats what failed: the confirmation (its request or the task it started failed), or the wait. */
async function retryClick<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  acting: Acting,
  value: StepValue,
  record: ThreadRecord,
): Promise<void> {
  const { t } = ctx;
  let resend = false;
  let failed: { message?: string; shown: OutgoingMessage } | undefined;
  const saved = await settle(
    ctx,
    def,
    acting,
    record,
    await judgedClick<Outcome, D>(ctx, def, acting.thread, value, ['failed'], record, async (current) => {
      const flow = flowOf(current);
      const failure = flow.failure;
      const poll = stepOf(def, current.step).poll;
      resend = Boolean(flow.pending && (failure?.during !== 'wait' || !poll));
      failed = {
        message: flow.message,
        shown: failureMessage(def, current.step, failure?.text ?? t('workflow:failure.stepFailed'), seqOf(current), t),
      };
      if (resend) {
        const next = await saveFlow(ctx, current, {
          flow: { ...flow, phase: 'send', failure: undefined },
          wait: waitFor(sendOf(def, flow.pending!).operation, current.step),
        });
        return next ?? WRITE_LOST;
      }
      if (!poll) return 'invalid';
      const next = await saveFlow(ctx, current, {
        flow: { ...flow, phase: 'poll', failure: undefined },
        wait: waitFor(poll.operation, current.step),
      });
      return next ?? WRITE_LOST;
    }),
  );
  if (!saved || !failed) return;
  const again = retriedLine(acting.user.id, t);
  if (resend) {
    const { message, shown } = failed;
    return runSend(ctx, def, saved, (leased) => tryDeliver(leased, acting.thread, message, settled(shown, again)));
  }
  const label = stepOf(def, saved.step).poll?.label(t) ?? saved.step;
  await showWait(ctx, def, saved.thread, () => showSaved(ctx, saved, (v) => progressMessage(def, saved.step, label, again, v, undefined, t)));
}

/**
 * A select menu's choice changes the step's draft at once, and the review is drawn again with it; a menu that
 * `confirms` sends the draft at once as the step's confirmation instead.
 */
async function chooseClick<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  acting: Acting,
  value: StepValue,
  record: ThreadRecord,
  name: string,
): Promise<void> {
  const reading = await prefetch(ctx, def, record, value, ['review']);
  let sending = false;
  let draw: ((v: number) => OutgoingMessage) | undefined;
  let shown: unknown;
  const saved = await settle(
    ctx,
    def,
    acting,
    record,
    await judgedClick<Outcome, D>(ctx, def, acting.thread, value, ['review'], record, async (current) => {
      const select = stepOf(def, current.step).review?.selects?.[name];
      if (!select || value.key === undefined) return 'invalid';
      const read = await reading.resolve(current);
      if (!read.ok) return { read: read.error };
      shown = read.result;
      const flow = flowOf(current);
      const sc = stepContext<D>(ctx, current);
      const key = value.key;
      const draft = asChosen(() => select.apply(key, read.result, flow.draft, sc));
      if (draft instanceof Problem) return draft;
      if (select.confirms) {
        sending = true;
        return (await recordConfirmation(ctx, def, current, draft, acting.user.id)) ?? WRITE_LOST;
      }
      draw = (v: number) => reviewMessage(def, current.step, read.result, draft, sc, v);
      return (await saveFlow(ctx, current, { flow: { ...flow, draft } })) ?? WRITE_LOST;
    }),
  );
  if (!saved) return;
  if (sending) return sendConfirmed(ctx, def, saved, shown, false);
  if (!draw) return;
  const now = await showSaved(ctx, saved, draw);
  watchForCancel(ctx, acting.thread, flowOf(now).message, draw(seqOf(now)));
}
