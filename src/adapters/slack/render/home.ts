/**
 * The neutral home (core/home.ts) as Slack's App Home tab, and the modal its Start buttons open: what to start,
 * the question, its options, and the conversation where the thread opens (a conversations select whose
 * response_url lets the bot answer privately where it cannot post).
 */
import type { types } from '@slack/bolt';
import type { HomeEntry, HomeStart, HomeView } from '../../../core/home-view.js';
import { SLACK_LIMITS, type SlackBlock } from './limits.js';
import { escapeMrkdwn, escapeTruncated, safeUrl, truncate } from './text.js';
import { formatDateTime } from '../../../i18n/format.js';
import type { Translate } from '../../../i18n/index.js';

export const HOME_START_ACTION_ID = 'iip-home-start';
export const HOME_START_CALLBACK_ID = 'iip-home-start';
/** The modal's fields (block ids, which are also their action ids). */
export const START_FIELDS = { verb: 'verb', question: 'question', options: 'options', where: 'where' } as const;

const mrkdwn = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } });
const plain = (text: string): types.PlainTextElement => ({ type: 'plain_text', text: truncate(text, SLACK_LIMITS.placeholder) });

function entryBlock(entry: HomeEntry, t: Translate): SlackBlock {
  const link = safeUrl(entry.link);
  const started = formatDateTime(entry.startedAt, t.lang);
  const open = link ? ` · <${link}|${t('slack:home.openThread')}>` : '';
  const head = t('slack:home.entry', { label: escapeMrkdwn(entry.label), state: escapeMrkdwn(entry.state) });
  return mrkdwn(`${head}${open}\n_${t('slack:home.started', { when: started })}_`);
}

function list(title: string, entries: HomeEntry[], empty: string, t: Translate): SlackBlock[] {
  return [
    { type: 'header', text: { type: 'plain_text', text: title } },
    ...(entries.length ? entries.map((entry) => entryBlock(entry, t)) : [mrkdwn(`_${empty}_`)]),
  ];
}

/** The Home tab; its Start buttons carry which verbs they offer. */
export function renderHome(view: HomeView, t: Translate): types.HomeView {
  // the click opens the modal without asking the core again: the button carries what it offers
  const starts = (label: string, kind: 'chat' | 'workflow'): types.Button => ({
    type: 'button',
    action_id: `${HOME_START_ACTION_ID}:${kind}`,
    text: { type: 'plain_text', text: label },
    value: truncate(JSON.stringify(kind === 'chat' ? view.chats : view.workflows), SLACK_LIMITS.buttonValue),
    ...(kind === 'chat' ? { style: 'primary' as const } : {}),
  });
  const blocks: SlackBlock[] = [
    { type: 'actions', elements: [starts(t('slack:home.startChat'), 'chat'), starts(t('slack:home.startWorkflow'), 'workflow')] },
    ...list(t('slack:home.open'), view.open, t('slack:home.openEmpty'), t),
    ...list(t('slack:home.recent'), view.recent, t('slack:home.recentEmpty'), t),
  ];
  if (view.apiKey)
    blocks.push(
      { type: 'divider' },
      { type: 'context', elements: [{ type: 'mrkdwn', text: t('slack:home.apiKey', { key: escapeMrkdwn(view.apiKey) }) }] },
    );
  return { type: 'home', blocks: blocks.slice(0, SLACK_LIMITS.modalBlocks) };
}

/** The modal that starts a chat or a workflow from the Home tab. */
export function renderStartModal(kind: 'chat' | 'workflow', starts: HomeStart[], t: Translate): types.ModalView {
  const options = starts.map((s) => ({
    text: { type: 'plain_text' as const, text: s.verb },
    description: { type: 'plain_text' as const, text: truncate(s.summary, SLACK_LIMITS.optionDescription) },
    value: s.verb,
  }));
  const input = (blockId: string, label: string, element: types.InputBlockElement, optional = false): SlackBlock => ({
    type: 'input',
    block_id: blockId,
    label: { type: 'plain_text', text: label },
    element,
    optional,
  });
  return {
    type: 'modal',
    callback_id: HOME_START_CALLBACK_ID,
    title: plain(kind === 'chat' ? t('slack:home.startChat') : t('slack:home.startWorkflow')),
    submit: plain(t('slack:start.submit')),
    close: plain(t('common:cancel')),
    private_metadata: kind,
    blocks: [
      input(START_FIELDS.verb, kind === 'chat' ? t('slack:start.model') : t('slack:start.workflow'), {
        type: 'static_select',
        action_id: START_FIELDS.verb,
        options,
        initial_option: options[0],
      }),
      input(START_FIELDS.question, kind === 'chat' ? t('slack:start.question') : t('slack:start.idea'), {
        type: 'plain_text_input',
        action_id: START_FIELDS.question,
        multiline: true,
        max_length: SLACK_LIMITS.plainTextInput,
      }),
      input(START_FIELDS.options, t('slack:start.options'), { type: 'plain_text_input', action_id: START_FIELDS.options }, true),
      input(
        START_FIELDS.where,
        t('slack:start.where'),
        {
          type: 'conversations_select',
          action_id: START_FIELDS.where,
          response_url_enabled: true,
          filter: { include: ['public', 'private', 'mpim', 'im'], exclude_bot_users: true },
        },
        true,
      ),
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: escapeTruncated(starts.map((s) => `${s.verb}: ${s.summary}`).join(' · '), SLACK_LIMITS.contextText) }],
      },
    ],
  };
}
