/**
 * The modal the iip shortcuts open: which text verb to run, the text (a message shortcut's message, split over
 * several fields when longer than one holds; empty for the global shortcut) with the characters left per verb in
 * its hint, refreshed while typing (dispatch_action on each character; ../shortcuts.ts answers with views.update),
 * the language, the message's files for design (a choice when it has several images), and for the global shortcut
 * the conversation where the thread opens. private_metadata carries where it started, the splits and the files.
 */
import type { types } from '@slack/bolt';
import { TEXT_VERBS } from '../../../core/text-verbs.js';
import type { Translate } from '../../../i18n/index.js';
import { SLACK_LIMITS, type SlackBlock } from './limits.js';
import { charactersLeftHint, joinParts, PART_MAX, splitNotice, type SplitText } from './shortcut-text.js';
import { truncate } from './text.js';

/** The manifest's callback ids of the two shortcuts, and the modal's. */
export const MESSAGE_SHORTCUT_ID = 'iip_start_from_message';
export const GLOBAL_SHORTCUT_ID = 'iip_start';
export const SHORTCUT_CALLBACK_ID = 'iip-shortcut';
/** The modal's fields (block ids, which are also their action ids); the text's further parts are text-2, text-3… */
export const SHORTCUT_FIELDS = { verb: 'verb', text: 'text', lang: 'lang', where: 'where', image: 'image' } as const;
export const textPartId = (index: number): string => (index === 0 ? SHORTCUT_FIELDS.text : `${SHORTCUT_FIELDS.text}-${index + 1}`);

/** Where the submission starts the verb: under a message, or where the user chooses (global). */
export type ShortcutOrigin = { kind: 'message'; channel: string; ts: string } | { kind: 'global' };

/** A file of the message, as Slack's payload declares it (its bytes decide later). */
export interface ModalFile {
  id: string;
  name?: string;
  mimetype?: string;
  size?: number;
}

/** What the modal's private_metadata keeps between opening, typing and the submission. */
export interface ShortcutMetadata {
  origin: ShortcutOrigin;
  joins: string[];
  files: ModalFile[];
  /** the message's length and what no field holds, for the notice a refreshed modal repeats */
  length: number;
  omitted: number;
}

const plain = (text: string): types.PlainTextElement => ({ type: 'plain_text', text: truncate(text, SLACK_LIMITS.placeholder) });
export const isImageType = (mimetype: string | undefined): boolean => mimetype === undefined || /^image\/(png|jpeg|gif|webp)$/i.test(mimetype);
export const fileName = (file: ModalFile): string => truncate(file.name ?? file.id, 60);

const context = (text: string): SlackBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

const input = (
  blockId: string,
  label: string,
  element: types.InputBlockElement,
  optional = false,
  extra: Record<string, unknown> = {},
): SlackBlock => ({
  type: 'input',
  block_id: blockId,
  label: plain(label),
  element,
  optional,
  ...extra,
});

function textBlocks({ parts, joins }: SplitText, t: Translate): SlackBlock[] {
  const hint = charactersLeftHint(joinParts(parts, joins), t);
  return parts.map((part, index) =>
    input(
      textPartId(index),
      parts.length > 1 ? t('slack:shortcut.part', { n: index + 1, of: parts.length }) : t('slack:shortcut.text'),
      {
        type: 'plain_text_input',
        action_id: textPartId(index),
        multiline: true,
        max_length: PART_MAX,
        dispatch_action_config: { trigger_actions_on: ['on_character_entered'] },
        ...(part ? { initial_value: part } : {}),
      },
      // design needs no text: an empty field is refused on submission for the verbs that do
      true,
      { dispatch_action: true, ...(index === parts.length - 1 ? { hint: { type: 'plain_text', text: hint } } : {}) },
    ),
  );
}

function fileBlocks(files: ModalFile[], t: Translate): SlackBlock[] {
  if (files.length === 0) return [];
  const images = files.filter((f) => isImageType(f.mimetype));
  const names = files.map(fileName).join(', ');
  const blocks: SlackBlock[] = [context(truncate(t('slack:shortcut.files', { names }), 3_000))];
  if (images.length > 1) {
    const options = images.slice(0, 100).map((f) => ({ text: plain(fileName(f)), value: f.id }));
    blocks.push(
      input(
        SHORTCUT_FIELDS.image,
        t('slack:shortcut.image'),
        { type: 'static_select', action_id: SHORTCUT_FIELDS.image, options, initial_option: options[0] },
        true,
      ),
    );
  }
  return blocks;
}

/** The modal for `split` (a message's text, or the fields as typed so far) and the message's files. */
export function renderShortcutModal(origin: ShortcutOrigin, split: SplitText, files: ModalFile[], t: Translate): types.ModalView {
  const verbs = TEXT_VERBS.map((v) => ({ text: plain(v.verb), value: v.verb }));
  const langs = [
    { text: plain('English (en)'), value: 'en' },
    { text: plain('中文 (cn)'), value: 'cn' },
  ];
  const langVerbs = TEXT_VERBS.filter((v) => v.lang).map((v) => v.verb);
  const notice = splitNotice(split, t);
  const blocks: SlackBlock[] = [
    input(SHORTCUT_FIELDS.verb, t('slack:shortcut.verb'), {
      type: 'static_select',
      action_id: SHORTCUT_FIELDS.verb,
      options: verbs,
      initial_option: verbs.find((v) => v.value === 'novelty'),
    }),
    ...(notice ? [context(notice)] : []),
    ...textBlocks(split, t),
    ...fileBlocks(files, t),
    input(
      SHORTCUT_FIELDS.lang,
      `${t('slack:shortcut.lang')} (${langVerbs.join(', ')})`,
      { type: 'static_select', action_id: SHORTCUT_FIELDS.lang, options: langs, placeholder: plain(t('slack:shortcut.langDefault')) },
      true,
    ),
  ];
  if (origin.kind === 'global') {
    const where: types.InputBlockElement = {
      type: 'conversations_select',
      action_id: SHORTCUT_FIELDS.where,
      filter: { include: ['public', 'private', 'mpim', 'im'], exclude_bot_users: true },
    };
    blocks.push(input(SHORTCUT_FIELDS.where, t('slack:shortcut.where'), where, true));
  } else blocks.push(context(t('slack:shortcut.under')));
  const metadata: ShortcutMetadata = { origin, joins: split.joins, files, length: split.length, omitted: split.omitted };
  return {
    type: 'modal',
    callback_id: SHORTCUT_CALLBACK_ID,
    title: plain(t('slack:shortcut.title')),
    submit: plain(t('slack:start.submit')),
    close: plain(t('common:cancel')),
    private_metadata: JSON.stringify(metadata),
    blocks,
  };
}
