/**
 * The modal the iip shortcuts open: which text verb to run, the text (a message shortcut's message, or empty for
 * the global shortcut) with the characters left against each verb's platform limit in its hint, the language for
 * the verbs that take `--lang`, and for the global shortcut the conversation where the thread opens.
 */
import type { types } from '@slack/bolt';
import { charCount } from '../../../core/text.js';
import { TEXT_VERBS, type TextVerb } from '../../../core/text-verbs.js';
import { formatNumber } from '../../../i18n/format.js';
import { t } from '../../../i18n/index.js';
import { SLACK_LIMITS, type SlackBlock } from './limits.js';
import { truncate } from './text.js';

/** The manifest's callback ids of the two shortcuts, and the modal's. */
export const MESSAGE_SHORTCUT_ID = 'iip_start_from_message';
export const GLOBAL_SHORTCUT_ID = 'iip_start';
export const SHORTCUT_CALLBACK_ID = 'iip-shortcut';
/** The modal's fields (block ids, which are also their action ids). */
export const SHORTCUT_FIELDS = { verb: 'verb', text: 'text', lang: 'lang', where: 'where' } as const;

/** Where the submission starts the verb: under a message, or where the user chooses (global). */
export type ShortcutOrigin = { kind: 'message'; channel: string; ts: string } | { kind: 'global' };

/** Slack's limit on an input's hint. */
const HINT_MAX = 2_000;

const plain = (text: string): types.PlainTextElement => ({ type: 'plain_text', text: truncate(text, SLACK_LIMITS.placeholder) });

function leftFor(verb: TextVerb, length: number): string | undefined {
  if (verb.maxChars === undefined) return undefined;
  const left = verb.maxChars - length;
  return left >= 0 ? `${verb.verb} ${formatNumber(left)}` : t('slack:shortcut.over', { verb: verb.verb, by: formatNumber(-left) });
}

/** The text field's hint: its length and, verb by verb, the characters left before the platform's limit. */
export function charactersLeftHint(text: string): string {
  const length = charCount(text);
  const left = TEXT_VERBS.map((v) => leftFor(v, length)).filter((s): s is string => s !== undefined);
  return truncate(t('slack:shortcut.left', { length: formatNumber(length), left: left.join(' · ') }), HINT_MAX);
}

const input = (blockId: string, label: string, element: types.InputBlockElement, optional = false, hint?: string): SlackBlock => ({
  type: 'input',
  block_id: blockId,
  label: plain(label),
  element,
  optional,
  ...(hint ? { hint: { type: 'plain_text', text: hint } } : {}),
});

export function renderShortcutModal(origin: ShortcutOrigin, text: string): types.ModalView {
  const prefill = truncate(text.trim(), SLACK_LIMITS.plainTextInput);
  const verbs = TEXT_VERBS.map((v) => ({ text: plain(v.verb), value: v.verb }));
  const langs = [
    { text: plain('English (en)'), value: 'en' },
    { text: plain('中文 (cn)'), value: 'cn' },
  ];
  const langVerbs = TEXT_VERBS.filter((v) => v.lang).map((v) => v.verb);
  const blocks: SlackBlock[] = [
    input(SHORTCUT_FIELDS.verb, t('slack:shortcut.verb'), {
      type: 'static_select',
      action_id: SHORTCUT_FIELDS.verb,
      options: verbs,
      initial_option: verbs.find((v) => v.value === 'novelty'),
    }),
    input(
      SHORTCUT_FIELDS.text,
      t('slack:shortcut.text'),
      {
        type: 'plain_text_input',
        action_id: SHORTCUT_FIELDS.text,
        multiline: true,
        max_length: SLACK_LIMITS.plainTextInput,
        ...(prefill ? { initial_value: prefill } : {}),
      },
      false,
      charactersLeftHint(prefill),
    ),
    input(
      SHORTCUT_FIELDS.lang,
      `${t('slack:shortcut.lang')} (${langVerbs.join(', ')})`,
      { type: 'static_select', action_id: SHORTCUT_FIELDS.lang, options: langs, placeholder: plain(t('slack:shortcut.langDefault')) },
      true,
    ),
  ];
  if (origin.kind === 'global')
    blocks.push(
      input(
        SHORTCUT_FIELDS.where,
        t('slack:shortcut.where'),
        {
          type: 'conversations_select',
          action_id: SHORTCUT_FIELDS.where,
          filter: { include: ['public', 'private', 'mpim', 'im'], exclude_bot_users: true },
        },
        true,
      ),
    );
  else blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: t('slack:shortcut.under') }] });
  return {
    type: 'modal',
    callback_id: SHORTCUT_CALLBACK_ID,
    title: plain(t('slack:shortcut.title')),
    submit: plain(t('slack:start.submit')),
    close: plain(t('common:cancel')),
    private_metadata: JSON.stringify(origin),
    blocks,
  };
}
