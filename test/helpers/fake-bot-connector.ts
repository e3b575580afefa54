/**
 * The Bot Connector API for tests: a local HTTP server that activities' `serviceUrl` points at.
 * `POST /v3/conversations` (a new channel post, or a 1:1 chat with one member), `POST /v3/conversations/:id/activities` (send),
 * `POST …/activities/:activityId` (reply), `PUT …/activities/:activityId` (update), with map-backed state
 * (activities per conversation, Teams-like ids, reply chains, edits, deletions, native streams with Teams'
 * sequence rules). Records every call and its status. Programmable: one-shot failures, a per-second budget answered with
 * 429 + Retry-After, Teams' per-conversation limits (7/1 s, 8/2 s, 60/30 s, 1,800/hour) answered the same way, streaming refused (403 ContentStreamNotAllowed), 404 for unknown activities, 413 over
 * 100 KB. A conversation the app is not installed in (removeBot): the roster's member lookup (`GET …/members/:id`) and
 * every post there are refused with 403 BotNotInConversationRoster. File consent and file info cards checked as Teams takes them (./fake-teams-files.ts). Files users shared (attachments and hosted content, bot token required). Also the auth side: an OAuth2 client-credentials token endpoint (`<url>login/<tenant>/oauth2/v2.0/token`)
 * and the OpenID metadata + JWKS (`<url>openid/…`) whose RSA key signs channel tokens (teams-activities.ts).
 */
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileCardProblem } from './fake-teams-files.js';
import {
  TEAMS_CONVERSATION_LIMITS,
  type ConnectorOperation,
  type FakeActivity,
  type FakeBotConnector,
  type FakeBotConnectorOptions,
  type FakeConnectorCall,
  type FakeFailure,
  type FakeStream,
} from './fake-bot-connector-types.js';

type Json = Record<string, unknown>;
export * from './fake-bot-connector-types.js';

export const FAKE_ISSUER = 'https://api.botframework.com';
const MAX_BODY_BYTES = 100 * 1024;
const LONGEST_LIMIT_MS = Math.max(...TEAMS_CONVERSATION_LIMITS.map((l) => l.windowMs));

async function readJson(req: IncomingMessage): Promise<{ body: Json; bytes: number; raw: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(raw)), bytes: raw.length, raw };
  }
  return { body: raw ? (JSON.parse(raw) as Json) : {}, bytes: Buffer.byteLength(raw), raw };
}

const errorBody = (code: string, message = code): Json => ({ error: { code, message } });

let keyPair: { privateKey: KeyObject; publicKey: KeyObject } | undefined;
/** One RSA key pair per test process: generating one takes a noticeable fraction of a second. */
const signingKeys = () => (keyPair ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));

