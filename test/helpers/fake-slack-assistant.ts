/**
 * Slack's assistant pane for the fake Web API, as docs.slack.dev documents it: opening the pane starts a thread in
 * the bot's DM with the user (its root message is Slack's, subtype `assistant_app_thread`), and
 * assistant.threads.setSuggestedPrompts (up to four prompts, each a title and a message), .setTitle and .setStatus
 * act on such a thread. setStatus also works in any thread the bot can post in (chat:write), and '' clears it.
 * Errors: `channel_not_found`, `invalid_thread_ts`, `invalid_arguments`. Every call is kept per thread, in order.
 */
import type { FakeSlackChannels } from './fake-slack-channels.js';

type Json = Record<string, unknown>;

export interface FakePaneThread {
  channel: string;
  threadTs: string;
  userId: string;
  prompts: { title?: string; prompts: { title: string; message: string }[] }[];
  titles: string[];
  /** every status set, '' when cleared, with when the fake applied it */
  statuses: { at: number; status: string }[];
}

export type AssistantAnswer = { ok: true; body: Json } | { ok: false; error: string };

export const ASSISTANT_METHODS = ['assistant.threads.setSuggestedPrompts', 'assistant.threads.setTitle', 'assistant.threads.setStatus'] as const;
const MAX_PROMPTS = 4;
const MAX_LOADING_MESSAGES = 10;

export class FakeSlackAssistant {
  private readonly threads = new Map<string, FakePaneThread>();
  /** statuses set in threads that are not pane threads (channel threads), by `channel:thread_ts` */
  private readonly otherStatuses = new Map<string, { at: number; status: string }[]>();

  constructor(
    private readonly channels: FakeSlackChannels,
    private readonly nextTs: () => string,
    private readonly threadExists: (channel: string, threadTs: string) => boolean,
  ) {}

  /** The user opens the pane: a new thread in their DM with the bot; its channel and ts, for assistant_thread_started. */
  openThread(userId: string): { channel: string; threadTs: string } {
    const opened = this.channels.openDm(userId);
    if (!opened.ok) throw new Error(`no DM with ${userId}: ${opened.error}`);
    const thread: FakePaneThread = { channel: opened.channel.id, threadTs: this.nextTs(), userId, prompts: [], titles: [], statuses: [] };
    this.threads.set(`${thread.channel}:${thread.threadTs}`, thread);
    return { channel: thread.channel, threadTs: thread.threadTs };
  }

  thread(channel: string, threadTs: string): FakePaneThread | undefined {
    return this.threads.get(`${channel}:${threadTs}`);
  }

  /** Every status set in a thread, pane or not, in order. */
  statusesIn(channel: string, threadTs: string): { at: number; status: string }[] {
    return this.thread(channel, threadTs)?.statuses ?? this.otherStatuses.get(`${channel}:${threadTs}`) ?? [];
  }

  /** Answers an assistant method; undefined for any other method. */
  handle(method: string, args: Json, now: number): AssistantAnswer | undefined {
    if (!(ASSISTANT_METHODS as readonly string[]).includes(method)) return undefined;
    const channel = String(args.channel_id ?? '');
    const threadTs = String(args.thread_ts ?? '');
    if (!channel || this.channels.postProblem(channel)) return { ok: false, error: 'channel_not_found' };
    const pane = this.thread(channel, threadTs);
    if (method === 'assistant.threads.setStatus') return this.setStatus(pane, channel, threadTs, args, now);
    if (!pane) return { ok: false, error: 'invalid_thread_ts' };
    if (method === 'assistant.threads.setTitle') {
      if (typeof args.title !== 'string' || !args.title.trim()) return { ok: false, error: 'invalid_arguments' };
      pane.titles.push(args.title);
      return { ok: true, body: {} };
    }
    const prompts = args.prompts;
    const valid =
      Array.isArray(prompts) &&
      prompts.length > 0 &&
      prompts.length <= MAX_PROMPTS &&
      prompts.every((p: Json) => typeof p?.title === 'string' && p.title && typeof p.message === 'string' && p.message);
    if (!valid) return { ok: false, error: 'invalid_arguments' };
    pane.prompts.push({
      ...(typeof args.title === 'string' ? { title: args.title } : {}),
      prompts: prompts as FakePaneThread['prompts'][0]['prompts'],
    });
    return { ok: true, body: {} };
  }

  private setStatus(pane: FakePaneThread | undefined, channel: string, threadTs: string, args: Json, now: number): AssistantAnswer {
    if (typeof args.status !== 'string') return { ok: false, error: 'invalid_arguments' };
    const loading = args.loading_messages;
    if (loading !== undefined && (!Array.isArray(loading) || loading.length > MAX_LOADING_MESSAGES)) return { ok: false, error: 'invalid_arguments' };
    const entry = { at: now, status: args.status };
    if (pane) pane.statuses.push(entry);
    else if (this.threadExists(channel, threadTs)) this.otherStatuses.set(`${channel}:${threadTs}`, [...this.statusesIn(channel, threadTs), entry]);
    else return { ok: false, error: 'invalid_thread_ts' };
    return { ok: true, body: {} };
  }
}
