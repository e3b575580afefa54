/**
 * What the adapter remembers from incoming activities to send later, proactively: the conversation reference
 * of each conversation (service URL, bot account, conversation type), each tenant's service URL, the bot's
 * account, users' display names (for mentions) and Azure AD object ids (for the admin check), each chat's current
 * thread and each user's 1:1 chat with the bot. Bounded in memory; with `keep` (the state store's settings, wired
 * by bot.ts) the references, service URLs, chat threads and 1:1 chats also survive a restart
 * (./reference-keeping.ts), so a workflow that was waiting can post again before anyone writes. Without either,
 * a thread's first send uses its tenant's last seen service URL or `defaultServiceUrl` (Teams' global endpoint).
 */
import { TurnContext, type Activity, type ConversationReference } from 'botbuilder';
import type { ConversationKind } from './incoming/payloads.js';
import { placeOf, TeamsActivity } from './incoming/payloads.js';
import { keptConversation, type KeptConversation, type KeptValues, keyOf } from './reference-keeping.js';

export const DEFAULT_SERVICE_URL = 'https://smba.trafficmanager.net/teams/';
const MAX_ENTRIES = 10_000;

export interface ReferenceBook {
  /** Learns from an incoming activity (any type); resolves once what changed is kept. */
  remember(activity: Activity): Promise<void>;
  /** Loads what was kept about a conversation (after a restart), unless it is known already. */
  recall(tenant: string, conversation: string): Promise<void>;
  /** Loads the user's kept 1:1 chat with the bot, unless it is known already. */
  recallPersonalChat(userId: string): Promise<void>;
  /** A reference addressing `target` (a conversation id, with `;messageid=` for a reply chain). */
  referenceFor(tenant: string, conversation: string, target: string): Partial<ConversationReference>;
  kindOf(conversation: string): ConversationKind | undefined;
  nameOf(userId: string): string | undefined;
  /** The user's Azure AD object id, as their last activity gave it. */
  aadObjectOf(userId: string): string | undefined;
  /** The bot's 1:1 chat with a user, once opened; learning it also marks the conversation personal. */
  personalChatOf(userId: string): string | undefined;
  setPersonalChat(userId: string, conversation: string): Promise<void>;
  /** The root of a chat's current thread (chats have no reply chains: ../chat-threads.ts). */
  chatThread(conversation: string): string | undefined;
  setChatThread(conversation: string, root: string): Promise<void>;
  /** Marks a 1:1 chat where Teams refused native streaming, so later answers go straight to edits. */
  refuseStreaming(conversation: string): void;
  streamingRefused(conversation: string): boolean;
}

/** A Map that forgets its oldest entry beyond `MAX_ENTRIES`. */
class BoundedMap<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > MAX_ENTRIES) this.delete(this.keys().next().value as K);
    return this;
  }
}

