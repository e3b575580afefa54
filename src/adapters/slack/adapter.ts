/**
 * The Slack `ChatAdapter`: Bolt receives (./bolt-app.ts), a WebClient with its own retries off sends (./clients.ts),
 * with the token of the workspace the message goes to; a native stream's calls, a call per append, go as JSON over
 * undici instead (./stream-calls.ts). The relay owns rate limiting, so a 429 comes back at once
 * as `ChatRateLimitedError` instead of being retried here with stale text.
 */
import { cachedUserLocales } from './user-locale.js';
import type { SlackOAuthOptions } from './oauth.js';
import type { ChatAdapter, MessageRef, OnBehalf, PostOptions } from '../../core/adapter.js';
import type { FormSpec, OutgoingMessage } from '../../core/message.js';
import { threadId, type ConversationId, type ThreadId } from '../../core/thread-id.js';
import type { HttpServer } from '../../http/server.js';
import type { UserLanguageOf } from '../../core/language.js';
import { defaultLanguage, languageOf, translatorFor } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { createBoltApp } from './bolt-app.js';
import { slackClients, type TeamClient } from './clients.js';
import { toSlackLogger } from './bolt-logger.js';
import { slackChatError, type FailureContext } from './errors.js';
import { fetchSlackFile, uploadSlackImage, uploadSlackFile } from './files.js';
import { slackPlace, slackThread } from './ids.js';
import { replaceClickedNotice } from './command-scope.js';
import { createReach, type ApiCall } from './reach.js';
import { slackHome } from './home.js';
import { slackShortcuts } from './shortcuts.js';
import { slackNativeStreams } from './native-stream.js';
import { slackStreamCalls } from './stream-calls.js';
import { retryAfterGate } from './retry-after-gate.js';
import { SLACK_POST_RATE, pageMetadata, postedPages } from './written.js';
import { paneCalls } from './assistant.js';
import { startSlackPlan } from './plan.js';
import { renderForm } from './render/form.js';
import type { SlackMessage } from './render/limits.js';
import { renderMessage } from './render/message.js';

/** the least time between two appends to one streamed answer, unless SLACK_APPEND_INTERVAL_MS says otherwise */
const SLACK_APPEND_INTERVAL_MS = 250;

export interface SlackAdapterOptions {
  /** single-workspace mode; unset with `oauth` */
  botToken?: string;
  /** multi-workspace mode: installs over OAuth, a token per workspace (./oauth.ts) */
  oauth?: SlackOAuthOptions;
  /** forgets what the bot keeps about a workspace that uninstalled the app (threads, API key) */
  onWorkspaceGone?: (team: string) => Promise<void>;
  signingSecret: string;
  /** Socket Mode when set: no HTTP route is mounted */
  appToken?: string;
  /** Web API base (SLACK_API_URL), e.g. `http://127.0.0.1:PORT/api/`; default `https://slack.com/api/` */
  apiUrl?: string;
  logger: Logger;
  /** the bot's HTTP server; `/slack/events` is mounted on it (required unless `appToken` is set) */
  server?: HttpServer;
  /**
   * the language the bot speaks to a user (the core's resolution, `/iip lang` first), for the assistant pane's
   * prompts and the shortcut modal, which come before any event of the user reaches the core; default: their
   * Slack language
   */
  userLanguage?: UserLanguageOf;
  /**
   * the least time between two appends to one streamed answer (SLACK_APPEND_INTERVAL_MS); default 250 ms. Longer
   * saves Slack calls and CPU, and delays the text shown by up to as much; first and final texts never wait for it
   */
  appendIntervalMs?: number;
}

/** Under the 12,000 characters a message's markdown blocks may hold, leaving room for the relay's markers. */
export const SLACK_MAX_MESSAGE_CHARS = 11_000;
const SLACK_METHODS_PER_MINUTE = { edit: 50, stream: 100 } as const;

