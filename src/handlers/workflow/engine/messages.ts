/**
 * The machinery's messages: progress while waiting, a step's review with its controls, the same review once
 * settled (controls gone, who confirmed it), and a failure with Retry. Buttons carry `encodeValue` values.
 */
import { mention, type Block, type Button, type OutgoingMessage } from '../../../core/message.js';
import { ChatRateLimitedError } from '../../../core/chat-errors.js';
import { userMessage } from '../../../core/user-errors.js';
import { classifyFailure } from '../../../lib/failures.js';
import type { Translate } from '../../../i18n/index.js';
import type { StepContext, StepDefinition, WorkflowData, WorkflowDefinition } from '../types.js';
import { encodeValue } from '../clicks/values.js';

export const CANCEL = 'cancel';
export const CONFIRM = 'confirm';
export const RETRY = 'retry';
export const formAction = (name: string): string => `form-${name}`;
export const selectAction = (name: string): string => `select-${name}`;

const message = (blocks: Block[]): OutgoingMessage => ({
  text: blocks.map((b) => (b.type === 'markdown' || b.type === 'context' ? b.text : '')).find((t) => t.trim()) ?? ' ',
  blocks,
});

const cancelButton = (def: WorkflowDefinition<WorkflowData>, step: string, version: number, t: Translate): Button => ({
  action: CANCEL,
  label: t('common:cancel'),
  value: encodeValue({ workflow: def.name, step, version }),
  style: 'danger',
  confirm: {
    title: t('workflow:cancel.title', { noun: def.noun(t) }),
    text: t('workflow:cancel.text', { noun: def.noun(t) }),
    confirm: t('workflow:cancel.confirm'),
    deny: t('workflow:cancel.deny'),
  },
});

/** `live`: the latest of a job's live stream, shown as markdown under the note */
export function progressMessage(
  def: WorkflowDefinition<WorkflowData>,
  step: string,
  label: string,
  note: string | undefined,
  version: number,
  live: string | undefined,
  t: Translate,
): OutgoingMessage {
  const blocks: Block[] = [{ type: 'markdown', text: t('workflow:progress', { label }) }];
  if (note) blocks.push({ type: 'context', text: note });
  if (live) blocks.push({ type: 'markdown', text: live });
  blocks.push({ type: 'actions', buttons: [cancelButton(def, step, version, t)] });
  return message(blocks);
}

/** The review of a step; with `version` its controls, without it only the content (for a settled message). */
export function reviewMessage<D extends WorkflowData>(
  def: WorkflowDefinition<D>,
  step: string,
  result: unknown,
  draft: unknown,
  sc: StepContext<D>,
  version?: number,
  footer?: string,
): OutgoingMessage {
  const definition = def.steps[step] as StepDefinition<D>;
  const review = definition.review;
  if (!review) throw new Error(`step ${step} of ${def.name} has no review`);
  const { t } = sc.ctx;
  const blocks: Block[] = [{ type: 'markdown', text: `**${review.title(t)}**` }, ...review.render(result, draft, sc)];
  if (version !== undefined) {
    const value = (key?: string) => encodeValue({ workflow: def.name, step, version, ...(key === undefined ? {} : { key }) });
    for (const [name, select] of Object.entries(review.selects ?? {})) {
      const options = select.options(result, draft, sc).map((o) => ({ ...o, value: value(o.value) }));
      if (options.length > 0)
        blocks.push({ type: 'select', id: `${step}-${name}`, action: selectAction(name), label: select.label(t), options, value: '' });
    }
    const buttons: Button[] = [];
    if (review.confirm.button) buttons.push({ action: CONFIRM, label: review.confirm.button(t), value: value(), style: 'primary' });
    for (const [name, form] of Object.entries(review.forms ?? {})) buttons.push({ action: formAction(name), label: form.button(t), value: value() });
    buttons.push(cancelButton(def as WorkflowDefinition<WorkflowData>, step, version, t));
    blocks.push({ type: 'actions', buttons });
  }
  if (footer) blocks.push({ type: 'context', text: footer });
  return message(blocks);
}

/** A send that was on its way when the bot stopped: whether it reached the platform is unknown. */
export class InterruptedSendError extends Error {
  constructor() {
    super('the bot restarted while the request was out');
    this.name = 'InterruptedSendError';
  }
}

/** What a failed send or wait says: "<label> failed: <why>", and what to do when a plain Retry cannot help. */
export function failureText(label: string, error: unknown, t: Translate): string {
  if (error instanceof InterruptedSendError) return t('workflow:failure.interrupted', { label });
  if (error instanceof Error && error.name === 'AbortError') return t('workflow:failure.aborted', { label });
  const why = userMessage(error, t);
  // the chat holding messages back is no failure of the bot's: when it goes on, and Retry then
  if (error instanceof ChatRateLimitedError) return t('workflow:failure.chatBusy', { label, why });
  const { kind } = classifyFailure(error);
  return kind === 'final' || kind === 'user-problem'
    ? t('workflow:failure.failedHint', { label, why })
    : t('workflow:failure.failed', { label, why });
}

export function failureMessage(def: WorkflowDefinition<WorkflowData>, step: string, text: string, version: number, t: Translate): OutgoingMessage {
  const value = encodeValue({ workflow: def.name, step, version });
  return message([
    { type: 'markdown', text: `⚠️ ${text}` },
    { type: 'actions', buttons: [{ action: RETRY, label: t('workflow:retry'), value, style: 'primary' }, cancelButton(def, step, version, t)] },
  ]);
}

/** A message whose controls were used: the same words without buttons or menus, and a line saying what happened. */
export function settled(shown: OutgoingMessage, line: string): OutgoingMessage {
  const blocks = (shown.blocks ?? [{ type: 'markdown' as const, text: shown.text }]).filter(
    (b) => b.type !== 'actions' && b.type !== 'select' && b.type !== 'multiSelect',
  );
  return { text: shown.text, blocks: [...blocks, { type: 'context', text: line }] };
}

export const confirmedLine = (userId: string, edited: boolean, t: Translate): string =>
  t(edited ? 'workflow:line.confirmedEdited' : 'workflow:line.confirmed', { user: mention(userId) });
export const retriedLine = (userId: string, t: Translate): string => t('workflow:line.retried', { user: mention(userId) });
export const cancelledLine = (t: Translate): string => t('workflow:line.cancelled');
