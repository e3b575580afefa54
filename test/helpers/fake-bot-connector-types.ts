/** The Bot Connector fake's public shapes: its calls, activities, streams, options and handle (./fake-bot-connector.ts). */
import type { KeyObject } from 'node:crypto';

export type Json = Record<string, unknown>;
export type ConnectorOperation = 'create' | 'send' | 'reply' | 'update' | 'member' | 'token' | 'openid' | 'jwks' | 'attachment' | 'unknown';

export interface FakeConnectorCall {
  operation: ConnectorOperation;
  method: string;
  /** the conversation id as addressed (decoded, `;messageid=` kept) */
  conversationId?: string;
  activityId?: string;
  /** the request body (a token request's secret removed) */
  body: Json;
  at: number;
  /** the bearer token: none, one this fake issued, or another */
  auth: 'none' | 'valid' | 'invalid';
  /** the status the fake answered with */
  status?: number;
  /** a 429 the fake gave because a conversation went over Teams' limits (not a programmed failure) */
  overLimit?: boolean;
}

export interface FakeActivity {
  id: string;
  /** the conversation without `;messageid=` */
  conversation: string;
  /** the reply chain it is in (channels) */
  root?: string;
  type: string;
  text?: string;
  attachments: Json[];
  body: Json;
  edits: number;
  deleted: boolean;
}

/** A native stream (1:1 chats): its typing updates in order and the final message. */
export interface FakeStream {
  id: string;
  conversation: string;
  updates: { sequence: number; text: string }[];
  final?: FakeActivity;
}

export interface FakeFailure {
  status: number;
  retryAfter?: number;
  code?: string;
}

export interface FakeBotConnectorOptions {
  appId?: string;
  appPassword?: string;
  /** refuse connector calls without a token this fake issued (set when the bot has an app id) */
  requireToken?: boolean;
  /** tokens another authority issued that count as valid too (a local login endpoint, ./local-authority.ts) */
  acceptsToken?: (token: string) => boolean;
  /**
   * Teams' per-bot, per-conversation limits: sends, replies and updates into one conversation beyond 7 a second,
   * 8 in two seconds, 60 in thirty seconds or 1,800 an hour get 429 with Retry-After
   */
  conversationLimits?: boolean;
}

/** Teams' limits per bot and conversation (Microsoft's "Optimize your bot with rate limiting"). */
export const TEAMS_CONVERSATION_LIMITS = [
  { max: 7, windowMs: 1_000 },
  { max: 8, windowMs: 2_000 },
  { max: 60, windowMs: 30_000 },
  { max: 1_800, windowMs: 3_600_000 },
] as const;

export interface FakeBotConnector {
  /** the serviceUrl, ending in `/` */
  readonly url: string;
  /** base for the adapter's `auth.loginUrl` */
  readonly loginUrl: string;
  readonly openIdMetadataUrl: string;
  /** the key the JWKS lists (kid `signingKeyId`), and a key it does not list */
  readonly signingKey: KeyObject;
  readonly signingKeyId: string;
  readonly calls: FakeConnectorCall[];
  readonly streams: FakeStream[];
  callsTo(operation: ConnectorOperation): FakeConnectorCall[];
  /** The next call of `operation` fails with this status (and Retry-After / error code). */
  failNext(operation: ConnectorOperation, failure: FakeFailure): void;
  /** send/reply/update calls allowed per rolling second, 429 beyond; unlimited when undefined */
  setBudget(perSecond: number | undefined): void;
  refuseStreaming(refuse: boolean): void;
  /** 1:1 chats with this user cannot be opened (the app is not installed in their personal scope): 403 */
  refusePersonalChat(userId: string): void;
  /** the app is not installed in this conversation (channel, chat): its roster and posts answer 403 BotNotInConversationRoster */
  removeBot(conversationId: string): void;
  /** the 1:1 chats the bot opened, by user id */
  readonly personalChats: Map<string, string>;
  deleteActivity(id: string): void;
  activity(id: string): FakeActivity | undefined;
  /** a conversation's live activities in order (typing and stream updates left out) */
  messages(conversation: string): FakeActivity[];
  /** a channel reply chain: its root post and the replies, in order */
  replyChain(channel: string, root: string): FakeActivity[];
  /**
   * Holds a file a user shared, as Teams does: its bytes at `contentUrl` (`/v3/attachments/<id>/views/original`,
   * the image attachment) and at `hostedUrl` (hosted content, `…/hostedContents/<id>/$value`); both answer only
   * a bearer token this fake issued (401 otherwise).
   */
  addAttachment(data: Buffer, contentType: string): { id: string; contentUrl: string; hostedUrl: string };
  /** Forgets every token issued so far (a rotated key): the bot's cached token no longer counts as valid. */
  revokeTokens(): void;
  /** every live message in every conversation, in order */
  allMessages(): FakeActivity[];
  close(): Promise<void>;
}
