/**
 * Buttons, multi-selects and selects as Adaptive Card inputs and `Action.Submit` actions. Every submit carries
 * `SubmitData` under `iip`: what the click means, the ids of the message's multi-selects (so their state
 * travels with the click, ticked or not) and, in chats, the thread the card belongs to.
 */
import type { Button, Choice } from '../../../core/message.js';
import { TEAMS_LIMITS, TeamsRenderError, checkInputId, type CardElement } from './limits.js';
import { SUBMIT_KEY, encodeChoice, type SubmitData } from './submit-data.js';
import { clean } from './text.js';
import type { Translate } from '../../../i18n/index.js';

/** Message-wide facts every submit of the message carries. */
export interface SubmitContext {
  /** the chat thread root, for cards in chats (undefined in channel reply chains) */
  thread?: string;
  /** ids of all multi-selects in the message */
  multi: string[];
}

const STYLES = { primary: 'positive', danger: 'destructive' } as const;

export function submitData(data: SubmitData, context: SubmitContext): Record<string, unknown> {
  if (data.value.length > TEAMS_LIMITS.dataValue) {
    throw new TeamsRenderError(`a button value must be at most ${TEAMS_LIMITS.dataValue} characters`);
  }
  const full: SubmitData = { ...data };
  if (context.thread !== undefined) full.thread = context.thread;
  if (context.multi.length > 0 && data.kind === 'button') full.multi = context.multi;
  return { [SUBMIT_KEY]: full };
}

export function submitAction(title: string, data: SubmitData, context: SubmitContext, style?: Button['style']): CardElement {
  return {
    type: 'Action.Submit',
    title: clean(title, TEAMS_LIMITS.buttonTitle) || ' ',
    data: submitData(data, context),
    ...(style ? { style: STYLES[style] } : {}),
  };
}

/**
 * A button that asks first (Button.confirm): Adaptive Cards have no confirm dialog, so it opens the question
 * under itself (Action.ShowCard) and only the question's submit does what the button means; pressing the button
 * again folds the question away, which is backing out.
 */
function askingAction(button: Button & { confirm: NonNullable<Button['confirm']> }, context: SubmitContext, t: Translate): CardElement {
  const { title, text, confirm, deny } = button.confirm;
  const data: SubmitData = { kind: 'button', action: button.action, value: button.value };
  return {
    type: 'Action.ShowCard',
    title: clean(button.label, TEAMS_LIMITS.buttonTitle) || ' ',
    card: {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: clean(title, 500), weight: 'Bolder', wrap: true },
        { type: 'TextBlock', text: clean(t('teams:confirmBackOut', { text, deny, label: button.label }), 2000), wrap: true },
      ],
      actions: [submitAction(confirm, data, context, button.style)],
    },
  };
}

/**
 * Which buttons stay buttons: Teams desktop and web show six actions of a set, so the rest go in its overflow
 * menu (`mode: "secondary"`, the "…") rather than out of sight. The workflow's decisions (a styled button, one
 * that asks first) keep their place; the plain ones fill what room is left, in order.
 */
function visibleButtons(buttons: Button[]): Set<number> {
  const decisive = buttons.flatMap((button, i) => (button.style !== undefined || button.confirm !== undefined ? [i] : []));
  const plain = buttons.flatMap((_button, i) => (decisive.includes(i) ? [] : [i]));
  const room = Math.max(0, TEAMS_LIMITS.visibleActions - decisive.length);
  return new Set([...decisive.slice(0, TEAMS_LIMITS.visibleActions), ...plain.slice(0, room)]);
}

export function renderButtons(buttons: Button[], context: SubmitContext, t: Translate): CardElement[] {
  if (buttons.length === 0) return [];
  const actions = buttons.map((button) =>
    button.confirm
      ? askingAction({ ...button, confirm: button.confirm }, context, t)
      : submitAction(button.label, { kind: 'button', action: button.action, value: button.value }, context, button.style),
  );
  const visible = visibleButtons(buttons);
  const shown = actions.map((action, i) => (visible.has(i) ? action : { ...action, mode: 'secondary' }));
  return [{ type: 'ActionSet', actions: shown }];
}

function renderChoices(options: Choice[], kind: string): CardElement[] {
  if (options.length === 0 || options.length > TEAMS_LIMITS.choices) {
    throw new TeamsRenderError(`${kind} needs 1-${TEAMS_LIMITS.choices} options`);
  }
  return options.map((choice) => {
    if (choice.value.length === 0) throw new TeamsRenderError('an option value must not be empty');
    const label = choice.description ? `${choice.label} — ${choice.description}` : choice.label;
    return { type: 'Input.Choice', title: clean(label, 200) || choice.value, value: encodeChoice(choice.value) } as CardElement;
  });
}

/** Ticked boxes up to 10 options, a multi-select dropdown beyond; the input id is the multi-select's id. */
export function choiceSetInput(id: string, label: string, options: Choice[], selected: string[] = []): CardElement {
  const known = new Set(options.map((o) => o.value));
  return {
    type: 'Input.ChoiceSet',
    id: checkInputId('a multi-select id', id),
    label: clean(label, 500) || ' ',
    isMultiSelect: true,
    style: options.length <= TEAMS_LIMITS.expandedChoices ? 'expanded' : 'compact',
    choices: renderChoices(options, 'a multi-select'),
    value: selected
      .filter((value) => known.has(value))
      .map(encodeChoice)
      .join(','),
  };
}

export function renderMultiSelect(id: string, label: string, options: Choice[], selected?: string[]): CardElement[] {
  return [choiceSetInput(id, label, options, selected)];
}

/** A compact dropdown and an Apply button: Adaptive Cards fire no action when a choice changes. */
export function renderSelect(
  id: string,
  action: string,
  label: string,
  options: Choice[],
  value: string,
  context: SubmitContext,
  t: Translate,
): CardElement[] {
  const input: CardElement = {
    type: 'Input.ChoiceSet',
    id: checkInputId('a select id', id),
    label: clean(label, 500) || ' ',
    style: 'compact',
    choices: renderChoices(options, 'a select'),
    ...(options.some((o) => o.value === value) ? { value: encodeChoice(value) } : {}),
  };
  const apply = submitAction(t('common:apply'), { kind: 'select', action, value: '', input: id }, context);
  return [input, { type: 'ActionSet', actions: [apply] }];
}
