/** The Slack Web API fake's public shapes: its calls, messages, options and handle (./fake-slack-api.ts). */
import type { FakeSlackAssistant } from './fake-slack-assistant.js';
import type { FakeSlackChannels } from './fake-slack-channels.js';
import type { FakeSlackFiles } from './fake-slack-files.js';
import type { PostPace } from './fake-slack-history.js';
import type { FakeOAuthOptions, FakeSlackOAuth } from './fake-slack-oauth.js';
import type { FakeResponsePost } from './fake-slack-responses.js';
import type { FakeSlackStreams, FakeStreamState } from './fake-slack-streams.js';

export type Json = Record<string, unknown>;

export interface FakeSlackCall {
  method: string;
  /** the request's arguments, `blocks`/`view` parsed from JSON */
  args: Json;
  /** ms since epoch when the call arrived */
  at: number;
  /** whether the bearer token was the expected one (the token itself is never stored) */
  authorized: boolean;
  /** the workspace of the token the call carried, once OAuth installs are modelled (fake-slack-oauth.ts) */
  teamId?: string;
  /** ms since epoch when the fake answered (after its latency): what the call changed is visible from then */
  answeredAt?: number;
  /** the HTTP status and, when refused, Slack's error code */
  status?: number;
  error?: string;
  /** the call arrived after the fake answered a 429 for its method (and workspace, or channel), before its Retry-After
   * passed (100 ms after that answer at the earliest: a call arriving sooner was sent before its caller could read it) */
  insideRetryAfter?: true;
}

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  threadTs?: string;
  text: string;
  blocks: Json[];
  deleted: boolean;
  /** how many chat.update calls changed it */
  edits: number;
  /** a message chat.startStream opened (fake-slack-streams.ts) */
  stream?: FakeStreamState;
  /** the message metadata chat.postMessage carried (`event_type`, `event_payload`) */
  metadata?: Json;
}

export interface FakeEphemeral {
  channel: string;
  user: string;
  threadTs?: string;
  text: string;
  blocks: Json[];
}

/** A call held by `holdNext`: Slack has it but has neither acted on it nor answered yet. */
export interface HeldCall {
  /** resolves once the held call arrived */
  arrived: Promise<void>;
  /** Slack acts on the call and answers it */
  release(): void;
}

export type FakeFailure =
  | string
  | { status: 429; retryAfter?: number }
  | { status: number }
  /** Slack takes the call (the message is posted, the stream started), then the answer is lost: a 5xx (default 500), or the connection drops */
  | { lost: 'status'; status?: number }
  | { lost: 'connection' };

export interface FakeSlackApiOptions {
  /** the bot token calls must carry; default: any `xoxb-` token */
  token?: string;
  teamId?: string;
  botUserId?: string;
  botId?: string;
  latencyMs?: number;
  /** chat.update calls allowed per team per rolling minute; unlimited when unset */
  updatesPerMinute?: number;
  /** chat.appendStream calls allowed per workspace per rolling minute; unlimited when unset */
  appendsPerMinute?: number;
  /** 'documented': every method limited at its documented tier's floor per workspace, chat.postMessage per channel
   * (fake-slack-tiers.ts), 429 with Retry-After beyond; default: only the limits set below */
  limits?: 'documented';
  /** chat.postMessage's limit per channel (about one a second, short bursts): 429 with Retry-After beyond it; unlimited when unset */
  postsPerChannel?: PostPace;
  /** what apps.connections.open (called with an `xapp-` app token) returns for Socket Mode */
  socketModeUrl?: string;
  /** users that users.info reports as workspace admins; everyone else is a member */
  admins?: string[];
  /** users' locales (e.g. `{ U1: 'zh-CN' }`), which users.info returns only with include_locale=true; default `en-US` */
  locales?: Record<string, string>;
  /** the app's OAuth credentials and redirect URL (installs are modelled once a workspace is added to `oauth`) */
  oauth?: FakeOAuthOptions;
}

export interface FakeSlackApi {
  /** the Web API base URL, ending in `/api/` (SLACK_API_URL) */
  readonly url: string;
  readonly calls: FakeSlackCall[];
  readonly ephemerals: FakeEphemeral[];
  readonly views: { triggerId: string; view: Json }[];
  /** the modals as they stand now (after views.update), by view id, with their hash */
  readonly modals: ReadonlyMap<string, { view: Json; hash: string }>;
  /** every views.publish, in order: the Home tab as each user was last shown it is the last of theirs */
  readonly homeViews: { userId: string; view: Json }[];
  /** shared and uploaded files (files.info, downloads, files.uploadV2's three steps) */
  readonly files: FakeSlackFiles;
  /** channel membership (fake-slack-channels.ts): undeclared channels are public ones the bot is in */
  readonly channels: FakeSlackChannels;
  /** what was posted to response URLs, in order */
  readonly responses: FakeResponsePost[];
  /** OAuth installs: the authorize page, oauth.v2.access, the tokens issued per workspace (fake-slack-oauth.ts) */
  readonly oauth: FakeSlackOAuth;
  /** chat.startStream/appendStream/stopStream: streamed messages, refusals, the appendStream budget (fake-slack-streams.ts) */
  readonly streams: FakeSlackStreams;
  /** the assistant pane: its threads, suggested prompts, titles and status lines (fake-slack-assistant.ts) */
  readonly assistant: FakeSlackAssistant;
  /** a fresh response_url for a command or click, pointing at this fake (5 posts within 30 minutes, as Slack allows) */
  responseUrl(): string;
  callsTo(method: string): FakeSlackCall[];
  /** the calls that arrived inside a Retry-After window the fake had given (429s of any limit, or failNext) */
  callsInsideRetryAfter(): FakeSlackCall[];
  /** The next call of `method` fails: a Slack error code (HTTP 200, ok:false), a 429 with Retry-After, or an HTTP status. */
  failNext(method: string, failure: FakeFailure): void;
  /**
   * The next call of `method` that `when` accepts gets no answer at all, as if the bot died while it was out:
   * `taken`, Slack makes the call first (the message is posted); `untaken`, it never does.
   */
  holdNext(method: string, mode: 'taken' | 'untaken', when?: (args: Json) => boolean): void;
  /** The next call of `method` is held (a stalled Slack) until released, then answered; the calls after it are answered as usual. */
  stallNext(method: string): HeldCall;
  setUpdateBudget(perMinute: number | undefined): void;
  /** chat.postMessage's limit per channel from now on; undefined lifts it */
  setPostPace(pace: PostPace | undefined): void;
  setLatency(ms: number): void;
  deleteMessage(channel: string, ts: string): void;
  message(channel: string, ts: string): FakeSlackMessage | undefined;
  /** the visible words of a message (markdown, sections, fields, context; the text when it has no blocks) */
  messageText(channel: string, ts: string): string | undefined;
  /** the parent and its replies, in order, deleted ones left out */
  threadMessages(channel: string, threadTs: string): FakeSlackMessage[];
  channelMessages(channel: string): FakeSlackMessage[];
  close(): Promise<void>;
}
