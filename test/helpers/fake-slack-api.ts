/**
 * Slack's Web API for tests: a local HTTP server (`POST /api/<method>`, form-encoded or JSON, bearer token)
 * with map-backed state (messages per channel, incrementing ts, edits, deletions, ephemerals, modals) that
 * records every call and refuses what Slack refuses (unknown ts, >50 blocks, >12,000 markdown characters,
 * over-long sections, duplicate action ids). Channel membership is Slack's (fake-slack-channels.ts: posts need it,
 * conversations.join and conversations.open change it); response URLs handed to commands are served here and record
 * what is posted to them; views.publish keeps each Home tab shown. Programmable: one-shot failures, a per-team
 * `chat.update` budget per minute answered with 429 + Retry-After beyond it, latency per call; with `limits:
 * 'documented'` every method's documented tier (fake-slack-tiers.ts). Calls made inside a Retry-After window the
 * fake gave are marked `insideRetryAfter`. Streaming
 * (chat.startStream/appendStream/stopStream) is fake-slack-streams.ts; Block Kit checks are fake-slack-blocks.ts; the
 * assistant pane (assistant.threads.*) is fake-slack-assistant.ts; modals (views.open with a trigger_id's 3-second
 * window and single exchange, views.update with its hash) are fake-slack-views.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asList, messageBlocksProblem, visibleText } from './fake-slack-blocks.js';
import { FakeSlackChannels } from './fake-slack-channels.js';
import { FakeSlackFiles } from './fake-slack-files.js';
import { FakeSlackOAuth } from './fake-slack-oauth.js';
import { FakeResponseUrls } from './fake-slack-responses.js';
import { FakeSlackStreams } from './fake-slack-streams.js';
import { FakeSlackAssistant } from './fake-slack-assistant.js';
import { FakeSlackViews } from './fake-slack-views.js';
import { ChannelPostPace, conversationReplies } from './fake-slack-history.js';
import { FakeSlackTiers } from './fake-slack-tiers.js';
import type { FakeEphemeral, FakeFailure, FakeSlackApi, FakeSlackApiOptions, FakeSlackCall, FakeSlackMessage } from './fake-slack-api-types.js';

export { messageBlocksProblem, visibleText } from './fake-slack-blocks.js';
export type { FakeResponsePost } from './fake-slack-responses.js';

type Json = Record<string, unknown>;
export * from './fake-slack-api-types.js';

async function readArgs(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return raw ? (JSON.parse(raw) as Json) : {};
  const args: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const structured = ['blocks', 'view', 'attachments', 'chunks', 'prompts', 'loading_messages', 'metadata'].includes(key);
    args[key] = structured && value ? JSON.parse(value) : value;
  }
  return args;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeSlackApi(options: FakeSlackApiOptions = {}): Promise<FakeSlackApi> {
  const teamId = options.teamId ?? 'T1';
  const botUserId = options.botUserId ?? 'UBOT';
  const botId = options.botId ?? 'BBOT';
  let latencyMs = options.latencyMs ?? 0;
  let updatesPerMinute = options.updatesPerMinute;
  const calls: FakeSlackCall[] = [];
  const ephemerals: FakeEphemeral[] = [];
  const modals = new FakeSlackViews();
  const views = modals.opened;
  const homeViews: { userId: string; view: Json }[] = [];
  const channels = new Map<string, Map<string, FakeSlackMessage>>();
  const failures = new Map<string, FakeFailure[]>();
  const holds: Array<{ method: string; mode: 'taken' | 'untaken'; when?: (args: Json) => boolean }> = [];
  const stalls = new Map<string, Array<{ arrive: () => void; released: Promise<void> }>>();
  const updateTimes: number[] = [];
  const postPace = new ChannelPostPace(options.postsPerChannel);
  const tiers = new FakeSlackTiers(options.limits === 'documented');
  const admins = new Set(options.admins ?? []);
  let sequence = 0;
  let origin = '';
  const files = new FakeSlackFiles(() => origin);
  const channelsModel = new FakeSlackChannels(botUserId);
  const responseUrls = new FakeResponseUrls(() => origin);
  const oauth = new FakeSlackOAuth(() => `${origin}/oauth/v2/authorize`, options.oauth);
  const assistant = new FakeSlackAssistant(
    channelsModel,
    () => nextTs(),
    (channel, threadTs) => channelOf(channel).has(threadTs),
  );
  const streams = new FakeSlackStreams(
    { channels: channelsModel, messagesIn: (channel) => channelOf(channel), nextTs: () => nextTs(), botId },
    options.appendsPerMinute,
  );

  const nextTs = (): string => `1700000000.${String(++sequence).padStart(6, '0')}`;
  const channelOf = (channel: string): Map<string, FakeSlackMessage> => {
    let messages = channels.get(channel);
    if (!messages) channels.set(channel, (messages = new Map()));
    return messages;
  };
  const isAuthorized = (req: IncomingMessage, method: string | undefined): boolean => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (method === 'apps.connections.open') return token?.startsWith('xapp-') === true;
    return options.token ? token === options.token : token?.startsWith('xoxb-') === true;
  };

  /** chat.update budget: seconds until a slot frees, or undefined when the call may proceed. */
  function updateRetryAfter(now: number): number | undefined {
    while (updateTimes.length > 0 && (updateTimes[0] as number) <= now - 60_000) updateTimes.shift();
    if (updatesPerMinute === undefined || updateTimes.length < updatesPerMinute) {
      updateTimes.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil(((updateTimes[0] as number) + 60_000 - now) / 1000));
  }

  function contentProblem(args: Json): string | undefined {
    if (!args.channel) return 'channel_not_found';
    if (!args.text && asList(args.blocks).length === 0) return 'no_text';
    if (String(args.text ?? '').length > 40_000) return 'msg_too_long';
    return messageBlocksProblem(args.blocks) ? 'invalid_blocks' : undefined;
  }

  function handle(
    method: string,
    args: Json,
    now: number,
    token?: string,
    authorization?: string,
    callTeam: string = teamId,
  ): { status: number; body: Json; headers?: Record<string, string> } {
    const ok = (body: Json = {}) => ({ status: 200, body: { ok: true, ...body } });
    const fail = (error: string) => ({ status: 200, body: { ok: false, error } });
    switch (method) {
      case 'apps.connections.open':
        return options.socketModeUrl ? ok({ url: options.socketModeUrl }) : fail('not_allowed_token_type');
      case 'oauth.v2.access': {
        const answer = oauth.access(args, /^Basic (.+)$/.exec(authorization ?? '')?.[1]);
        return answer.ok ? ok(answer.body) : fail(answer.error);
      }
      case 'auth.test':
        if (oauth.active) return ok(oauth.authTest(token));
        return ok({ url: 'https://fake.slack.test/', team: 'Fake Team', user: 'iip', team_id: teamId, user_id: botUserId, bot_id: botId });
      case 'chat.postMessage': {
        const problem = contentProblem(args) ?? channelsModel.postProblem(String(args.channel));
        if (problem) return fail(problem);
        const paced = postPace.retryAfter(String(args.channel), now);
        if (paced !== undefined) return { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(paced) } };
        const channel = String(args.channel);
        const message: FakeSlackMessage = {
          channel,
          ts: nextTs(),
          text: String(args.text ?? ''),
          blocks: asList(args.blocks),
          deleted: false,
          edits: 0,
          ...(args.thread_ts ? { threadTs: String(args.thread_ts) } : {}),
          ...(args.metadata && typeof args.metadata === 'object' ? { metadata: args.metadata as Json } : {}),
        };
        channelOf(channel).set(message.ts, message);
        return ok({ channel, ts: message.ts, message: { type: 'message', text: message.text, ts: message.ts, bot_id: botId } });
      }
      case 'chat.update': {
        const message = channelOf(String(args.channel ?? '')).get(String(args.ts ?? ''));
        if (!message || message.deleted) return fail('message_not_found');
        const retryAfter = updateRetryAfter(now);
        if (retryAfter !== undefined)
          return { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(retryAfter) } };
        const problem = contentProblem(args);
        if (problem) return fail(problem);
        Object.assign(message, { text: String(args.text ?? ''), blocks: asList(args.blocks), edits: message.edits + 1 });
        return ok({ channel: message.channel, ts: message.ts, text: message.text });
      }
      case 'chat.delete': {
        const message = channelOf(String(args.channel ?? '')).get(String(args.ts ?? ''));
        if (!message || message.deleted) return fail('message_not_found');
        message.deleted = true;
        return ok({ channel: message.channel, ts: message.ts });
      }
      case 'chat.postEphemeral': {
        const channel = String(args.channel ?? '');
        const problem =
          contentProblem(args) ??
          channelsModel.postProblem(channel) ??
          (args.user && channelsModel.isMember(channel, String(args.user)) ? undefined : 'user_not_in_channel');
        if (problem) return fail(problem);
        ephemerals.push({
          channel: String(args.channel),
          user: String(args.user),
          text: String(args.text ?? ''),
          blocks: asList(args.blocks),
          ...(args.thread_ts ? { threadTs: String(args.thread_ts) } : {}),
        });
        return ok({ message_ts: nextTs() });
      }
      case 'chat.getPermalink': {
        const message = channelOf(String(args.channel ?? '')).get(String(args.message_ts ?? ''));
        if (!message || message.deleted) return fail('message_not_found');
        return ok({ channel: message.channel, permalink: `https://fake.slack.test/archives/${message.channel}/p${message.ts.replace('.', '')}` });
      }
      case 'conversations.replies': {
        const answer = conversationReplies(args, channelOf(String(args.channel ?? '')), botId);
        return answer.ok ? ok(answer.body) : fail(answer.error);
      }
      case 'conversations.info': {
        // Slack shows a bot a public channel it is not in (is_member false), never a private one or a DM without it
        const channel = channelsModel.get(String(args.channel ?? ''));
        if (channel.kind !== 'public' && !channelsModel.isMember(channel.id, botUserId)) return fail('channel_not_found');
        return ok({ channel: channelsModel.describe(channel) });
      }
      case 'conversations.join': {
        const joined = channelsModel.join(String(args.channel ?? ''));
        if (!joined.ok) return fail(joined.error);
        return ok({ channel: channelsModel.describe(joined.channel), ...(joined.alreadyIn ? { warning: 'already_in_channel' } : {}) });
      }
      case 'conversations.open': {
        const users = String(args.users ?? '')
          .split(',')
          .filter(Boolean);
        // several users would open a group DM, which the bot never does
        if (users.length !== 1) return fail(users.length === 0 ? 'users_list_not_supplied' : 'invalid_arguments');
        const opened = channelsModel.openDm(users[0] as string);
        return opened.ok ? ok({ channel: channelsModel.describe(opened.channel) }) : fail(opened.error);
      }
      case 'users.info': {
        const user = String(args.user ?? '');
        if (!/^[UW][A-Z0-9]+$/.test(user)) return fail('user_not_found');
        return ok({
          user: {
            id: user,
            team_id: teamId,
            name: user.toLowerCase(),
            is_admin: admins.has(user),
            is_owner: false,
            is_primary_owner: false,
            ...(args.include_locale === true || args.include_locale === 'true' ? { locale: options.locales?.[user] ?? 'en-US' } : {}),
          },
        });
      }
      case 'views.open':
      case 'views.update': {
        const answer = modals.handle(method, args, now);
        return answer?.ok ? ok(answer.body) : fail(answer?.error ?? 'unknown_method');
      }
      case 'views.publish': {
        const view = args.view as Json | undefined;
        if (!args.user_id || !/^[UW][A-Z0-9]+$/.test(String(args.user_id))) return fail('invalid_arguments');
        if (view?.type !== 'home' || asList(view.blocks).length > 100) return fail('invalid_arguments');
        homeViews.push({ userId: String(args.user_id), view });
        return ok({ view: { id: `VH${homeViews.length}`, ...view } });
      }
      default: {
        const pane = assistant.handle(method, args, Date.now());
        if (pane) return pane.ok ? ok(pane.body) : fail(pane.error);
        const streamed = streams.handle(method, args, Date.now(), callTeam);
        if (streamed && 'status' in streamed)
          return { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(streamed.retryAfter) } };
        if (streamed) return streamed.ok ? ok(streamed.body) : fail(streamed.error);
        const answer = files.handle(method, args);
        if (!answer) return fail('unknown_method');
        return answer.ok ? ok(answer.body) : fail(answer.error);
      }
    }
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = /^\/api\/([\w.]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
    const now = Date.now();
    const args = await readArgs(req);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    // oauth.v2.access authenticates with the app's client id and secret, not a token
    const verdict = method === 'oauth.v2.access' ? { ok: true as const } : oauth.check(token);
    const authorized = verdict ? verdict.ok : isAuthorized(req, method);
    const teamId = verdict?.ok ? verdict.teamId : undefined;
    const call: FakeSlackCall | undefined = method ? { method, args, at: now, authorized, ...(teamId ? { teamId } : {}) } : undefined;
    if (call) calls.push(call);
    const conversation = args.channel ?? args.channel_id;
    const limitKey = method
      ? tiers.keyOf(method, teamId ?? options.teamId ?? 'T1', typeof conversation === 'string' ? conversation : undefined)
      : undefined;
    if (call && limitKey && tiers.insideWindow(limitKey, now)) call.insideRetryAfter = true;
    const foreignChannel = verdict?.ok && typeof args.channel === 'string' ? oauth.channelProblem(token, args.channel) : undefined;
    if (latencyMs > 0) await sleep(latencyMs);
    const held = holds.findIndex((h) => h.method === method && (!h.when || h.when(args)));
    if (method && held >= 0) {
      // the call never answers: the connection stays open until the bot's end closes it (or the fake closes)
      if (holds.splice(held, 1)[0]!.mode === 'taken') handle(method, args, now, token, req.headers.authorization, teamId);
      if (call) Object.assign(call, { error: 'held' });
      return;
    }
    const stall = method ? stalls.get(method)?.shift() : undefined;
    if (stall) {
      stall.arrive();
      await stall.released;
    }
    const failure = method ? failures.get(method)?.shift() : undefined;
    let result: { status: number; body: Json; headers?: Record<string, string> };
    if (!method) result = { status: 404, body: { ok: false, error: 'unknown_method' } };
    else if (verdict && !verdict.ok) result = { status: 200, body: { ok: false, error: verdict.error } };
    else if (!authorized) result = { status: 200, body: { ok: false, error: req.headers.authorization ? 'invalid_auth' : 'not_authed' } };
    else if (foreignChannel) result = { status: 200, body: { ok: false, error: foreignChannel } };
    else if (typeof failure === 'string') result = { status: 200, body: { ok: false, error: failure } };
    else if (failure && 'lost' in failure) {
      // Slack takes the call, then its answer is lost: a 5xx, or the connection drops
      handle(method, args, now, token, req.headers.authorization, teamId);
      if (failure.lost === 'connection') {
        if (call) Object.assign(call, { answeredAt: Date.now(), error: 'connection_lost' });
        req.socket.destroy();
        return;
      }
      result = { status: failure.status ?? 500, body: { ok: false, error: 'fake_http_error' } };
    } else if (failure?.status === 429) {
      const retryAfter = 'retryAfter' in failure ? failure.retryAfter : undefined;
      result = {
        status: 429,
        body: { ok: false, error: 'ratelimited' },
        headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
      };
    } else if (failure) result = { status: failure.status, body: { ok: false, error: 'fake_http_error' } };
    else {
      const retryAfter = limitKey ? tiers.take(method, limitKey, now) : undefined;
      result =
        retryAfter === undefined
          ? handle(method, args, now, token, req.headers.authorization, teamId)
          : { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(retryAfter) } };
    }
    const retryAfter = result.status === 429 ? Number(result.headers?.['retry-after']) : Number.NaN;
    const answeredAt = Date.now();
    if (limitKey && retryAfter > 0) tiers.opened(limitKey, now, answeredAt, retryAfter);
    if (call) Object.assign(call, { answeredAt, status: result.status, ...(result.body.ok ? {} : { error: String(result.body.error) }) });
    res.writeHead(result.status, { 'content-type': 'application/json', ...result.headers });
    res.end(JSON.stringify(result.body));
  }

  const server = createServer((req, res) => {
    if (files.serve(req, res, isAuthorized(req, undefined))) return;
    if (responseUrls.serve(req, res)) return;
    respond(req, res).catch(() => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'invalid_form_data' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  const live = (messages: Iterable<FakeSlackMessage>): FakeSlackMessage[] =>
    [...messages].filter((m) => !m.deleted).sort((a, b) => a.ts.localeCompare(b.ts));

  return {
    url: `http://127.0.0.1:${port}/api/`,
    calls,
    ephemerals,
    views,
    modals: modals.byId,
    homeViews,
    files,
    channels: channelsModel,
    responses: responseUrls.posts,
    oauth,
    streams,
    assistant,
    responseUrl: () => responseUrls.issue(),
    callsTo: (method) => calls.filter((call) => call.method === method),
    holdNext(method, mode, when) {
      holds.push({ method, mode, ...(when ? { when } : {}) });
    },
    callsInsideRetryAfter: () => calls.filter((call) => call.insideRetryAfter === true),
    failNext(method, failure) {
      failures.set(method, [...(failures.get(method) ?? []), failure]);
    },
    stallNext(method) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      stalls.set(method, [...(stalls.get(method) ?? []), { arrive, released }]);
      return { arrived, release };
    },
    setUpdateBudget(perMinute) {
      updatesPerMinute = perMinute;
    },
    setPostPace(pace) {
      postPace.set(pace);
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    deleteMessage(channel, ts) {
      const message = channelOf(channel).get(ts);
      if (message) message.deleted = true;
    },
    message: (channel, ts) => channelOf(channel).get(ts),
    messageText(channel, ts) {
      const message = channelOf(channel).get(ts);
      return message && !message.deleted ? visibleText(message.text, message.blocks) : undefined;
    },
    threadMessages: (channel, threadTs) => live(channelOf(channel).values()).filter((m) => m.ts === threadTs || m.threadTs === threadTs),
    channelMessages: (channel) => live(channelOf(channel).values()),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
