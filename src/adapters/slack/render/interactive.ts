/** Buttons, multi-selects and selects as Block Kit elements; ids are built so an action can be read back. */
import type { types } from '@slack/bolt';
import { FEEDBACK_ACTION, type Button, type ButtonConfirm, type Choice } from '../../../core/message.js';
import { SLACK_LIMITS, SlackRenderError, checkId, type SlackBlock } from './limits.js';
import { escapeTruncated, stripControl, truncate } from './text.js';
import type { Translate } from '../../../i18n/index.js';

/** action_id suffixes: `<action>:<n>` for buttons, `<action>:select` for selects, `<id>:multiselect` for multi-selects. */
export const SELECT_SUFFIX = 'select';
export const MULTISELECT_SUFFIX = 'multiselect';

const plain = (text: string, max: number): types.PlainTextElement => ({
  type: 'plain_text',
  text: truncate(stripControl(text), max) || ' ',
  emoji: true,
});

export function renderOption(choice: Choice): types.PlainTextOption {
  if (choice.value.length === 0 || choice.value.length > SLACK_LIMITS.optionValue) {
    throw new SlackRenderError(`an option value must be 1-${SLACK_LIMITS.optionValue} characters`);
  }
  const option: types.PlainTextOption = { text: plain(choice.label, SLACK_LIMITS.optionText), value: choice.value };
  if (choice.description) option.description = plain(choice.description, SLACK_LIMITS.optionDescription);
  return option;
}

/** Block Kit's confirmation dialog (title 100, text 300, button labels 30 characters at most). */
function confirmDialog(confirm: ButtonConfirm, style: Button['style']): types.ConfirmationDialog {
  return {
    title: plain(confirm.title, 100),
    text: plain(confirm.text, 300),
    confirm: plain(confirm.confirm, 30),
    deny: plain(confirm.deny, 30),
    ...(style === 'danger' ? { style: 'danger' as const } : {}),
  };
}

/** Buttons in actions blocks of at most 25; `firstIndex` keeps action ids unique across one message. */
export function renderButtons(buttons: Button[], firstIndex: number): SlackBlock[] {
  const elements = buttons.map((button, i): types.Button => {
    if (button.value.length > SLACK_LIMITS.buttonValue) {
      throw new SlackRenderError(`a button value must be at most ${SLACK_LIMITS.buttonValue} characters`);
    }
    const element: types.Button = {
      type: 'button',
      text: plain(button.label, SLACK_LIMITS.buttonText),
      action_id: checkId('an action id', `${button.action}:${firstIndex + i}`),
      value: button.value,
    };
    if (button.style) element.style = button.style;
    if (button.confirm) element.confirm = confirmDialog(button.confirm, button.style);
    return element;
  });
  const blocks: SlackBlock[] = [];
  for (let i = 0; i < elements.length; i += SLACK_LIMITS.elementsPerActions) {
    blocks.push({ type: 'actions', elements: elements.slice(i, i + SLACK_LIMITS.elementsPerActions) });
  }
  return blocks;
}

/** Thumbs up/down under an answer (Block Kit's context_actions with feedback_buttons); a click is the action `feedback`. */
export function renderFeedback(t: Translate): SlackBlock {
  const button = (text: string, value: string, label: string) => ({ text: { type: 'plain_text' as const, text }, value, accessibility_label: label });
  return {
    type: 'context_actions',
    elements: [
      {
        type: 'feedback_buttons',
        action_id: FEEDBACK_ACTION,
        positive_button: button('👍', 'good', t('slack:feedback.good')),
        negative_button: button('👎', 'bad', t('slack:feedback.bad')),
      },
    ],
  };
}

/** Checkboxes up to 10 options, a multi_static_select up to 100; the elements' block_id is the multi-select id. */
export function multiSelectElement(
  actionId: string,
  label: string,
  options: Choice[],
  selected: string[] = [],
): types.Checkboxes | types.MultiStaticSelect {
  if (options.length === 0 || options.length > SLACK_LIMITS.selectOptions) {
    throw new SlackRenderError(`a multi-select needs 1-${SLACK_LIMITS.selectOptions} options`);
  }
  const rendered = options.map(renderOption);
  const initial = rendered.filter((o) => o.value !== undefined && selected.includes(o.value));
  if (options.length <= SLACK_LIMITS.checkboxOptions) {
    const element: types.Checkboxes = { type: 'checkboxes', action_id: actionId, options: rendered };
    if (initial.length > 0) element.initial_options = initial;
    return element;
  }
  const element: types.MultiStaticSelect = {
    type: 'multi_static_select',
    action_id: actionId,
    placeholder: plain(label, SLACK_LIMITS.placeholder),
    options: rendered,
  };
  if (initial.length > 0) element.initial_options = initial;
  return element;
}

export function renderMultiSelect(id: string, label: string, options: Choice[], selected?: string[]): SlackBlock[] {
  checkId('a multi-select id', id);
  const element = multiSelectElement(checkId('an action id', `${id}:${MULTISELECT_SUFFIX}`), label, options, selected);
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `*${escapeTruncated(label, SLACK_LIMITS.sectionText - 2)}*` } },
    { type: 'actions', block_id: id, elements: [element] },
  ];
}

export function renderSelect(id: string, action: string, label: string, options: Choice[], value: string): SlackBlock[] {
  if (options.length === 0 || options.length > SLACK_LIMITS.selectOptions) {
    throw new SlackRenderError(`a select needs 1-${SLACK_LIMITS.selectOptions} options`);
  }
  const rendered = options.map(renderOption);
  const select: types.StaticSelect = {
    type: 'static_select',
    action_id: checkId('an action id', `${action}:${SELECT_SUFFIX}`),
    placeholder: plain(label, SLACK_LIMITS.placeholder),
    options: rendered,
  };
  const initial = rendered.find((o) => o.value === value);
  if (initial) select.initial_option = initial;
  return [
    {
      type: 'section',
      block_id: checkId('a select id', id),
      text: { type: 'mrkdwn', text: `*${escapeTruncated(label, SLACK_LIMITS.sectionText - 2)}*` },
      accessory: select,
    },
  ];
}

/** Reads `<action>:<suffix>` back; multi-select toggles are not actions (their state travels with the next click). */
export function parseActionId(actionId: string): { action: string; kind: 'button' | 'select' | 'multiselect' } {
  const at = actionId.lastIndexOf(':');
  if (at <= 0) return { action: actionId, kind: 'button' };
  const suffix = actionId.slice(at + 1);
  const action = actionId.slice(0, at);
  if (suffix === SELECT_SUFFIX) return { action, kind: 'select' };
  if (suffix === MULTISELECT_SUFFIX) return { action, kind: 'multiselect' };
  return { action, kind: 'button' };
}