export function createSlackAdapter(options: SlackAdapterOptions): ChatAdapter {
  const slackLogger = toSlackLogger(options.logger);
  const userLanguage: UserLanguageOf =
    options.userLanguage ?? (async (team, user) => languageOf(await userLocale(team, user).catch(() => undefined)) ?? defaultLanguage());
  // the assistant pane, the shortcut modals and the Start modal come before any event reaches the core: a language
  // that cannot be read (the state store down) is the default, for all of them here
  const paneLanguage: UserLanguageOf = (team, user) =>
    userLanguage(team, user).catch((error: unknown) => {
      options.logger.warn({ err: error, team }, "a user's language could not be read, the default is used");
      return defaultLanguage();
    });
  const bolt = createBoltApp({
    ...options,
    slackLogger,
    paneLanguage,
    onViewAction: (body) => {
      home.onViewAction(body);
      void shortcuts.typed(body);
    },
    shortcuts: { open: (body) => shortcuts.open(body), typed: (body) => shortcuts.typed(body), submitted: (body) => shortcuts.submitted(body) },
  });
  const clientFor = slackClients(bolt.tokenFor, { apiUrl: options.apiUrl, slackLogger });

  const gate = retryAfterGate();
  /** Makes one Web API call: the token is looked up first, so the call's Retry-After gate is its last step before it leaves. */
  async function call<T>(context: FailureContext & { channel?: unknown }, send: (team: TeamClient) => Promise<T>): Promise<T> {
    const { channel, ...failure } = context;
    const fail = (error: unknown) => slackChatError(error, failure);
    const teamClient = await clientFor(context.teamId).catch((error: unknown) => {
      throw fail(error);
    });
    return gate.send(context.teamId, context.method, channel, () => send(teamClient).catch((error: unknown) => Promise.reject(fail(error))));
  }

  const api: ApiCall = (team, method, args) =>
    call(
      { method, teamId: team, channel: args.channel ?? args.channel_id },
      async ({ client }): Promise<Record<string, unknown>> => ({ ...(await client.apiCall(method, args)) }),
    );
  const reach = createReach(api, options.logger);
  const home = slackHome(api, options.logger, paneLanguage);
  const shortcuts = slackShortcuts(api, options.logger, paneLanguage);
  const pane = paneCalls(api);
  const userLocale = cachedUserLocales(async (teamId, userId) => {
    const result = await call({ method: 'users.info', teamId }, async ({ client }) => client.users.info({ user: userId, include_locale: true }));
    return result.user?.locale;
  });

  async function postPage(
    team: string,
    channel: string,
    page: SlackMessage,
    threadTs?: string,
    metadata?: ReturnType<typeof pageMetadata>,
  ): Promise<string> {
    const result = await call({ method: 'chat.postMessage', teamId: team, channel }, async ({ client }) =>
      client.chat.postMessage({
        channel,
        text: page.text,
        blocks: page.blocks,
        unfurl_links: false,
        unfurl_media: false,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        ...(metadata ? { metadata } : {}),
      }),
    );
    if (!result.ts) throw slackChatError(new Error('chat.postMessage returned no ts'), { method: 'chat.postMessage', teamId: team });
    return result.ts;
  }

  /**
   * Posts pages in order into a thread; returns the last message's ts. With a write id each page carries it in its
   * metadata, and a retry first looks the thread up for the pages an attempt whose answer was lost did post.
   */
  async function postPages(team: string, channel: string, threadTs: string, pages: SlackMessage[], write?: PostOptions): Promise<string | undefined> {
    const done = write?.writeId && write.retry ? await postedPages(api, team, channel, threadTs, write.writeId) : new Map<number, string>();
    let last: string | undefined;
    for (const [index, page] of pages.entries()) {
      last = done.get(index) ?? (await postPage(team, channel, page, threadTs, write?.writeId ? pageMetadata(write.writeId, index) : undefined));
    }
    return last;
  }
  // the calls a streamed answer makes many of (appends, edits) go as JSON over undici, a quarter of the WebClient's cost
  const jsonApi = slackStreamCalls(bolt.tokenFor, options.apiUrl, gate);
  const streams = slackNativeStreams({ api: jsonApi, readApi: api, postPages, logger: options.logger });

  return {
    chat: 'slack',
    invocation: '/iip ',
    // appends at most every 250 ms per answer by default (faster than the eye uses; chat.appendStream is Tier 4,
    // 100+ a minute per workspace): an answer's first text and final text do not wait for it
    limits: {
      maxMessageChars: SLACK_MAX_MESSAGE_CHARS,
      nativeAppendIntervalMs: options.appendIntervalMs ?? SLACK_APPEND_INTERVAL_MS,
      postRate: SLACK_POST_RATE,
      // chat.update is Tier 3 (50+ a minute), chat.appendStream Tier 4 (100+): a learned rate past them earns a 429
      // whose Retry-After (up to a minute) holds back final text as well
      methodsPerMinute: SLACK_METHODS_PER_MINUTE,
    },
    dedupesPosts: true,

    async startThread(conversation: ConversationId, message: OutgoingMessage, behalf?: OnBehalf): Promise<MessageRef> {
      const { team, channel: place } = slackPlace(conversation);
      const channel = await reach.channelFor(team, place);
      const [first, ...rest] = renderMessage(message);
      const threadTs = await reach.posting(
        team,
        channel,
        () => postPage(team, channel, first as SlackMessage),
        translatorFor(message.lang),
        behalf?.event,
      );
      const last = await postPages(team, channel, threadTs, rest);
      return { thread: threadId('slack', team, channel, threadTs), messageId: last ?? threadTs };
    },

    async post(thread: ThreadId, message: OutgoingMessage, write?: PostOptions): Promise<MessageRef> {
      const { team, channel, threadTs } = slackThread(thread);
      const last = await postPages(team, channel, threadTs, renderMessage(message), write);
      return { thread, messageId: last as string };
    },

    async removeMessage(ref: MessageRef): Promise<void> {
      const { team, channel } = slackThread(ref.thread);
      await api(team, 'chat.delete', { channel, ts: ref.messageId });
    },

    /** Replaces the message; what does not fit one Slack message continues in new replies below it. */
    async edit(ref: MessageRef, message: OutgoingMessage): Promise<void> {
      const { team, channel, threadTs } = slackThread(ref.thread);
      const [first, ...rest] = renderMessage(message) as [SlackMessage, ...SlackMessage[]];
      await jsonApi(team, 'chat.update', { channel, ts: ref.messageId, text: first.text, blocks: first.blocks }, ref);
      if (rest.length > 0) {
        options.logger.warn({ thread: ref.thread, extra: rest.length }, 'an edit did not fit one Slack message: the rest is posted below');
        await postPages(team, channel, threadTs, rest);
      }
    },

    async postEphemeral(where: ThreadId | ConversationId, userId: string, message: OutgoingMessage, behalf?: OnBehalf): Promise<void> {
      const { team, channel: place, threadTs } = slackPlace(where);
      const channel = await reach.channelFor(team, place);
      await reach.ephemeral(
        team,
        channel,
        renderMessage(message),
        async (page) => {
          await call({ method: 'chat.postEphemeral', teamId: team }, async ({ client }) =>
            client.chat.postEphemeral({
              channel,
              user: userId,
              text: page.text,
              blocks: page.blocks,
              ...(threadTs ? { thread_ts: threadTs } : {}),
            }),
          );
        },
        behalf?.event,
      );
    },

    formsNeedTrigger: true,

    async openForm(triggerId: string, thread: ThreadId, form: FormSpec): Promise<void> {
      const { team } = slackThread(thread);
      if (!triggerId) throw new Error('a Slack form opens only from a click: its trigger_id is missing');
      const view = renderForm(thread, form);
      await call({ method: 'views.open', teamId: team }, async ({ client }) => client.views.open({ trigger_id: triggerId, view }));
    },

    userLocale,

    async isAdmin(workspaceId: string, userId: string): Promise<boolean> {
      const result = await call({ method: 'users.info', teamId: workspaceId }, async ({ client }) => client.users.info({ user: userId }));
      const user = result.user;
      return Boolean(user && (user.is_admin || user.is_owner || user.is_primary_owner));
    },

    publishHome: (workspaceId, userId, view, lang) => home.publish(workspaceId, userId, view, lang),

    /** Answers stream natively in threads (./native-stream.ts); where Slack refuses, the relay edits a message. */
    nativeStream: async (thread, recipient) => streams.open(thread, recipient),

    setStatus: pane.setStatus,
    setTitle: pane.setTitle,
    startPlan: (thread, recipientUserId, plan) => startSlackPlan(api, thread, recipientUserId, plan),

    async permalink(thread: ThreadId): Promise<string | undefined> {
      const { team, channel, threadTs } = slackThread(thread);
      const result = await call({ method: 'chat.getPermalink', teamId: team }, async ({ client }) =>
        client.chat.getPermalink({ channel, message_ts: threadTs }),
      );
      return result.permalink;
    },

    async fetchFile(thread, file, maxBytes) {
      const { team } = slackThread(thread);
      return call({ method: 'files.info', teamId: team }, async ({ client, token }) => {
        return fetchSlackFile(client, token, options.apiUrl, file, maxBytes);
      });
    },

    async uploadImage(thread, png, title, lang) {
      const { team, channel, threadTs } = slackThread(thread);
      const t = translatorFor(lang);
      await call({ method: 'files.uploadV2', teamId: team }, async ({ client }) => uploadSlackImage(client, channel, threadTs, png, title, t));
    },

    async uploadFile(thread, file) {
      const { team, channel, threadTs } = slackThread(thread);
      await call({ method: 'files.uploadV2', teamId: team }, async ({ client }) => uploadSlackFile(client, channel, threadTs, file));
      return 'attached';
    },

    start: (onIncoming) =>
      bolt.start(async (incoming) => {
        await onIncoming(incoming);
        // said in the workspace default: the clicker's language is not read for it
        await replaceClickedNotice(incoming, translatorFor()).catch((error: unknown) =>
          options.logger.warn({ err: error }, 'the clicked "run it in a DM" notice could not be replaced'),
        );
      }),
    stop: () => bolt.stop(),
  };
}
