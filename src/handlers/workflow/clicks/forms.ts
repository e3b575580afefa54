/**
 * A review's forms. Opening one must happen within Slack's 3-second trigger window: the values come from this
 * process's cache of the step's result (a short platform read only after a restart), and the form opens before
 * anything slow. A submission is judged like a click, then either confirms the step or becomes its draft.
 */
import { budget, timeLeft } from '../../../core/deadline.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { ActionIncoming, FormIncoming } from '../../../core/incoming.js';
import { markdown, type FormField, type FormSpec } from '../../../core/message.js';
import { LockTimeoutError, type ThreadRecord } from '../../../core/state.js';
import { ChatRateLimitedError } from '../../../core/chat-errors.js';
import { userMessage } from '../../../core/user-errors.js';
import { watchForCancel } from '../engine/cancel-watch.js';
import { formAction, reviewMessage } from '../engine/messages.js';
import { cachedStepResult, stepOf, stepResult } from '../engine/step-result.js';
import { locked, showSaved, WRITE_LOST } from '../record/deliver.js';
import { flowOf, saveFlow, seqOf, stepContext } from '../record/flow.js';
import { userProblemOf } from '../../../lib/failures.js';
import { FormProblem, type FormDefinition, type WorkflowData, type WorkflowDefinition } from '../types.js';
import { recordConfirmation, sendConfirmed } from './confirm.js';
import { admit, judgedClick, refuse, refusalFor, type Acting, type Refusal } from './judge.js';
import { encodeValue, type StepValue } from './values.js';

/** How long opening a form may wait for the thread's lock and for a platform read, within the 3 s window. */
const OPEN_LOCK_MS = 1_000;
const OPEN_READ_MS = 1_500;
/** What opening the form itself needs of the trigger's window (drawing it and the chat's call) */
const OPEN_CALL_MS = 700;
/** An uncached platform read is not started with less than this left for it: it would only make the form late */
const MIN_READ_MS = 300;

const note = (ctx: HandlerContext, acting: Acting, text: string) => ctx.messenger.notify({ thread: acting.thread }, acting.user.id, markdown(text));

export async function openStepForm<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  incoming: ActionIncoming,
  value: StepValue,
  name: string,
): Promise<void> {
  const acting: Acting = { thread: incoming.thread, user: incoming.user, value: incoming.value };
  const { t } = ctx;
  // a fresh read behind any save in flight, so a button drawn a moment ago is judged against its own version
  let record: ThreadRecord | undefined;
  try {
    record = await locked(ctx, incoming.thread, async (current) => current, budget(OPEN_LOCK_MS, incoming.triggerDeadline, OPEN_CALL_MS));
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    return note(ctx, acting, t('workflow:click.busy'));
  }
  if (!record) return;
  const refusal: Refusal | undefined = refusalFor(def, record, value, ['review']);
  if (refusal) return refuse(ctx, def, acting, record, refusal);
  const review = stepOf(def, record.step).review;
  const form = review?.forms?.[name];
  if (!form) return refuse(ctx, def, acting, record, 'invalid');
  const readMs = budget(OPEN_READ_MS, incoming.triggerDeadline, OPEN_CALL_MS);
  const cached = cachedStepResult(ctx, def, record);
  // past the window a read is skipped: the form could not open with this trigger anyway
  if (!cached && readMs < MIN_READ_MS) return note(ctx, acting, t('workflow:click.loading'));
  let result: unknown;
  try {
    result = cached ? cached.result : await stepResult(ctx, def, record, readMs);
  } catch {
    return note(ctx, acting, t('workflow:click.loading'));
  }
  if (timeLeft(incoming.triggerDeadline) <= 0) return note(ctx, acting, t('workflow:click.loading'));
  const spec = formSpec(ctx, def, record, name, form, result);
  let opened: boolean;
  try {
    opened = await ctx.messenger.openForm(incoming.triggerId, incoming.thread, spec);
  } catch (error) {
    ctx.logger.warn({ err: error, thread: incoming.thread }, 'workflow: a form did not open');
    // the chat holding writes back is no failure of the bot's: say so, and when to click again
    if (error instanceof ChatRateLimitedError) return note(ctx, acting, t('workflow:click.formBusy', { why: userMessage(error, t) }));
    return note(ctx, acting, t('workflow:click.formNotOpened'));
  }
  if (!opened) return note(ctx, acting, t('workflow:click.noForms', { button: form.button(t) }));
}

