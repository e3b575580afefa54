/**
 * The neutral home (core/home.ts) as Slack's App Home tab, and the modal its Start buttons open: what to start,
 * the question, its options, and the conversation where the thread opens (a conversations select whose
 * response_url lets the bot answer privately where it cannot post).
 */
import type { types } from '@slack/bolt';
import type { HomeEntry, HomeStart, HomeView } from '../../../core/home-view.js';
import { SLACK_LIMITS, type SlackBlock } from './limits.js';
import { escapeMrkdwn, escapeTruncated, safeUrl, truncate } from './text.js';

export const HOME_START_ACTION_ID = 'iip-home-start';
export const HOME_START_CALLBACK_ID = 'iip-home-start';
/** The modal's fields (block ids, which are also their action ids). */
export const START_FIELDS = { verb: 'verb', question: 'question', options: 'options', where: 'where' } as const;

const mrkdwn = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } });
const plain = (text: string): types.PlainTextElement => ({ type: 'plain_text', text: truncate(text, SLACK_LIMITS.placeholder) });

function entryBlock(entry: HomeEntry): SlackBlock {
  const link = safeUrl(entry.link);
  const started = new Date(entry.startedAt).toISOString().slice(0, 16).replace('T', ' ');
  const open = link ? ` · <${link}|open the thread>` : '';
  return mrkdwn(`*${escapeMrkdwn(entry.label)}*: ${escapeMrkdwn(entry.state)}${open}\n_started ${started} UTC_`);
}

function list(title: string, entries: HomeEntry[], empty: string): SlackBlock[] {
  return [{ type: 'header', text: { type: 'plain_text', text: title } }, ...(entries.length ? entries.map(entryBlock) : [mrkdwn(`_${empty}_`)])];
}

/** The Home tab; its Start buttons carry which verbs they offer. */
export function renderHome(view: HomeView): types.HomeView {
  // the click opens the modal without asking the core again: the button carries what it offers
  const starts = (label: string, kind: 'chat' | 'workflow'): types.Button => ({
    type: 'button',
    action_id: `${HOME_START_ACTION_ID}:${kind}`,
    text: { type: 'plain_text', text: label },
    value: truncate(JSON.stringify(kind === 'chat' ? view.chats : view.workflows), SLACK_LIMITS.buttonValue),
    ...(kind === 'chat' ? { style: 'primary' as const } : {}),
  });
  const blocks: SlackBlock[] = [
    { type: 'actions', elements: [starts('Start a chat', 'chat'), starts('Start a workflow', 'workflow')] },
    ...list('Open', view.open, 'Nothing open: start a chat or a workflow above, or type /iip in any channel.'),
    ...list('Recently finished', view.recent, 'Nothing finished yet.'),
  ];
  if (view.apiKey)
    blocks.push(
      { type: 'divider' },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `*Admins:* platform API key in use: ${escapeMrkdwn(view.apiKey)}` }] },
    );
  return { type: 'home', blocks: blocks.slice(0, SLACK_LIMITS.modalBlocks) };
}

/** The modal that starts a chat or a workflow from the Home tab. */
export function renderStartModal(kind: 'chat' | 'workflow', starts: HomeStart[]): types.ModalView {
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
    title: plain(kind === 'chat' ? 'Start a chat' : 'Start a workflow'),
    submit: plain('Start'),
    close: plain('Cancel'),
    private_metadata: kind,
    blocks: [
      input(START_FIELDS.verb, kind === 'chat' ? 'Model' : 'Workflow', {
        type: 'static_select',
        action_id: START_FIELDS.verb,
        options,
        initial_option: options[0],
      }),
      input(START_FIELDS.question, kind === 'chat' ? 'Your question' : 'Your idea or problem', {
        type: 'plain_text_input',
        action_id: START_FIELDS.question,
        multiline: true,
        max_length: SLACK_LIMITS.plainTextInput,
      }),
      input(START_FIELDS.options, 'Options (e.g. --lang en --from 20150101)', { type: 'plain_text_input', action_id: START_FIELDS.options }, true),
      input(
        START_FIELDS.where,
        'Where the thread opens (empty: a DM with me)',
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
