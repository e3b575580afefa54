/**
 * A neutral `FormSpec` as an Adaptive Card posted in the thread: Teams has no Slack-like modal a bot can open
 * from a button click without a task module, so the form's inputs are inline and its submit button sends them
 * back as one `Action.Submit` (read as a `FormIncoming`).
 */
import type { FormField, FormSpec } from '../../../core/message.js';
import { choiceSetInput, submitAction } from './interactive.js';
import { CARD_SCHEMA, TeamsRenderError, checkInputId, type CardElement, type TeamsMessage } from './limits.js';
import { clean, stripControl, truncate } from './text.js';
import { translatorFor, type Translate } from '../../../i18n/index.js';

const MAX_FIELDS = 50;
const TEXT_INPUT_MAX = 10_000;

const asList = (initial: string | string[] | undefined): string[] => (initial === undefined ? [] : Array.isArray(initial) ? initial : [initial]);

function renderField(field: FormField, t: Translate): CardElement[] {
  if (field.kind === 'readonly') {
    const value = clean(asList(field.initial).join('\n'), 3_000) || '-';
    return [
      { type: 'TextBlock', text: clean(field.label, 500), weight: 'Bolder', wrap: true },
      { type: 'TextBlock', text: value, wrap: true, spacing: 'None' },
    ];
  }
  if (field.kind === 'checkboxes') {
    const input = choiceSetInput(field.id, field.label, field.options ?? [], asList(field.initial));
    return [{ ...input, isRequired: !(field.optional ?? false), errorMessage: t('teams:form.chooseOne') }];
  }
  const maxLength = Math.min(field.maxLength ?? TEXT_INPUT_MAX, TEXT_INPUT_MAX);
  const initial = truncate(stripControl(asList(field.initial).join('\n')), maxLength);
  return [
    {
      type: 'Input.Text',
      id: checkInputId('a form field id', field.id),
      label: clean(field.label, 500) || ' ',
      isMultiline: field.kind === 'multiline',
      maxLength,
      isRequired: !(field.optional ?? false),
      errorMessage: t('teams:form.required'),
      ...(initial.length > 0 ? { value: initial } : {}),
    },
  ];
}

/** The form's checks and its fallback title are in the form's language. */
export function renderForm(form: FormSpec, options: { thread?: string } = {}): TeamsMessage {
  const t = translatorFor(form.lang);
  if (form.fields.length === 0 || form.fields.length > MAX_FIELDS) throw new TeamsRenderError(`a form needs 1-${MAX_FIELDS} fields`);
  const fields = form.fields.filter((field) => field.kind !== 'readonly').map((field) => ({ id: field.id, multi: field.kind === 'checkboxes' }));
  const context = { ...(options.thread !== undefined ? { thread: options.thread } : {}), multi: [] };
  const submit = submitAction(form.submitLabel, { kind: 'form', action: form.action, value: form.value, fields }, context, 'primary');
  const body: CardElement[] = [
    { type: 'TextBlock', text: clean(form.title, 300) || t('teams:form.title'), weight: 'Bolder', size: 'Medium', wrap: true },
    ...(form.problem ? [{ type: 'TextBlock', text: clean(form.problem, 1000), color: 'Attention', wrap: true } satisfies CardElement] : []),
    ...form.fields.flatMap((field) => renderField(field, t)),
    { type: 'ActionSet', actions: [submit] },
  ];
  return {
    summary: clean(form.title, 300) || t('teams:form.title'),
    card: { type: 'AdaptiveCard', $schema: CARD_SCHEMA, version: '1.5', body, msteams: { width: 'Full' } },
  };
}
