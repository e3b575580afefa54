/**
 * Slack's streaming methods for the fake Web API, as docs.slack.dev documents them: chat.startStream opens a
 * message in a thread (outside a DM only with `recipient_user_id` and `recipient_team_id`), chat.appendStream adds
 * markdown while it streams, chat.stopStream finishes it (last text, blocks below it), after which both answer
 * `message_not_in_streaming_state`. Each call takes at most 12,000 characters of markdown, and one streamed message
 * holds at most 12,000 in all (`msg_too_long` past it, as Slack answers live). Chunks may be markdown_text,
 * task_update, plan_update or blocks. Tests can refuse the methods in a conversation type or a workspace, and
 * limit appendStream per workspace per rolling minute (429 with Retry-After), as Slack's tiers do.
 */
import type { FakeSlackMessage } from './fake-slack-api.js';
import { asList, messageBlocksProblem } from './fake-slack-blocks.js';
import type { FakeChannelKind, FakeSlackChannels } from './fake-slack-channels.js';

type Json = Record<string, unknown>;

/** What a streamed message went through; its text and blocks are kept on the message as for any other. */
export interface FakeStreamState {
  state: 'in_progress' | 'completed';
  recipientUserId?: string;
  recipientTeamId?: string;
  taskDisplayMode?: string;
  /** the markdown streamed so far */
  markdown: string;
  /** every piece of markdown as it became visible: when the fake applied it (ms since epoch) and the text */
  appends: { at: number; text: string }[];
  /** task_update, plan_update and blocks chunks, in order */
  chunks: Json[];
  /** the blocks chat.stopStream put below the text */
  finalBlocks: Json[];
  stoppedAt?: number;
}

export type StreamAnswer = { ok: true; body: Json } | { ok: false; error: string } | { ok: false; status: 429; retryAfter: number };

export interface FakeStreamsDeps {
  channels: FakeSlackChannels;
  messagesIn(channel: string): Map<string, FakeSlackMessage>;
  nextTs(): string;
  botId: string;
}

export const STREAM_METHODS = ['chat.startStream', 'chat.appendStream', 'chat.stopStream'] as const;
const MARKDOWN_LIMIT = 12_000;
const TASK_STATUSES = new Set(['pending', 'in_progress', 'complete', 'error']);

/** Why Slack would refuse these chunks (`invalid_chunks`, `invalid_blocks`), or undefined; and their markdown. */
function readChunks(chunks: unknown): { problem?: string; markdown: string; others: Json[] } {
  if (chunks === undefined) return { markdown: '', others: [] };
  if (!Array.isArray(chunks)) return { problem: 'invalid_chunks', markdown: '', others: [] };
  let markdown = '';
  const others: Json[] = [];
  for (const chunk of chunks as Json[]) {
    if (chunk.type === 'markdown_text' && typeof chunk.text === 'string') markdown += chunk.text;
    else if (chunk.type === 'task_update' && chunk.id && chunk.title && TASK_STATUSES.has(String(chunk.status))) others.push(chunk);
    else if (chunk.type === 'plan_update' && typeof chunk.title === 'string') others.push(chunk);
    else if (chunk.type === 'blocks' && Array.isArray(chunk.blocks)) {
      if (messageBlocksProblem(chunk.blocks)) return { problem: 'invalid_blocks', markdown, others };
      others.push(chunk);
    } else return { problem: 'invalid_chunks', markdown, others };
  }
  return { markdown, others };
}

export class FakeSlackStreams {
  private readonly refusedKinds = new Map<FakeChannelKind, string>();
  private readonly refusedTeams = new Map<string, string>();
  private readonly appendTimes = new Map<string, number[]>();
  private readonly streamedMessages: FakeSlackMessage[] = [];

  constructor(
    private readonly deps: FakeStreamsDeps,
    /** chat.appendStream calls allowed per workspace per rolling minute; unlimited when undefined */
    private appendsPerMinute?: number,
  ) {}

  /** The three methods fail in this conversation type from now on (Slack: `channel_type_not_supported`). */
  refuseIn(kind: FakeChannelKind, error = 'channel_type_not_supported'): void {
    this.refusedKinds.set(kind, error);
  }

  /** The three methods fail for this workspace from now on (Slack: `unknown_method`, not available). */
  refuseForTeam(teamId: string, error = 'unknown_method'): void {
    this.refusedTeams.set(teamId, error);
  }

  /** Streaming works everywhere again. */
  allowEverywhere(): void {
    this.refusedKinds.clear();
    this.refusedTeams.clear();
  }

  setAppendBudget(perMinute: number | undefined): void {
    this.appendsPerMinute = perMinute;
  }

  /** Every message chat.startStream opened, in order. */
  messages(): FakeSlackMessage[] {
    return [...this.streamedMessages];
  }