/** The form `name` of the record's step as it opens, with the step's result (and its draft) as its values. */
function formSpec<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  name: string,
  form: FormDefinition<D>,
  result: unknown,
): FormSpec {
  const review = stepOf(def, record.step).review;
  const { t } = ctx;
  return {
    action: formAction(name),
    title: form.title(t),
    submitLabel: form.submitLabel(t),
    fields: form.fields(result, flowOf(record).draft, stepContext<D>(ctx, record)),
    outcome:
      form.submits === 'confirm'
        ? t('workflow:click.formConfirms', { submit: form.submitLabel(t), noun: def.noun(t) })
        : t('workflow:click.formReviews', { submit: form.submitLabel(t), confirm: review?.confirm.button?.(t) ?? t('workflow:confirm') }),
    value: encodeValue({ workflow: def.name, step: record.step, version: seqOf(record) }),
  };
}

export async function onForm<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  incoming: FormIncoming,
  record: ThreadRecord,
): Promise<void> {
  const acting: Acting = { thread: incoming.thread, user: incoming.user, value: incoming.value };
  const { t } = ctx;
  const value = await admit(ctx, def, acting, record);
  if (!value) return;
  const name = incoming.action.startsWith('form-') ? incoming.action.slice('form-'.length) : '';
  const form = stepOf(def, value.step in def.steps ? value.step : record.step).review?.forms?.[name];
  const early = form ? refusalFor(def, record, value, ['review']) : 'invalid';
  if (early || !form) return refuse(ctx, def, acting, record, early ?? 'invalid');
  let result: unknown;
  try {
    result = await stepResult(ctx, def, record);
  } catch (error) {
    return note(ctx, acting, t('workflow:click.unreadableForm', { why: userMessage(error, t) }));
  }
  let input: unknown;
  try {
    input = await form.apply(incoming.fields, result, flowOf(record).draft, stepContext<D>(ctx, record));
  } catch (error) {
    const text = userProblemOf(error) ?? t('workflow:failure.failed', { label: form.title(t), why: userMessage(error, t) });
    const reask = error instanceof FormProblem ? error.options.reask : undefined;
    if (reask && (await askAgain(ctx, def, record, name, form, result, incoming, text))) return;
    return note(ctx, acting, `⚠️ ${text}${reask ? ` ${reask.hint}` : ''}`);
  }
  let edited = false;
  let draft: unknown;
  const outcome = await judgedClick<ThreadRecord, D>(ctx, def, incoming.thread, value, ['review'], record, async (current) => {
    if (form.submits === 'confirm') {
      // "(edited)" only when the confirmed values are not the platform's own: a field changed, or a draft saved before
      const sc = stepContext<D>(ctx, current);
      edited = flowOf(current).draft !== undefined || changedAny(form.fields(result, undefined, sc), incoming.fields);
      return (await recordConfirmation(ctx, def, current, input, acting.user.id)) ?? WRITE_LOST;
    }
    const flow = flowOf(current);
    const sc = stepContext<D>(ctx, current);
    // saved as it was opened, over no earlier edit: nothing of the user's to keep (Confirm then says no "(edited)")
    draft = flow.draft === undefined && !changedAny(form.fields(result, undefined, sc), incoming.fields) ? undefined : input;
    return (await saveFlow(ctx, current, { flow: { ...flow, draft } })) ?? WRITE_LOST;
  });
  if (outcome === undefined) return;
  if (typeof outcome === 'string') return refuse(ctx, def, acting, record, outcome);
  if (form.submits === 'confirm') return sendConfirmed(ctx, def, outcome, result, edited);
  const draw = (v: number) => reviewMessage(def, outcome.step, result, draft, stepContext<D>(ctx, outcome), v);
  const shown = await showSaved(ctx, outcome, draw);
  watchForCancel(ctx, incoming.thread, flowOf(shown).message, draw(seqOf(shown)));
}

/**
 * Opens the form again with why (a value that could not be read) and what was typed, where the chat opens forms
 * without a click (the terminal, Teams); false where it cannot (Slack's modals need a click's trigger).
 */
async function askAgain<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  name: string,
  form: FormDefinition<D>,
  result: unknown,
  incoming: FormIncoming,
  problem: string,
): Promise<boolean> {
  if (!ctx.messenger.opensFormsUnprompted) return false;
  const spec = formSpec(ctx, def, record, name, form, result);
  const fields = spec.fields.map((field) => {
    const typed = incoming.fields[field.id];
    return field.kind === 'readonly' || typed === undefined ? field : { ...field, initial: typed };
  });
  return ctx.messenger.openForm(undefined, incoming.thread, { ...spec, fields, problem: `⚠️ ${problem}` }).catch((error: unknown) => {
    ctx.logger.warn({ err: error, thread: incoming.thread }, 'workflow: a form did not open again');
    return false;
  });
}

const normalised = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? [...value].sort().join('\n') : (value ?? '').replace(/\r\n?/g, '\n').trim();

/** Whether a submitted form differs from the values it was opened with. */
function changedAny(fields: readonly FormField[], submitted: Record<string, string | string[]>): boolean {
  return fields.some((f) => f.kind !== 'readonly' && normalised(submitted[f.id]) !== normalised(f.initial));
}