export function createReferenceBook(options: { appId?: string; defaultServiceUrl?: string; keep?: KeptValues }): ReferenceBook {
  const references = new BoundedMap<string, Partial<ConversationReference>>();
  const kinds = new BoundedMap<string, ConversationKind>();
  const serviceUrls = new BoundedMap<string, string>();
  const names = new BoundedMap<string, string>();
  const aadObjects = new BoundedMap<string, string>();
  const noStreaming = new BoundedMap<string, true>();
  const chatThreads = new BoundedMap<string, string>();
  const personalChats = new BoundedMap<string, string>();
  let bot: ConversationReference['bot'] = { id: options.appId ? `28:${options.appId}` : 'bot', name: 'iip' };
  const { keep } = options;
  /** what was last kept (or read) under each key, so an unchanged value is not written again */
  const kept = new BoundedMap<string, string>();
  const recalled = new BoundedMap<string, true>();

  async function put(key: string, value: string): Promise<void> {
    if (!keep || kept.get(key) === value) return;
    kept.set(key, value);
    await keep.put(key, value);
  }
  async function read(key: string): Promise<string | undefined> {
    if (!keep || recalled.has(key)) return undefined;
    recalled.set(key, true);
    const value = await keep.get(key);
    if (value !== undefined) kept.set(key, value);
    return value;
  }
  const conversationRecord = (conversation: string): KeptConversation | undefined => {
    const reference = references.get(conversation);
    const kind = kinds.get(conversation);
    if (!reference || !kind) return undefined;
    const thread = chatThreads.get(conversation);
    return { reference, kind, ...(thread ? { chatThread: thread } : {}) };
  };
  const keepConversation = async (conversation: string): Promise<void> => {
    const record = conversationRecord(conversation);
    if (record) await put(keyOf.conversation(conversation), JSON.stringify(record));
  };

  return {
    async remember(activity) {
      const parsed = TeamsActivity.safeParse(activity);
      if (!parsed.success || !activity.serviceUrl) return;
      const place = placeOf(parsed.data);
      const reference = TurnContext.getConversationReference(activity);
      delete reference.activityId;
      references.set(place.conversation, reference);
      kinds.set(place.conversation, place.kind);
      serviceUrls.set(place.tenant, activity.serviceUrl);
      if (activity.recipient) bot = { id: activity.recipient.id, name: activity.recipient.name ?? 'iip' };
      const from = activity.from?.id !== activity.recipient?.id ? activity.from : undefined;
      if (from?.name) names.set(from.id, from.name);
      if (from?.aadObjectId) aadObjects.set(from.id, from.aadObjectId);
      if (from && place.kind === 'personal') personalChats.set(from.id, place.conversation);
      await keepConversation(place.conversation);
      await put(keyOf.serviceUrl(place.tenant), activity.serviceUrl);
      if (from && place.kind === 'personal') await put(keyOf.personalChat(from.id), place.conversation);
    },
    async recall(tenant, conversation) {
      if (!serviceUrls.has(tenant)) {
        const serviceUrl = await read(keyOf.serviceUrl(tenant));
        if (serviceUrl && !serviceUrls.has(tenant)) serviceUrls.set(tenant, serviceUrl);
      }
      if (references.has(conversation)) return;
      const record = keptConversation(await read(keyOf.conversation(conversation)));
      if (!record || references.has(conversation)) return;
      references.set(conversation, record.reference);
      kinds.set(conversation, record.kind);
      if (record.chatThread && !chatThreads.has(conversation)) chatThreads.set(conversation, record.chatThread);
    },
    async recallPersonalChat(userId) {
      if (personalChats.has(userId)) return;
      const conversation = await read(keyOf.personalChat(userId));
      if (conversation && !personalChats.has(userId)) {
        personalChats.set(userId, conversation);
        kinds.set(conversation, 'personal');
      }
    },
    referenceFor(tenant, conversation, target) {
      const known = references.get(conversation);
      const serviceUrl = known?.serviceUrl ?? serviceUrls.get(tenant) ?? options.defaultServiceUrl ?? DEFAULT_SERVICE_URL;
      const kind = kinds.get(conversation);
      return {
        channelId: known?.channelId ?? 'msteams',
        serviceUrl,
        bot: known?.bot ?? bot,
        ...(known?.user ? { user: known.user } : {}),
        conversation: {
          ...(known?.conversation ?? { isGroup: kind !== 'personal', conversationType: kind ?? 'channel', name: '' }),
          id: target,
          tenantId: tenant,
        },
      };
    },
    kindOf: (conversation) => kinds.get(conversation),
    nameOf: (userId) => names.get(userId),
    aadObjectOf: (userId) => aadObjects.get(userId),
    personalChatOf: (userId) => personalChats.get(userId),
    async setPersonalChat(userId, conversation) {
      personalChats.set(userId, conversation);
      kinds.set(conversation, 'personal');
      await put(keyOf.personalChat(userId), conversation);
    },
    chatThread: (conversation) => chatThreads.get(conversation),
    async setChatThread(conversation, root) {
      chatThreads.set(conversation, root);
      await keepConversation(conversation);
    },
    refuseStreaming: (conversation) => void noStreaming.set(conversation, true),
    streamingRefused: (conversation) => noStreaming.has(conversation),
  };
}
