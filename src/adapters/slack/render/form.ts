/** A neutral `FormSpec` as a Slack modal; what the submission needs to find its thread rides in private_metadata. */
import type { types } from '@slack/bolt';
import type { FieldCheck, FormField, FormSpec } from '../../../core/message.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { multiSelectElement } from './interactive.js';
import { SLACK_LIMITS, SlackRenderError, checkId, type SlackBlock } from './limits.js';
import { escapeTruncated, stripControl, truncate } from './text.js';
import { translatorFor } from '../../../i18n/index.js';

export const FORM_CALLBACK_ID = 'iip-form';

export interface FormMetadata {
  thread: ThreadId;
  action: string;
  value: string;
  /** the fields' checks by field id, run when the modal is submitted (incoming/interactive.ts) */
  checks?: Record<string, FieldCheck>;
}

const plain = (text: string, max: number): types.PlainTextElement => ({
  type: 'plain_text',
  text: truncate(stripControl(text).trim(), max) || ' ',
  emoji: true,
});

const asList = (initial: string | string[] | undefined): string[] => (initial === undefined ? [] : Array.isArray(initial) ? initial : [initial]);

function textInput(field: FormField): types.PlainTextInput {
  const element: types.PlainTextInput = {
    type: 'plain_text_input',
    action_id: field.id,
    multiline: field.kind === 'multiline',
    max_length: Math.min(field.maxLength ?? SLACK_LIMITS.plainTextInput, SLACK_LIMITS.plainTextInput),
  };
  const initial = asList(field.initial).join('\n');
  if (initial.length > 0) element.initial_value = truncate(stripControl(initial), element.max_length ?? SLACK_LIMITS.plainTextInput);
  return element;
}

function renderField(field: FormField): SlackBlock {
  checkId('a form field id', field.id);
  if (field.kind === 'readonly') {
    const label = `*${escapeTruncated(field.label, 200)}*\n`;
    const value = escapeTruncated(asList(field.initial).join('\n'), SLACK_LIMITS.sectionText - label.length) || '-';
    return { type: 'section', block_id: field.id, text: { type: 'mrkdwn', text: label + value } };
  }
  const element =
    field.kind === 'checkboxes' ? multiSelectElement(field.id, field.label, field.options ?? [], asList(field.initial)) : textInput(field);
  return {
    type: 'input',
    block_id: field.id,
    label: plain(field.label, SLACK_LIMITS.inputLabel),
    optional: field.optional ?? false,
    element,
  };
}

/** Its Cancel is said in the form's language (the workspace default when it names none). */
export function renderForm(thread: ThreadId, form: FormSpec): types.ModalView {
  const t = translatorFor(form.lang);
  const checked = form.fields.filter((field) => field.check && field.kind !== 'readonly' && field.kind !== 'checkboxes');
  const checks = checked.length > 0 ? Object.fromEntries(checked.map((field) => [field.id, field.check as FieldCheck])) : undefined;
  const metadata = JSON.stringify({ thread, action: form.action, value: form.value, ...(checks ? { checks } : {}) } satisfies FormMetadata);
  if (metadata.length > SLACK_LIMITS.privateMetadata) {
    throw new SlackRenderError(`a form's thread, action, value and checks must fit ${SLACK_LIMITS.privateMetadata} characters`);
  }
  if (form.fields.length === 0 || form.fields.length > SLACK_LIMITS.modalBlocks) {
    throw new SlackRenderError(`a form needs 1-${SLACK_LIMITS.modalBlocks} fields`);
  }
  return {
    type: 'modal',
    callback_id: FORM_CALLBACK_ID,
    title: plain(form.title, SLACK_LIMITS.modalTitle),
    submit: plain(form.submitLabel, SLACK_LIMITS.modalButton),
    close: plain(t('common:cancel'), SLACK_LIMITS.modalButton),
    private_metadata: metadata,
    blocks: form.fields.map(renderField),
  };
}
