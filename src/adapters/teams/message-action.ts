/**
 * The Teams message action (a messaging extension `action` command, from a message's "…" menu or the compose
 * box): `composeExtension/fetchTask` answers with a dialog (an Adaptive Card: the verb, the message's text with
 * its lines, the language, the characters left per verb); `composeExtension/submitAction` composes the command
 * and starts it in a reply to that message (channels), or in the chat; the dialog closes.
 */
import type { Activity } from 'botbuilder';
import { z } from 'zod';
import type { CommandIncoming } from '../../core/incoming.js';
import { charCount } from '../../core/text.js';
import { charsOver, composeCommand, countWords, TEXT_VERBS, textVerb, wordsOver } from '../../core/text-verbs.js';
import { formatNumber } from '../../i18n/format.js';
import type { Translate } from '../../i18n/index.js';
import { channelThreadId, chatThreadId, teamsConversationId } from './ids.js';
import { localeOf, placeOf, TeamsActivity, userOf } from './incoming/payloads.js';
import { designFile, messageFiles, type MessageFiles } from './message-action-files.js';

export const MESSAGE_ACTION_COMMAND_ID = 'iipStart';
export const FETCH_TASK_INVOKE = 'composeExtension/fetchTask';
export const SUBMIT_ACTION_INVOKE = 'composeExtension/submitAction';

const Attachment = z.object({
  contentType: z.string().optional(),
  contentUrl: z.string().optional(),
  content: z.unknown().optional(),
  name: z.string().optional(),
});
const Payload = z.object({
  id: z.string().optional(),
  replyToId: z.string().nullish(),
  body: z.object({ contentType: z.string().optional(), content: z.string().default('') }).optional(),
  attachments: z.array(Attachment).nullish(),
});
type Payload = z.infer<typeof Payload>;

/** The files of the message the action was used on (none from the compose box). */
const filesOf = (payload: Payload | undefined, t: Translate): MessageFiles =>
  messageFiles(payload?.attachments ?? [], payload?.body?.contentType === 'html' ? payload.body.content : undefined, t);
const ActionValue = z.object({
  commandId: z.string(),
  commandContext: z.string().optional(),
  messagePayload: Payload.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const isMessageAction = (activity: Activity): boolean =>
  activity.type === 'invoke' && (activity.name === FETCH_TASK_INVOKE || activity.name === SUBMIT_ACTION_INVOKE);

/** A Teams message body as plain text, its lines kept (Teams sends HTML: paragraphs, breaks, entities; a blank line is `<p>&nbsp;</p>`). */
export function messageText(body: { contentType?: string; content: string } | undefined): string {
  if (!body) return '';
  if (body.contentType !== 'html') return body.content.trim();
  return body.content
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/^[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function charactersLeft(text: string, t: Translate): string {
  const length = charCount(text);
  const left = TEXT_VERBS.filter((v) => v.maxChars !== undefined).map((v) => `${v.verb} ${v.maxChars! - length}`);
  return t('slack:shortcut.left', { length, left: left.join(' · ') });
}

/**
 * The dialog fetchTask answers with: the verb, the text (the message's, or empty from the compose box), the language
 * to ask results in; its own words are in the user's language (`t`).
 */
export function fetchTaskResponse(activity: Activity, t: Translate): Record<string, unknown> {
  const value = ActionValue.safeParse(activity.value);
  const text = value.success ? messageText(value.data.messagePayload?.body) : '';
  const files = filesOf(value.success ? value.data.messagePayload : undefined, t);
  const filesLine =
    files.names.length > 0
      ? [{ type: 'TextBlock', text: t('teams:action.files', { names: files.names.join(', ') }), wrap: true, size: 'small' }]
      : [];
  const card = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    body: [
      {
        type: 'Input.ChoiceSet',
        id: 'verb',
        label: t('slack:shortcut.verb'),
        value: 'novelty',
        choices: TEXT_VERBS.map((v) => ({ title: v.verb, value: v.verb })),
      },
      {
        type: 'Input.Text',
        id: 'text',
        label: t('slack:shortcut.text'),
        isMultiline: true,
        value: text,
      },
      { type: 'TextBlock', text: charactersLeft(text, t), wrap: true, isSubtle: true, size: 'small' },
      ...filesLine,
      {
        type: 'Input.ChoiceSet',
        id: 'lang',
        label: t('slack:shortcut.lang'),
        placeholder: t('slack:shortcut.langDefault'),
        choices: [
          { title: 'English (en)', value: 'en' },
          { title: '中文 (cn)', value: 'cn' },
        ],
      },
    ],
    actions: [{ type: 'Action.Submit', title: t('slack:start.submit') }],
  };
  return {
    task: {
      type: 'continue',
      value: { title: t('slack:shortcut.title'), card: { contentType: 'application/vnd.microsoft.card.adaptive', content: card } },
    },
  };
}

/** A submitted dialog → the command to start, or the words to show in its place (nothing started), in the user's language (`t`). */
export function submitActionIncoming(activity: Activity, t: Translate): { incoming: CommandIncoming } | { refusal: string } | undefined {
  const parsed = TeamsActivity.safeParse(activity);
  const value = ActionValue.safeParse(activity.value);
  if (!parsed.success || !value.success || value.data.commandId !== MESSAGE_ACTION_COMMAND_ID) return undefined;
  const data = value.data.data ?? {};
  const verb = textVerb(typeof data.verb === 'string' ? data.verb : '');
  const text = typeof data.text === 'string' ? data.text : '';
  if (!verb) return undefined;
  if (!text.trim() && !verb.textOptional) return { refusal: t('slack:shortcut.empty') };
  if (charsOver(verb, text) > 0)
    return {
      refusal: t('teams:action.tooLong', {
        verb: verb.verb,
        max: formatNumber(verb.maxChars ?? 0, t.lang),
        length: formatNumber(charCount(text.trim()), t.lang),
      }),
    };
  if (wordsOver(verb, text) > 0)
    return {
      refusal: t('teams:action.tooManyWords', {
        verb: verb.verb,
        max: formatNumber(verb.maxWords ?? 0, t.lang),
        words: formatNumber(countWords(text.trim()), t.lang),
      }),
    };
  const place = placeOf(parsed.data);
  const message = value.data.commandContext === 'message' ? value.data.messagePayload : undefined;
  const image = verb.image ? designFile(filesOf(message, t), t) : undefined;
  if (image && 'refusal' in image) return { refusal: image.refusal };
  const startedBy = message?.id ?? activity.id ?? `${Date.now()}`;
  const thread =
    place.kind === 'channel'
      ? message?.id
        ? channelThreadId(place.tenant, place.conversation, message.replyToId ?? place.root ?? message.id)
        : undefined
      : chatThreadId(place.tenant, place.conversation, startedBy);
  const incoming: CommandIncoming = {
    kind: 'command',
    eventId: activity.id ?? `action-${startedBy}`,
    user: userOf(parsed.data),
    workspaceId: place.tenant,
    ...localeOf(parsed.data),
    text: composeCommand(verb, text, typeof data.lang === 'string' ? data.lang : undefined),
    conversation: teamsConversationId(place.tenant, place.conversation),
    ...(thread ? { thread } : {}),
    ...(image ? { files: [image.file] } : {}),
  };
  return { incoming };
}
