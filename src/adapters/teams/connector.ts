/**
 * Proactive calls to the Bot Connector: every send runs in its own `continueConversationAsync` turn on the
 * saved conversation reference, so nothing waits on an incoming request. The connector client's built-in
 * retry policy is removed: it would resend stale text after its own backoff on top of Retry-After, while the
 * relay owns rate limits (it pauses the tenant and sends the latest text). A policy of its own puts the stream
 * fields into the `streaminfo` entity the serializer trims (./stream-entity-policy.ts).
 */
import type { Activity, CloudAdapter, ConversationParameters, TurnContext } from 'botbuilder';
import type { MessageRef } from '../../core/adapter.js';
import { teamsChatError } from './errors.js';
import type { ReferenceBook } from './references.js';
import { STREAM_ENTITY_POLICY, streamEntityPolicy, type PipelinePolicyLike } from './stream-entity-policy.js';

/** The part of botframework-connector's ConnectorClient the adapter uses. */
interface ConnectorClientLike {
  conversations: {
    sendToConversation(conversationId: string, activity: Partial<Activity>): Promise<{ id?: string }>;
    updateActivity(conversationId: string, activityId: string, activity: Partial<Activity>): Promise<{ id?: string }>;
    createConversation(parameters: ConversationParameters): Promise<{ id?: string; activityId?: string }>;
  };
  /** the @azure/core-client pipeline underneath (not part of the typed API) */
  client?: { pipeline?: { removePolicy?(policy: { name: string }): unknown; addPolicy?(policy: PipelinePolicyLike): unknown } };
}

const RETRY_POLICY = 'defaultRetryPolicy';

/** Where a call goes: a tenant's conversation, addressed as `target` (the reply chain id in a channel). */
export interface ConnectorPlace {
  tenant: string;
  conversation: string;
  target: string;
}

export interface Connector {
  /** Sends an activity; returns the id Teams gave it ('' when Teams answers without one, as for stream updates). */
  send(place: ConnectorPlace, activity: Partial<Activity>): Promise<string>;
  update(place: ConnectorPlace, ref: MessageRef, activity: Partial<Activity>): Promise<void>;
  /** Posts a new message in a channel (a new reply chain); returns its id, the chain's root. */
  createChannelPost(tenant: string, channel: string, activity: Partial<Activity>): Promise<string>;
  /** Opens (or finds) the bot's 1:1 chat with a user, as Teams does for proactive messages; returns its conversation id. */
  createPersonalChat(place: ConnectorPlace, userId: string): Promise<string>;
}

export function createConnector(cloud: CloudAdapter, book: ReferenceBook, appId: string | undefined, audience: string): Connector {
  function clientOf(context: TurnContext): ConnectorClientLike {
    const client = context.turnState.get(cloud.ConnectorClientKey) as ConnectorClientLike | undefined;
    if (!client) throw new Error('botbuilder gave the turn no connector client');
    const pipeline = client.client?.pipeline;
    pipeline?.removePolicy?.({ name: RETRY_POLICY });
    // removed first: a pipeline refuses two policies of one name, and botbuilder may hand out the same client again
    pipeline?.removePolicy?.({ name: STREAM_ENTITY_POLICY });
    pipeline?.addPolicy?.(streamEntityPolicy);
    return client;
  }

  async function call<T>(place: ConnectorPlace, operation: string, work: (client: ConnectorClientLike) => Promise<T>, ref?: MessageRef): Promise<T> {
    await book.recall(place.tenant, place.conversation);
    const reference = book.referenceFor(place.tenant, place.conversation, place.target);
    let result: { value: T } | undefined;
    try {
      await cloud.continueConversationAsync(appId ?? '', reference, audience, async (context) => {
        result = { value: await work(clientOf(context)) };
      });
    } catch (error) {
      throw teamsChatError(error, { operation, tenant: place.tenant, ...(ref ? { ref } : {}) });
    }
    if (!result) throw teamsChatError(new Error('the proactive turn did not run'), { operation, tenant: place.tenant });
    return result.value;
  }

  return {
    send: (place, activity) =>
      call(place, 'send', async (client) => (await client.conversations.sendToConversation(place.target, activity)).id ?? ''),

    update: (place, ref, activity) =>
      call(
        place,
        'update',
        async (client) => {
          await client.conversations.updateActivity(place.target, ref.messageId, { ...activity, id: ref.messageId });
        },
        ref,
      ),

    createChannelPost(tenant, channel, activity) {
      const place = { tenant, conversation: channel, target: channel };
      return call(place, 'create', async (client) => {
        const created = await client.conversations.createConversation({
          isGroup: true,
          channelData: { channel: { id: channel }, tenant: { id: tenant } },
          activity: activity as Activity,
          bot: book.referenceFor(tenant, channel, channel).bot,
          tenantId: tenant,
        } as ConversationParameters);
        const root = created.activityId ?? /;messageid=([^;]+)$/.exec(created.id ?? '')?.[1];
        if (!root) throw new Error('Teams created the post without an activity id');
        return root;
      });
    },

    createPersonalChat(place, userId) {
      return call(place, 'create', async (client) => {
        const created = await client.conversations.createConversation({
          isGroup: false,
          members: [{ id: userId }],
          bot: book.referenceFor(place.tenant, place.conversation, place.target).bot,
          channelData: { tenant: { id: place.tenant } },
          tenantId: place.tenant,
        } as ConversationParameters);
        if (!created.id) throw new Error('Teams opened the 1:1 chat without a conversation id');
        return created.id;
      });
    },
  };
}
