/**
 * The iip shortcuts: a message shortcut or the global shortcut opens the start modal (views.open with the
 * shortcut's trigger_id, first thing, inside Slack's 3 seconds); each character typed in its text refreshes the
 * characters-left hint (views.update with the view's hash: an older refresh never overwrites a newer one); its
 * submission is checked (a text over the verb's limit, design's image, where the answer would go:
 * conversations.info, a conversation the bot cannot see or is not in is refused in the modal, with why, and
 * nothing is sent) before it is handed on as the command it composes.
 */
import type { Logger } from '../../log.js';
import { formatNumber } from '../../i18n/format.js';
import { translatorFor, type Translate } from '../../i18n/index.js';
import type { UserLanguageOf } from '../../core/language.js';
import { charCount } from '../../core/text.js';
import { charsOver, countWords, wordsOver } from '../../core/text-verbs.js';
import { SlackApiError } from './errors.js';
import { shortcutSubmission, shortcutToOpen, shortcutTyping, shortcutUser, type ShortcutSubmission } from './incoming/shortcuts.js';
import type { ApiCall } from './reach.js';
import { designImage } from './shortcut-image.js';
import { renderShortcutModal, SHORTCUT_FIELDS } from './render/shortcut-modal.js';
import { splitText } from './render/shortcut-text.js';

/** What a submission comes to: the command to hand on, errors to show in the modal, or nothing (not ours). */
export type ShortcutVerdict = { accept: ShortcutSubmission } | { errors: Record<string, string> } | undefined;

export interface SlackShortcuts {
  /** a shortcut's payload: opens the modal; resolves once views.open answered (failures logged) */
  open(body: unknown): Promise<void>;
  /** a character typed in the modal's text: refreshes its hint; resolves once views.update answered */
  typed(body: unknown): Promise<void>;
  /** a submitted shortcut modal: where it may start, or why not */
  submitted(body: unknown): Promise<ShortcutVerdict>;
}

/** Why the bot cannot answer in `channel`, in the user's words (said with `t`), or undefined when it can. */
async function refusal(api: ApiCall, team: string, channel: string, t: Translate): Promise<string | undefined> {
  try {
    const info = await api(team, 'conversations.info', { channel });
    const conversation = info.channel as { is_member?: unknown; is_archived?: unknown; is_im?: unknown } | undefined;
    if (conversation?.is_archived === true || conversation?.is_member === false) return t('slack:shortcut.notMember');
    return undefined;
  } catch (error) {
    if (error instanceof SlackApiError && error.code === 'channel_not_found') return t('slack:shortcut.notVisible');
    if (error instanceof SlackApiError && error.code === 'not_in_channel') return t('slack:shortcut.notMember');
    throw error;
  }
}

/** The submission with design's image, or the errors to show; Slack failing to answer throws. */
async function checked(api: ApiCall, submission: ShortcutSubmission, t: Translate): Promise<ShortcutVerdict> {
  const { verb, text, team, channel } = submission;
  const over = charsOver(verb, text);
  if (over > 0) {
    const tooLong = t('slack:shortcut.tooLong', {
      verb: verb.verb,
      max: formatNumber(verb.maxChars ?? 0, t.lang),
      length: formatNumber(charCount(text.trim()), t.lang),
    });
    return { errors: { [SHORTCUT_FIELDS.text]: tooLong } };
  }
  if (wordsOver(verb, text) > 0) {
    const words = formatNumber(countWords(text.trim()), t.lang);
    return {
      errors: { [SHORTCUT_FIELDS.text]: t('slack:shortcut.tooManyWords', { verb: verb.verb, max: formatNumber(verb.maxWords ?? 0, t.lang), words }) },
    };
  }
  const image = await designImage(api, submission, t);
  if (image && 'refusal' in image) return { errors: { [SHORTCUT_FIELDS.verb]: image.refusal } };
  const accepted = image ? { ...submission, incoming: { ...submission.incoming, files: [image.file] } } : submission;
  // the user's DM with the bot (no conversation chosen) is always open to it
  if (!channel) return { accept: accepted };
  const why = await refusal(api, team, channel, t);
  if (why === undefined) return { accept: accepted };
  return { errors: { [submission.incoming.thread ? SHORTCUT_FIELDS.text : SHORTCUT_FIELDS.where]: why } };
}

/** The shortcuts; the modal speaks the language the bot speaks to its user (`languageOf`, never rejecting), else the default. */
export function slackShortcuts(api: ApiCall, logger: Logger, languageOf?: UserLanguageOf): SlackShortcuts {
  /** Runs `fn` with the translator of the shortcut's user (the default without one, or without `languageOf`). */
  async function speaking<T>(body: unknown, fn: (t: Translate) => Promise<T>): Promise<T> {
    const who = shortcutUser(body);
    if (!who || !languageOf) return fn(translatorFor());
    const lang = await languageOf(who.team, who.user);
    return fn(translatorFor(lang));
  }
  const shortcuts = {
    async open(body: unknown, t: Translate): Promise<void> {
      const shortcut = shortcutToOpen(body);
      if (!shortcut) return;
      const view = renderShortcutModal(shortcut.metadata.origin, splitText(shortcut.text), shortcut.metadata.files, t);
      await api(shortcut.team, 'views.open', { trigger_id: shortcut.triggerId, view }).catch((error: unknown) =>
        logger.warn({ err: error, team: shortcut.team }, 'the shortcut modal could not be opened'),
      );
    },
    async typed(body: unknown, t: Translate): Promise<void> {
      const typing = shortcutTyping(body);
      if (!typing) return;
      const { metadata, parts } = typing;
      const view = renderShortcutModal(
        metadata.origin,
        { parts, joins: metadata.joins, length: metadata.length, omitted: metadata.omitted },
        metadata.files,
        t,
      );
      await api(typing.team, 'views.update', { view_id: typing.viewId, view, ...(typing.hash ? { hash: typing.hash } : {}) }).catch(
        (error: unknown) => {
          // hash_conflict: a newer refresh (or the submission) got there first; the next character refreshes again
          if (error instanceof SlackApiError && (error.code === 'hash_conflict' || error.code === 'not_found')) return;
          logger.warn({ err: error, team: typing.team }, 'the shortcut modal could not be refreshed');
        },
      );
    },
    async submitted(body: unknown, t: Translate): Promise<ShortcutVerdict> {
      const submission = shortcutSubmission(body);
      if (submission === 'empty') return { errors: { [SHORTCUT_FIELDS.text]: t('slack:shortcut.empty') } };
      if (!submission) return undefined;
      // Slack failing to answer a check: the modal stays open with the user's text, to submit again
      const verdict = await checked(api, submission, t).catch((error: unknown): ShortcutVerdict => {
        logger.warn({ err: error, team: submission.team }, 'a shortcut could not check its submission');
        return { errors: { [submission.incoming.thread ? SHORTCUT_FIELDS.text : SHORTCUT_FIELDS.where]: t('slack:shortcut.unchecked') } };
      });
      if (verdict && 'errors' in verdict)
        logger.info({ team: submission.team, fields: Object.keys(verdict.errors) }, 'a shortcut submission was refused');
      return verdict;
    },
  };
  return {
    // the user's language is looked up only for payloads of the shortcuts (any view's typing comes here)
    open: (body) => (shortcutToOpen(body) ? speaking(body, (t) => shortcuts.open(body, t)) : Promise.resolve()),
    typed: (body) => (shortcutTyping(body) ? speaking(body, (t) => shortcuts.typed(body, t)) : Promise.resolve()),
    submitted: (body) => speaking(body, (t) => shortcuts.submitted(body, t)),
  };
}
