/**
 * Activities as Teams sends them to `/api/messages`: a channel post or reply-chain message mentioning the bot
 * (`<at>iip</at>` in the text plus a `mention` entity), a group-chat mention, a 1:1 message, an Adaptive Card
 * `Action.Submit` (a message with `value`) and an `adaptiveCard/action` invoke. `sendActivity` POSTs one,
 * with a channel token when given one; `channelToken` signs such a token (RS256) the way the Bot Framework
 * does: issuer api.botframework.com, audience = the bot's app id, `serviceurl` claim, key id from the JWKS.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { FakeBotConnector } from './fake-bot-connector.js';

type Json = Record<string, unknown>;

export const TENANT = '72f988bf-0000-4c1b-9a3d-00000000t1';
export const TEAM = '19:team-general@thread.tacv2';
export const CHANNEL = '19:c0ffee00aa11@thread.tacv2';
export const GROUP_CHAT = '19:group-chat-01@thread.v2';
export const PERSONAL_CHAT = 'a:1personal-chat-Xyz';
export const BOT = { id: '28:bot-app-id', name: 'iip' };
export const USER = { id: '29:1user-ann', name: 'Ann Example', aadObjectId: '00000000-0000-0000-0000-0000000000a1' };

let sequence = 0;
export const activityId = (): string => String(1_710_000_000_000 + ++sequence);

export interface ActivityOptions {
  serviceUrl: string;
  id?: string;
  bot?: { id: string; name: string };
  user?: { id: string; name: string; aadObjectId?: string };
  /** the sender's client language, as Teams puts it on every activity (default `en-US`) */
  locale?: string;
}

function envelope(options: ActivityOptions, conversation: Json, extra: Json): Json {
  return {
    type: 'message',
    id: options.id ?? activityId(),
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl: options.serviceUrl,
    from: options.user ?? USER,
    recipient: options.bot ?? BOT,
    conversation: { tenantId: TENANT, ...conversation },
    channelData: { tenant: { id: TENANT } },
    locale: options.locale ?? 'en-US',
    ...extra,
  };
}

const mentionOf = (bot: { id: string; name: string }) => ({
  type: 'mention',
  text: `<at>${bot.name}</at>`,
  mentioned: { id: bot.id, name: bot.name },
});

/** A channel message mentioning the bot: a new post (`root` unset: it roots its own chain) or a reply in a chain. */
export function channelMention(text: string, options: ActivityOptions & { root?: string }): Json {
  const bot = options.bot ?? BOT;
  const id = options.id ?? activityId();
  const root = options.root ?? id;
  return envelope(
    { ...options, id },
    { id: `${CHANNEL};messageid=${root}`, conversationType: 'channel', isGroup: true },
    {
      text: `<at>${bot.name}</at> ${text}`,
      textFormat: 'plain',
      entities: [mentionOf(bot), { type: 'clientInfo', locale: 'en-US', platform: 'Web' }],
      channelData: { tenant: { id: TENANT }, team: { id: TEAM }, channel: { id: CHANNEL }, teamsChannelId: CHANNEL, teamsTeamId: TEAM },
      ...(root !== id ? { replyToId: root } : {}),
    },
  );
}

export function groupChatMention(text: string, options: ActivityOptions): Json {
  const bot = options.bot ?? BOT;
  return envelope(
    options,
    { id: GROUP_CHAT, conversationType: 'groupChat', isGroup: true },
    {
      text: `<at>${bot.name}</at> ${text}`,
      textFormat: 'plain',
      entities: [mentionOf(bot)],
    },
  );
}

/** A channel message that does not mention the bot, a new post or (`root` set) a reply in a chain; Teams sends these only with RSC. */
export function channelChatter(text: string, options: ActivityOptions & { root?: string }): Json {
  const id = options.id ?? activityId();
  const root = options.root ?? id;
  return envelope(
    { ...options, id },
    { id: `${CHANNEL};messageid=${root}`, conversationType: 'channel', isGroup: true },
    {
      text,
      ...(root !== id ? { replyToId: root } : {}),
    },
  );
}

/** A group-chat message that does not mention the bot. */
export function groupChatter(text: string, options: ActivityOptions): Json {
  return envelope(options, { id: GROUP_CHAT, conversationType: 'groupChat', isGroup: true }, { text });
}

export function personalMessage(text: string, options: ActivityOptions): Json {
  return envelope(options, { id: PERSONAL_CHAT, conversationType: 'personal' }, { text, textFormat: 'plain' });
}

export type CardPlace = 'channel' | 'personal';

function cardConversation(place: CardPlace, root?: string): Json {
  return place === 'channel'
    ? { id: `${CHANNEL};messageid=${root}`, conversationType: 'channel', isGroup: true }
    : { id: PERSONAL_CHAT, conversationType: 'personal' };
}

/** An `Action.Submit` click: a message whose `value` is the action's data merged with the card's inputs. */
export function cardSubmit(value: Json, options: ActivityOptions & { place: CardPlace; replyToId: string; root?: string }): Json {
  return envelope(options, cardConversation(options.place, options.root), { replyToId: options.replyToId, value, text: undefined });
}

/** An `Action.Execute` click: an `adaptiveCard/action` invoke. */
export function cardInvoke(data: Json, options: ActivityOptions & { place: CardPlace; replyToId: string; root?: string }): Json {
  return envelope(options, cardConversation(options.place, options.root), {
    type: 'invoke',
    name: 'adaptiveCard/action',
    replyToId: options.replyToId,
    value: { action: { type: 'Action.Execute', verb: 'submit', data }, trigger: 'manual' },
  });
}

/** A message action's invoke (`composeExtension/fetchTask` or `submitAction`) from the "…" menu of channel message `root`. */
export function messageActionInvoke(serviceUrl: string, name: string, root: string, value: Json): Json {
  return {
    type: 'invoke',
    name,
    id: `f:${activityId()}`,
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl,
    from: USER,
    recipient: BOT,
    conversation: { id: `${CHANNEL};messageid=${root}`, conversationType: 'channel', isGroup: true, tenantId: TENANT },
    channelData: { tenant: { id: TENANT } },
    locale: 'en-US',
    value: { commandId: 'iipStart', ...value },
  };
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

export interface TokenClaims {
  audience: string;
  serviceUrl: string;
  issuer?: string;
  expiresInS?: number;
}

/** A JWT signed with RS256; `key`/`keyId` default to the fake's trusted signing key. */
export function signJwt(claims: Json, key: KeyObject, keyId: string): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: keyId }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
  return `${header}.${payload}.${base64url(signature)}`;
}

export function channelToken(
  fake: FakeBotConnector,
  claims: TokenClaims,
  signer: { key: KeyObject; keyId: string } = { key: fake.signingKey, keyId: fake.signingKeyId },
): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      iss: claims.issuer ?? 'https://api.botframework.com',
      aud: claims.audience,
      serviceurl: claims.serviceUrl,
      nbf: now - 60,
      iat: now - 60,
      exp: now + (claims.expiresInS ?? 3600),
    },
    signer.key,
    signer.keyId,
  );
}

/** A key no JWKS of the fake lists: a forger's. */
export const forgedKey = (): KeyObject => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export interface SentActivity {
  status: number;
  body: string;
  elapsedMs: number;
}

export async function sendActivity(url: string, activity: Json, token?: string): Promise<SentActivity> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(activity),
  });
  const body = await response.text();
  return { status: response.status, body, elapsedMs: performance.now() - started };
}