  /** Answers a streaming method; undefined for any other method. `now` is when the call is applied. */
  handle(method: string, args: Json, now: number, teamId: string): StreamAnswer | undefined {
    if (!(STREAM_METHODS as readonly string[]).includes(method)) return undefined;
    const channel = String(args.channel ?? '');
    if (!channel) return { ok: false, error: 'channel_not_found' };
    const problem =
      this.deps.channels.postProblem(channel) ?? this.refusedTeams.get(teamId) ?? this.refusedKinds.get(this.deps.channels.get(channel).kind);
    if (problem) return { ok: false, error: problem };
    if (method === 'chat.startStream') return this.start(channel, args, now);
    if (method === 'chat.appendStream') {
      const retryAfter = this.appendRetryAfter(teamId, now);
      if (retryAfter !== undefined) return { ok: false, status: 429, retryAfter };
    }
    const message = this.deps.messagesIn(channel).get(String(args.ts ?? ''));
    if (!message || message.deleted) return { ok: false, error: 'message_not_found' };
    if (!message.stream) return { ok: false, error: 'message_not_owned_by_app' };
    if (message.stream.state !== 'in_progress') return { ok: false, error: 'message_not_in_streaming_state' };
    if (method === 'chat.appendStream' && args.markdown_text === undefined && args.chunks === undefined) return { ok: false, error: 'no_text' };
    const added = this.addContent(message, args, now);
    if (added) return added;
    if (method === 'chat.appendStream') return { ok: true, body: { channel, ts: message.ts } };
    return this.stop(message, args, now);
  }

  private start(channel: string, args: Json, now: number): StreamAnswer {
    if (!args.thread_ts) return { ok: false, error: 'invalid_arguments' };
    if (this.deps.channels.get(channel).kind !== 'im') {
      if (!args.recipient_user_id) return { ok: false, error: 'missing_recipient_user_id' };
      if (!args.recipient_team_id) return { ok: false, error: 'missing_recipient_team_id' };
    }
    const message: FakeSlackMessage = {
      channel,
      ts: this.deps.nextTs(),
      threadTs: String(args.thread_ts),
      text: '',
      blocks: [],
      deleted: false,
      edits: 0,
      stream: {
        state: 'in_progress',
        markdown: '',
        appends: [],
        chunks: [],
        finalBlocks: [],
        ...(args.recipient_user_id ? { recipientUserId: String(args.recipient_user_id) } : {}),
        ...(args.recipient_team_id ? { recipientTeamId: String(args.recipient_team_id) } : {}),
        ...(args.task_display_mode ? { taskDisplayMode: String(args.task_display_mode) } : {}),
      },
    };
    const added = this.addContent(message, args, now);
    if (added) return added;
    this.deps.messagesIn(channel).set(message.ts, message);
    this.streamedMessages.push(message);
    return { ok: true, body: { channel, ts: message.ts } };
  }

  /** Adds a call's markdown and chunks to the message; the refusal when Slack would refuse them. */
  private addContent(message: FakeSlackMessage, args: Json, now: number): StreamAnswer | undefined {
    const stream = message.stream as FakeStreamState;
    const chunks = readChunks(args.chunks);
    if (chunks.problem) return { ok: false, error: chunks.problem };
    const text = String(args.markdown_text ?? '') + chunks.markdown;
    if (text.length > MARKDOWN_LIMIT || stream.markdown.length + text.length > MARKDOWN_LIMIT) return { ok: false, error: 'msg_too_long' };
    stream.chunks.push(...chunks.others);
    if (text) {
      stream.markdown += text;
      stream.appends.push({ at: now, text });
    }
    this.render(message);
    return undefined;
  }

  private stop(message: FakeSlackMessage, args: Json, now: number): StreamAnswer {
    const stream = message.stream as FakeStreamState;
    const blocks = asList(args.blocks);
    if (blocks.length > 50 || messageBlocksProblem(blocks)) return { ok: false, error: 'invalid_blocks' };
    Object.assign(stream, { state: 'completed', finalBlocks: blocks, stoppedAt: now });
    this.render(message);
    const body = { type: 'message', subtype: 'bot_message', text: message.text, ts: message.ts, bot_id: this.deps.botId };
    return { ok: true, body: { channel: message.channel, ts: message.ts, message: { ...body, thread_ts: message.threadTs } } };
  }

  private render(message: FakeSlackMessage): void {
    const stream = message.stream as FakeStreamState;
    message.text = stream.markdown;
    message.blocks = [...(stream.markdown ? [{ type: 'markdown', text: stream.markdown }] : []), ...stream.finalBlocks];
  }

  /** appendStream budget of a workspace: seconds until a slot frees, or undefined when the call may proceed. */
  private appendRetryAfter(teamId: string, now: number): number | undefined {
    const times = this.appendTimes.get(teamId) ?? [];
    this.appendTimes.set(teamId, times);
    while (times.length > 0 && (times[0] as number) <= now - 60_000) times.shift();
    if (this.appendsPerMinute === undefined || times.length < this.appendsPerMinute) {
      times.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil(((times[0] as number) + 60_000 - now) / 1000));
  }
}
