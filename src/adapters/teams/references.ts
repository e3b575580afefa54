/**
 * What the adapter remembers from incoming activities to send later, proactively: the conversation reference
 * of each conversation (service URL, bot account, conversation type), each tenant's service URL, the bot's
 * account and users' display names (for mentions). In memory, bounded; after a restart a thread's first send
 * uses its tenant's last seen service URL or, before any activity, `defaultServiceUrl` (Teams' global
 * endpoint, which routes to the tenant's region).
 */
import { TurnContext, type Activity, type ConversationReference } from 'botbuilder';
import type { ConversationKind } from './incoming/payloads.js';
import { placeOf, TeamsActivity } from './incoming/payloads.js';

export const DEFAULT_SERVICE_URL = 'https://smba.trafficmanager.net/teams/';
const MAX_ENTRIES = 10_000;

export interface ReferenceBook {
  /** Learns from an incoming activity (any type). */
  remember(activity: Activity): void;
  /** A reference addressing `target` (a conversation id, with `;messageid=` for a reply chain). */
  referenceFor(tenant: string, conversation: string, target: string): Partial<ConversationReference>;
  kindOf(conversation: string): ConversationKind | undefined;
  nameOf(userId: string): string | undefined;
  /** The user's Azure AD object id, as their last activity gave it. */
  aadObjectOf(userId: string): string | undefined;
  /** The bot's 1:1 chat with a user, once opened; learning it also marks the conversation personal. */
  personalChatOf(userId: string): string | undefined;
  setPersonalChat(userId: string, conversation: string): void;
  /** The root of a chat's current thread (chats have no reply chains: ../chat-threads.ts). */
  chatThread(conversation: string): string | undefined;
  setChatThread(conversation: string, root: string): void;
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

export function createReferenceBook(options: { appId?: string; defaultServiceUrl?: string }): ReferenceBook {
  const references = new BoundedMap<string, Partial<ConversationReference>>();
  const kinds = new BoundedMap<string, ConversationKind>();
  const serviceUrls = new BoundedMap<string, string>();
  const names = new BoundedMap<string, string>();
  const aadObjects = new BoundedMap<string, string>();
  const noStreaming = new BoundedMap<string, true>();
  const chatThreads = new BoundedMap<string, string>();
  const personalChats = new BoundedMap<string, string>();
  let bot: ConversationReference['bot'] = { id: options.appId ? `28:${options.appId}` : 'bot', name: 'iip' };

  return {
    remember(activity) {
      const parsed = TeamsActivity.safeParse(activity);
      if (!parsed.success || !activity.serviceUrl) return;
      const place = placeOf(parsed.data);
      const reference = TurnContext.getConversationReference(activity);
      delete reference.activityId;
      references.set(place.conversation, reference);
      kinds.set(place.conversation, place.kind);
      serviceUrls.set(place.tenant, activity.serviceUrl);
      if (activity.recipient) bot = { id: activity.recipient.id, name: activity.recipient.name ?? 'iip' };
      if (activity.from?.name && activity.from.id !== activity.recipient?.id) names.set(activity.from.id, activity.from.name);
      if (activity.from?.aadObjectId) aadObjects.set(activity.from.id, activity.from.aadObjectId);
      if (place.kind === 'personal' && activity.from?.id !== activity.recipient?.id) personalChats.set(activity.from.id, place.conversation);
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
    setPersonalChat(userId, conversation) {
      personalChats.set(userId, conversation);
      kinds.set(conversation, 'personal');
    },
    chatThread: (conversation) => chatThreads.get(conversation),
    setChatThread: (conversation, root) => void chatThreads.set(conversation, root),
    refuseStreaming: (conversation) => void noStreaming.set(conversation, true),
    streamingRefused: (conversation) => noStreaming.has(conversation),
  };
}
