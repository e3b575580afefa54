/**
 * The Microsoft Teams `ChatAdapter`: botbuilder's CloudAdapter receives at `/api/messages` (./bot-app.ts),
 * every reply goes out proactively through the Bot Connector (./connector.ts), messages are Adaptive Cards
 * (./render/). Forms are cards in the thread with inline inputs (no modals in Teams without a task module);
 * Teams has no ephemeral notes, so a note for one user goes to their 1:1 chat with the bot (./private-notes.ts); the admins
 * are the users whose Azure AD object ids TEAMS_ADMIN_IDS lists (a bot sees no tenant roles without Microsoft
 * Graph); native streaming works in 1:1 chats only.
 */
import type { Activity } from 'botbuilder';
import type { ChatAdapter, MessageRef, NativeStream } from '../../core/adapter.js';
import type { FormSpec, OutgoingMessage } from '../../core/message.js';
import { decodeId, type ConversationId, type ThreadId } from '../../core/thread-id.js';
import { createBotAuthentication, endpointsOf } from './auth.js';
import { channelTrust } from './channel-trust.js';
import { TEAMS_MESSAGES_PATH, TeamsCloudAdapter, createTeamsReceiver } from './bot-app.js';
import { createConnector, type ConnectorPlace } from './connector.js';
import { createFileDelivery } from './file-delivery.js';
import { fetchTeamsFile, teamsFileAccess } from './files.js';
import {
  channelThreadId,
  chatThreadId,
  looksLikeChannel,
  routeOf,
  teamsConversation,
  teamsThread,
  type TeamsThread,
  type ThreadRoute,
} from './ids.js';
import { withStartOverHint } from './chat-threads.js';
import { imageMessage } from './image-reply.js';
import { createPrivateNotes } from './private-notes.js';
import { createReferenceBook } from './references.js';
import { serveLegalPages } from './legal-pages.js';
import { TEAMS_SERVICE_URLS, WEB_CHAT_SERVICE_URLS, serviceUrlCheck } from './service-urls.js';
import { renderForm } from './render/form.js';
import { ADAPTIVE_CARD_CONTENT_TYPE, type TeamsMessage } from './render/limits.js';
import { renderMessage } from './render/message.js';
import { TEAMS_CONVERSATION_RATE, TEAMS_MAX_MESSAGE_CHARS, type TeamsAdapterOptions } from './options.js';
import { createNativeStream } from './stream.js';
import { translatorFor } from '../../i18n/index.js';

export { TEAMS_CONVERSATION_RATE, TEAMS_MAX_MESSAGE_CHARS, type TeamsAdapterOptions } from './options.js';

const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

