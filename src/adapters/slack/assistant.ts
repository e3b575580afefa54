/**
 * Slack's assistant pane ("Agents & AI Apps") through Bolt's `Assistant`: a new pane thread gets suggested prompts,
 * a message in it becomes a reply addressed to the bot (`assistant`: a leading verb runs that verb there), and the
 * status line and the title are set on the pane's threads (the bot's DM threads, which the pane shows).
 */
import { Assistant, type AssistantConfig } from '@slack/bolt';
import type { Incoming } from '../../core/incoming.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { Logger } from '../../log.js';
import { truncate } from '../../core/text.js';
import { translatorFor, type Lang, type Translate } from '../../i18n/index.js';
import { slackThread } from './ids.js';
import { eventToIncoming } from './incoming/events.js';
import type { ApiCall } from './reach.js';

/** The verbs the suggested prompts show, one per kind of question; each prompt's message starts with its verb. */
export const PROMPT_VERBS = ['ask', 'pharm', 'encyclopedia', 'novelty'] as const;

/** The suggested prompts said with `t`: a title and an example each, its verb choosing the pane's mode. */
export function suggestedPrompts(t: Translate): { title: string; prompts: { title: string; message: string }[] } {
  return {
    title: t('slack:assistant.promptsTitle'),
    prompts: PROMPT_VERBS.map((verb) => ({ title: t(`slack:assistant.${verb}`), message: `${verb} ${t(`slack:assistant.${verb}Example`)}` })),
  };
}

/** Slack shows a thread's title in the pane's history; a long question is clipped. */
const TITLE_MAX_CHARS = 80;

/** The pane does not use the channel the user is looking at: nothing is kept, so no extra Slack calls are made. */
const noContextKept: NonNullable<AssistantConfig['threadContextStore']> = {
  get: async () => ({}),
  save: async () => undefined,
};

/**
 * The Assistant for `app.assistant(...)`. `dispatch` hands an incoming on as the other listeners do (it rejects
 * when the event could not be recorded, so it is not acknowledged); `languageOf` says which language a user's
 * prompts are in, never rejecting (the adapter does not read the bot's state: the core answers, see SlackAdapterOptions).
 */
export function paneAssistant(
  dispatch: (source: string, convert: () => Incoming | undefined) => Promise<void>,
  languageOf: (workspaceId: string, userId: string) => Promise<Lang>,
  logger: Logger,
): Assistant {
  return new Assistant({
    threadContextStore: noContextKept,
    threadStarted: async ({ body, client, payload }) => {
      const { channel_id: channel, thread_ts: threadTs, user_id: user } = payload.assistant_thread;
      // in the language the bot speaks to the user (the core's: their /iip lang choice, their Slack language, IIP_LANG)
      const lang = await languageOf(body.team_id, user);
      const prompts = suggestedPrompts(translatorFor(lang));
      const set = client.assistant.threads.setSuggestedPrompts({ channel_id: channel, thread_ts: threadTs, ...prompts });
      // a failure here only loses the suggestions: the pane still takes questions
      await set.catch((error: unknown) => logger.warn({ err: error }, 'the assistant pane: suggested prompts were not set'));
    },
    threadContextChanged: async () => undefined,
    userMessage: async ({ body, context }) =>
      dispatch('assistant_message', () => {
        const incoming = eventToIncoming(body, context.botUserId);
        return incoming?.kind === 'reply' ? { ...incoming, mentioned: true, assistant: true } : incoming;
      }),
  });
}

/** A thread of the bot's DM, which Slack's pane shows (DM channel ids start with D); undefined for any other. */
function paneThread(thread: ThreadId): { team: string; where: { channel_id: string; thread_ts: string } } | undefined {
  const { team, channel, threadTs } = slackThread(thread);
  return channel.startsWith('D') ? { team, where: { channel_id: channel, thread_ts: threadTs } } : undefined;
}

/** The pane's status line and title; elsewhere (channel threads) nothing is sent. */
export function paneCalls(api: ApiCall) {
  return {
    async setStatus(thread: ThreadId, status: string): Promise<void> {
      const { team, where } = paneThread(thread) ?? {};
      if (team && where) await api(team, 'assistant.threads.setStatus', { ...where, status });
    },
    async setTitle(thread: ThreadId, title: string): Promise<void> {
      const { team, where } = paneThread(thread) ?? {};
      const line = truncate(title.replace(/\s+/g, ' ').trim(), TITLE_MAX_CHARS);
      if (team && where && line) await api(team, 'assistant.threads.setTitle', { ...where, title: line });
    },
  };
}