export async function startFakeBotConnector(options: FakeBotConnectorOptions = {}): Promise<FakeBotConnector> {
  const { privateKey, publicKey } = signingKeys();
  const signingKeyId = `fake-key-${randomUUID().slice(0, 8)}`;
  const calls: FakeConnectorCall[] = [];
  const streams: FakeStream[] = [];
  const activities = new Map<string, FakeActivity>();
  const failures = new Map<ConnectorOperation, FakeFailure[]>();
  const files = new Map<string, { data: Buffer; contentType: string }>();
  const issued = new Set<string>();
  /** conversations the app is not installed in (the bot is not in their roster), by id without `;messageid=` */
  const withoutBot = new Set<string>();
  const conversationRoot = (id: string): string => id.split(';messageid=')[0] as string;
  const sendTimes: number[] = [];
  let budget: number | undefined;
  let refuseStreams = false;
  const personalRefused = new Set<string>();
  const personalChats = new Map<string, string>();
  let sequence = 0;
  let base = '';

  const nextId = (): string => String(1_700_000_000_000 + ++sequence);
  const authOf = (req: IncomingMessage): FakeConnectorCall['auth'] => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return token === undefined ? 'none' : issued.has(token) || options.acceptsToken?.(token) ? 'valid' : 'invalid';
  };
  const conversationCalls = new Map<string, number[]>();
  /** ms until the conversation may take another call (Retry-After), 0 when it may now; a call let through counts */
  const overConversationLimits = (conversationId: string, now: number): number => {
    if (!options.conversationLimits) return 0;
    const base = conversationId.split(';messageid=')[0] as string;
    const times = (conversationCalls.get(base) ?? []).filter((t) => t > now - LONGEST_LIMIT_MS);
    let waitMs = 0;
    for (const { max, windowMs } of TEAMS_CONVERSATION_LIMITS) {
      const inWindow = times.filter((t) => t > now - windowMs);
      if (inWindow.length >= max) waitMs = Math.max(waitMs, (inWindow[inWindow.length - max] as number) + windowMs - now);
    }
    if (waitMs === 0) times.push(now);
    conversationCalls.set(base, times);
    return waitMs;
  };
  const overBudget = (now: number): boolean => {
    while (sendTimes.length > 0 && (sendTimes[0] as number) <= now - 1000) sendTimes.shift();
    if (budget === undefined || sendTimes.length < budget) {
      sendTimes.push(now);
      return false;
    }
    return true;
  };
  const store = (conversationId: string, body: Json, id = nextId()): FakeActivity => {
    const [conversation, root] = conversationId.split(';messageid=') as [string, string | undefined];
    const activity: FakeActivity = {
      id,
      conversation,
      type: String(body.type ?? 'message'),
      attachments: Array.isArray(body.attachments) ? (body.attachments as Json[]) : [],
      body,
      edits: 0,
      deleted: false,
      ...(typeof body.text === 'string' ? { text: body.text } : {}),
      ...(root !== undefined ? { root } : {}),
    };
    activities.set(id, activity);
    return activity;
  };
  const hasContent = (body: Json): boolean =>
    (typeof body.text === 'string' && body.text.length > 0) || (Array.isArray(body.attachments) && body.attachments.length > 0);

  function route(method: string, path: string): { operation: ConnectorOperation; conversationId?: string; activityId?: string } {
    if (method === 'POST' && /^\/login\/[^/]+\/oauth2\/v2\.0\/token$/.test(path)) return { operation: 'token' };
    if (path === '/openid/.well-known/openidconfiguration') return { operation: 'openid' };
    if (path === '/openid/keys') return { operation: 'jwks' };
    const file = /^\/v3\/attachments\/([^/]+)\/views\/original$/.exec(path) ?? /^\/v1\.0\/hostedContents\/([^/]+)\/\$value$/.exec(path);
    if (method === 'GET' && file) return { operation: 'attachment', activityId: decodeURIComponent(file[1] as string) };
    if (method === 'POST' && path === '/v3/conversations') return { operation: 'create' };
    const member = /^\/v3\/conversations\/([^/]+)\/members\/([^/]+)$/.exec(path);
    if (method === 'GET' && member)
      return { operation: 'member', conversationId: decodeURIComponent(member[1] as string), activityId: decodeURIComponent(member[2] as string) };
    const match = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?$/.exec(path);
    if (!match) return { operation: 'unknown' };
    const conversationId = decodeURIComponent(match[1] as string);
    const activityId = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    if (activityId === undefined) return { operation: method === 'POST' ? 'send' : 'unknown', conversationId };
    return { operation: method === 'PUT' ? 'update' : method === 'POST' ? 'reply' : 'unknown', conversationId, activityId };
  }

  /** Teams' streaming rules: text on every update, sequence 1 first and increasing, final without a sequence. */
  function handleStream(body: Json, conversationId: string): { status: number; body: Json } | undefined {
    const entities = Array.isArray(body.entities) ? (body.entities as Json[]) : [];
    const entity = entities.find((e) => e.type === 'streaminfo');
    const channelData = (body.channelData ?? {}) as Json;
    if (!entity && channelData.streamType === undefined) return undefined;
    // Teams reads the streaminfo entity (Microsoft's documentation); channelData only when an activity has no such entity
    const info = entity ?? channelData;
    const { streamId, streamSequence: seq, streamType = 'streaming' } = info;
    const stream = streams.find((s) => s.id === streamId);
    const bad = (message: string) => ({ status: 400, body: errorBody('BadRequest', message) });
    if (body.type === 'typing') {
      if (typeof body.text !== 'string' || body.text.length === 0) return bad('Start streaming activities should include text');
      if (streamId === undefined) {
        if (refuseStreams) return { status: 403, body: errorBody('ContentStreamNotAllowed', 'Content stream is not allowed') };
        if (seq !== 1) return bad('the first streamSequence must be 1');
        const created: FakeStream = { id: nextId(), conversation: conversationId, updates: [{ sequence: 1, text: body.text }] };
        streams.push(created);
        return { status: 201, body: { id: created.id } };
      }
      if (!stream || stream.final)
        return { status: 403, body: errorBody('ContentStreamNotAllowed', 'Content stream is not allowed on an already completed streamed message') };
      const last = stream.updates[stream.updates.length - 1]?.sequence ?? 0;
      if (typeof seq !== 'number' || seq <= last) return bad('streamSequence must increase');
      stream.updates.push({ sequence: seq, text: body.text });
      return { status: 202, body: {} };
    }
    if (body.type !== 'message' || streamType !== 'final') return bad('only typing updates and a final message stream');
    if (!stream || stream.final) return bad('unknown or finished stream');
    if (seq !== undefined) return bad('the final message must not have a streamSequence');
    if (!hasContent(body)) return bad('the final message needs text or attachments');
    stream.final = store(conversationId, body, stream.id);
    return { status: 202, body: {} };
  }

  /** A 1:1 chat with one member, as Teams opens it for a proactive message: the same id for the same user. */
  function openPersonalChat(body: Json): { status: number; body: Json } {
    const members = Array.isArray(body.members) ? (body.members as Json[]) : [];
    const user = members[0]?.id;
    const tenant = ((body.channelData as Json | undefined)?.tenant as Json | undefined)?.id ?? body.tenantId;
    if (members.length !== 1 || typeof user !== 'string' || typeof tenant !== 'string')
      return { status: 400, body: errorBody('BadArgument', 'one member and the tenant') };
    if (personalRefused.has(user)) return { status: 403, body: errorBody('Forbidden', "The bot is not installed in the user's personal scope") };
    const id = personalChats.get(user) ?? `a:1${user.replace(/[^A-Za-z0-9]/g, '')}-personal-${nextId()}`;
    personalChats.set(user, id);
    const activity = body.activity as Json | undefined;
    if (activity && hasContent(activity)) store(id, activity);
    return { status: 201, body: { id } };
  }

  function handle(call: FakeConnectorCall, bytes: number): { status: number; body: Json; retryAfterMs?: number } {
    const { operation, body } = call;
    if (operation === 'token') {
      if (body.client_id !== options.appId || call.body.client_secret_ok !== true) return { status: 401, body: { error: 'invalid_client' } };
      const token = `fake-bot-token-${randomUUID()}`;
      issued.add(token);
      return { status: 200, body: { token_type: 'Bearer', expires_in: 3600, access_token: token } };
    }
    if (operation === 'openid')
      return { status: 200, body: { issuer: FAKE_ISSUER, jwks_uri: `${base}openid/keys`, id_token_signing_alg_values_supported: ['RS256'] } };
    if (operation === 'jwks') {
      const jwk = publicKey.export({ format: 'jwk' });
      // the Bot Framework's keys are endorsed for every channel the Bot Connector serves
      return {
        status: 200,
        body: { keys: [{ ...jwk, kid: signingKeyId, use: 'sig', endorsements: ['msteams', 'emulator', 'webchat', 'directline', 'slack'] }] },
      };
    }
    if (operation === 'unknown') return { status: 404, body: errorBody('NotFound') };
    if (options.requireToken && call.auth !== 'valid') return { status: 401, body: errorBody('Unauthorized', 'Authorization has been denied') };
    if (bytes > MAX_BODY_BYTES) return { status: 413, body: errorBody('RequestEntityTooLarge', 'Message size too large') };
    // the roster is read, not posted to: Teams' message limits do not count it
    const posts = operation !== 'create' && operation !== 'member';
    if (posts && overBudget(call.at)) return { status: 429, body: errorBody('Throttled') };
    const limitedFor = posts ? overConversationLimits(call.conversationId as string, call.at) : 0;
    if (limitedFor > 0) {
      call.overLimit = true;
      return { status: 429, body: errorBody('Throttled', 'Too many requests in this conversation'), retryAfterMs: limitedFor };
    }
    const conversationId = call.conversationId as string;
    // a conversation the app is not installed in: Teams refuses the bot its roster and any post there
    const channelOfCreate = ((body.channelData as Json | undefined)?.channel as Json | undefined)?.id;
    if (withoutBot.has(conversationRoot(operation === 'create' ? String(channelOfCreate ?? '') : conversationId)))
      return { status: 403, body: errorBody('BotNotInConversationRoster', 'The bot is not part of the conversation roster.') };
    if (operation === 'member') return { status: 200, body: { id: call.activityId, name: 'Member', tenantId: 'tenant', userRole: 'user' } };
    if (operation === 'create' && body.isGroup === false) return openPersonalChat(body);
    if (operation === 'create') {
      const activity = body.activity as Json | undefined;
      const channel = ((body.channelData as Json | undefined)?.channel as Json | undefined)?.id;
      if (typeof channel !== 'string' || !activity || !hasContent(activity)) return { status: 400, body: errorBody('BadArgument') };
      const id = nextId();
      store(`${channel};messageid=${id}`, activity, id);
      return { status: 201, body: { id: `${channel};messageid=${id}`, activityId: id } };
    }
    if (operation === 'update') {
      const target = activities.get(call.activityId as string);
      if (!target || target.deleted) return { status: 404, body: errorBody('ActivityNotFoundInConversation', 'Unknown activity') };
      if (!hasContent(body)) return { status: 400, body: errorBody('BadArgument') };
      Object.assign(target, { body, text: body.text, attachments: Array.isArray(body.attachments) ? body.attachments : [], edits: target.edits + 1 });
      return { status: 200, body: { id: target.id } };
    }
    if (operation === 'reply' && !activities.get(call.activityId as string))
      return { status: 404, body: errorBody('ActivityNotFoundInConversation') };
    const streamed = handleStream(body, conversationId);
    if (streamed) return streamed;
    if (body.type === 'typing') return { status: 200, body: {} };
    if (!hasContent(body)) return { status: 400, body: errorBody('BadArgument', 'Activity must have text or attachments') };
    const fileProblem = fileCardProblem(body, conversationId);
    if (fileProblem) return { status: 400, body: errorBody('BadArgument', fileProblem) };
    return { status: 201, body: { id: store(conversationId, body).id } };
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const { body, bytes } = await readJson(req);
    const { operation, conversationId, activityId } = route(method, path);
    let recorded = body;
    if (operation === 'token') {
      const { client_secret: secret, ...rest } = body;
      recorded = { ...rest, client_secret_ok: secret === options.appPassword && secret !== undefined };
    }
    const call: FakeConnectorCall = {
      operation,
      method,
      body: recorded,
      at: Date.now(),
      auth: authOf(req),
      ...(conversationId !== undefined ? { conversationId } : {}),
      ...(activityId !== undefined ? { activityId } : {}),
    };
    calls.push(call);
    const failure = failures.get(operation)?.shift();
    const file = operation === 'attachment' && !failure ? files.get(activityId as string) : undefined;
    if (operation === 'attachment' && !failure && (call.auth !== 'valid' || !file)) {
      res.writeHead(call.auth !== 'valid' ? 401 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(call.auth !== 'valid' ? errorBody('Unauthorized', 'Authorization has been denied') : errorBody('NotFound')));
      return;
    }
    if (file) {
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.data.length) });
      res.end(file.data);
      return;
    }
    const result: { status: number; body: Json; retryAfterMs?: number } = failure
      ? { status: failure.status, body: errorBody(failure.code ?? `Http${failure.status}`) }
      : handle(call, bytes);
    call.status = result.status;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (failure?.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
    else if (result.retryAfterMs !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
    else if (result.status === 429) headers['retry-after'] = '1';
    res.writeHead(result.status, headers);
    res.end(JSON.stringify(result.body));
  }

  const server = createServer((req, res) => {
    respond(req, res).catch(() => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(errorBody('BadSyntax')));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const live = (filter: (a: FakeActivity) => boolean): FakeActivity[] =>
    [...activities.values()].filter((a) => !a.deleted && a.type === 'message' && filter(a)).sort((a, b) => a.id.localeCompare(b.id));

  return {
    url: base,
    loginUrl: `${base}login`,
    openIdMetadataUrl: `${base}openid/.well-known/openidconfiguration`,
    signingKey: privateKey,
    signingKeyId,
    calls,
    streams,
    callsTo: (operation) => calls.filter((call) => call.operation === operation),
    failNext(operation, failure) {
      failures.set(operation, [...(failures.get(operation) ?? []), failure]);
    },
    setBudget(perSecond) {
      budget = perSecond;
    },
    refuseStreaming(refuse) {
      refuseStreams = refuse;
    },
    refusePersonalChat(userId) {
      personalRefused.add(userId);
    },
    removeBot(conversationId) {
      withoutBot.add(conversationRoot(conversationId));
    },
    personalChats,
    deleteActivity(id) {
      const activity = activities.get(id);
      if (activity) activity.deleted = true;
    },
    activity: (id) => activities.get(id),
    messages: (conversation) => live((a) => a.conversation === conversation),
    replyChain: (channel, root) => live((a) => a.conversation === channel && a.root === root),
    revokeTokens: () => issued.clear(),
    addAttachment(data, contentType) {
      const id = `0-wus-d${files.size + 1}-${randomUUID().slice(0, 8)}`;
      files.set(id, { data, contentType });
      return { id, contentUrl: `${base}v3/attachments/${id}/views/original`, hostedUrl: `${base}v1.0/hostedContents/${id}/$value` };
    },
    allMessages: () => live(() => true),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