export function createTeamsAdapter(options: TeamsAdapterOptions): ChatAdapter {
  const { logger } = options;
  const appId = options.appId || undefined;
  const auth = createBotAuthentication(options);
  const audience = endpointsOf(options).ToChannelFromBotOAuthScope;
  const cloud = new TeamsCloudAdapter(auth);
  const book = createReferenceBook({
    ...(appId ? { appId } : {}),
    ...(options.serviceUrl ? { defaultServiceUrl: options.serviceUrl } : {}),
    ...(options.keep ? { keep: options.keep } : {}),
  });
  const connector = createConnector(cloud, book, appId, audience);
  const isTeamsUrl = serviceUrlCheck(options.serviceUrls ?? (options.serviceUrl ? [options.serviceUrl] : TEAMS_SERVICE_URLS));
  const isWebChatUrl = serviceUrlCheck(options.webChatServiceUrls ?? WEB_CHAT_SERVICE_URLS);
  // the bot's token goes to Web Chat's hosts only when Web Chat is served
  const acceptsServiceUrl = (url: unknown) => isTeamsUrl(url) || (options.webChatTenant !== undefined && isWebChatUrl(url));
  const trust = channelTrust({
    isTeamsUrl,
    isWebChatUrl,
    ...(options.webChatTenant ? { webChatTenant: options.webChatTenant } : {}),
    unauthenticated: !appId,
  });
  const receiver = createTeamsReceiver({
    cloud,
    auth,
    book,
    logger,
    trust,
    ...(options.verbs ? { verbs: options.verbs } : {}),
    ...(options.userLanguage ? { userLanguage: options.userLanguage } : {}),
    onFileConsent: (activity) => files.answer(activity),
  });
  const fileOptions = { cloud, book, appId, audience, trusted: acceptsServiceUrl };
  if (appId || options.allowUnauthenticated) {
    receiver.mount(options.server);
    serveLegalPages(options.server, options);
  } else logger.warn('Teams: no MicrosoftAppId, so /api/messages is not served (set it, or allow unauthenticated local development)');
  if (!appId && options.allowUnauthenticated) {
    logger.warn(
      { path: TEAMS_MESSAGES_PATH },
      'Teams: /api/messages is UNAUTHENTICATED (TEAMS_ALLOW_UNAUTHENTICATED): anyone who reaches it can post as any user of any tenant; local development only',
    );
  }

  const nameOf = (userId: string) => book.nameOf(userId);
  const toActivity = (page: TeamsMessage): Partial<Activity> => ({
    type: 'message',
    summary: page.summary,
    attachments: [{ contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: page.card }],
  });
  const isChannel = (conversation: string): boolean => {
    const kind = book.kindOf(conversation);
    return kind === undefined ? looksLikeChannel(conversation) : kind === 'channel';
  };
  const route = (thread: TeamsThread): ThreadRoute => routeOf(thread, isChannel(thread.conversation));
  const placeOf = (thread: TeamsThread, target = route(thread).target): ConnectorPlace => ({
    tenant: thread.tenant,
    conversation: thread.conversation,
    target,
  });
  /** Cards in chats carry their thread's root: a chat has no reply chain to tell which thread a click is in. */
  const render = (thread: TeamsThread, message: OutgoingMessage): TeamsMessage[] =>
    route(thread).mode === 'chat' ? renderMessage(withStartOverHint(message), { nameOf, thread: thread.root }) : renderMessage(message, { nameOf });

  /** Posts pages in order into a thread; returns the last message's id. */
  async function sendPages(thread: TeamsThread, pages: TeamsMessage[]): Promise<string | undefined> {
    let target = route(thread);
    let last: string | undefined;
    for (const page of pages) {
      if (target.mode === 'new-post') {
        last = await connector.createChannelPost(thread.tenant, thread.conversation, toActivity(page));
        target = { mode: 'chain', target: `${thread.conversation};messageid=${last}` };
      } else {
        last = await connector.send(placeOf(thread, target.target), toActivity(page));
      }
    }
    return last;
  }

  const files = createFileDelivery({
    shelf: options.files,
    logger,
    isPersonal: (place) => (book.kindOf(place.conversation) ?? (place.conversation.startsWith('a:') ? 'personal' : undefined)) === 'personal',
    postCard: async (thread, message) => void (await sendPages(teamsThread(thread), [message])),
    send: async (place, activity) => void (await connector.send({ ...place, target: place.conversation }, activity)),
    // OneDrive's upload URLs are https; only a local, unauthenticated bot (the Emulator, tests) takes a loopback http one
    acceptsUploadUrl: (url) => url.startsWith('https://') || (!appId && options.allowUnauthenticated === true && LOOPBACK_HTTP.test(url)),
  });

  const adapter: ChatAdapter = {
    chat: 'teams',
    invocation: '@iip ',
    limits: { maxMessageChars: TEAMS_MAX_MESSAGE_CHARS, conversationRate: TEAMS_CONVERSATION_RATE },

    /** A new post in a channel (its id roots the reply chain); in a chat, a message that starts a synthetic thread. */
    async startThread(conversation: ConversationId, message: OutgoingMessage): Promise<MessageRef> {
      const { tenant, conversation: id } = teamsConversation(conversation);
      await book.recall(tenant, id);
      if (!isChannel(id)) {
        const thread = chatThreadId(
          tenant,
          id,
          `${Date.now()}${Math.floor(Math.random() * 1000)
            .toString()
            .padStart(3, '0')}`,
        );
        const last = await sendPages(teamsThread(thread), render(teamsThread(thread), message));
        return { thread, messageId: last as string };
      }
      const [first, ...rest] = renderMessage(message, { nameOf }) as [TeamsMessage, ...TeamsMessage[]];
      const root = await connector.createChannelPost(tenant, id, toActivity(first));
      const thread = channelThreadId(tenant, id, root);
      const last = await sendPages(teamsThread(thread), rest);
      return { thread, messageId: last ?? root };
    },

    async post(thread: ThreadId, message: OutgoingMessage): Promise<MessageRef> {
      const place = teamsThread(thread);
      await book.recall(place.tenant, place.conversation);
      const last = await sendPages(place, render(place, message));
      return { thread, messageId: last as string };
    },

    /** Replaces the message; what does not fit one card continues in new messages below it. */
    async edit(ref: MessageRef, message: OutgoingMessage): Promise<void> {
      const place = teamsThread(ref.thread);
      await book.recall(place.tenant, place.conversation);
      const [first, ...rest] = render(place, message) as [TeamsMessage, ...TeamsMessage[]];
      await connector.update(placeOf(place), ref, toActivity(first));
      if (rest.length > 0) {
        logger.warn({ thread: ref.thread, extra: rest.length }, 'an edit did not fit one Teams message: the rest is posted below');
        await sendPages(place, rest);
      }
    },

    async openForm(_triggerId: string, thread: ThreadId, form: FormSpec): Promise<void> {
      const place = teamsThread(thread);
      await book.recall(place.tenant, place.conversation);
      await sendPages(place, [renderForm(form, route(place).mode === 'chat' ? { thread: place.root } : {})]);
    },

    /** An image shared with a message (./files.ts), downloaded with the bot's token. */
    async fetchFile(thread, file, maxBytes) {
      return fetchTeamsFile(teamsFileAccess(fileOptions, teamsThread(thread)), file, maxBytes);
    },

    /** A PNG as a card image in the thread (./image-reply.ts). */
    async uploadImage(thread, png, title, lang) {
      const place = teamsThread(thread);
      await sendPages(place, [imageMessage(png, title, translatorFor(lang))]);
    },

    /** A document: a consent card in a 1:1 chat, a download link elsewhere (./file-delivery.ts). */
    uploadFile: (thread, file) => files.uploadFile(thread, file),

    /** Native streaming in 1:1 chats; elsewhere, or where Teams refused it before, the relay edits a message. */
    async nativeStream(thread: ThreadId): Promise<NativeStream | undefined> {
      const place = teamsThread(thread);
      await book.recall(place.tenant, place.conversation);
      const kind = book.kindOf(place.conversation) ?? (place.conversation.startsWith('a:') ? 'personal' : undefined);
      if (kind !== 'personal' || route(place).mode !== 'chat' || book.streamingRefused(place.conversation)) return undefined;
      return createNativeStream({
        connector,
        thread,
        place: placeOf(place),
        toActivity,
        render: (message) => render(place, message),
        onRefused: () => book.refuseStreaming(place.conversation),
      });
    },

    /** An admin is a user whose Azure AD object id (from their activities) TEAMS_ADMIN_IDS lists. */
    async isAdmin(_workspaceId: string, userId: string): Promise<boolean> {
      const aadObjectId = book.aadObjectOf(userId);
      return aadObjectId !== undefined && (options.adminIds ?? []).includes(aadObjectId);
    },

    /** A deep link to a channel reply chain's root post; chat threads have no message of their own to link. */
    async permalink(thread: ThreadId): Promise<string | undefined> {
      const place = teamsThread(thread);
      await book.recall(place.tenant, place.conversation);
      if (route(place).mode !== 'chain') return undefined;
      const query = new URLSearchParams({ tenantId: place.tenant, parentMessageId: place.root, createdTime: place.root });
      return `https://teams.microsoft.com/l/message/${encodeURIComponent(place.conversation)}/${place.root}?${query}`;
    },

    async start(onIncoming) {
      receiver.start(onIncoming);
    },
    async stop() {
      receiver.stop();
    },
  };
  adapter.postEphemeral = createPrivateNotes({
    connector,
    book,
    logger,
    toActivity,
    render: (message) => renderMessage(message, { nameOf }),
    async postHere(where, message) {
      if (decodeId(where).parts.length === 3) await adapter.post(where as ThreadId, message);
      else await adapter.startThread(where as ConversationId, message);
    },
  });
  return adapter;
}
