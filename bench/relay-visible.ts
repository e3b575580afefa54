/**
 * What the fake Slack Web API shows of one answer over time, for the relay benchmark: the answer's messages in its
 * thread (posted or natively streamed), each call that touched them, and from the calls' answers the number of the
 * answer's characters visible from each moment on (a call's change is visible once the fake answered it).
 */
import { visibleText, type FakeSlackApi, type FakeSlackCall } from '../test/helpers/fake-slack-api.js';

/** One answer as the bot showed it: the thread it went to and the messages (ts) that hold its parts. */
export interface AnswerPlace {
  channel: string;
  threadTs: string;
  messageTs: string[];
  prompt: string;
}

/** What the fake saw of one answer; times are ms since epoch. */
export interface AnswerFacts {
  /** [when the fake answered a call, characters of the answer visible from then], in time order */
  visible: Array<[number, number]>;
  /** the start of the first reply's visible text */
  firstPostText: string;
  /** when the last accepted call touching the answer's messages was answered */
  lastCallAt?: number;
  /** when the answer's whole text was first visible (a stop that adds nothing new comes later): the final text */
  wholeAt?: number;
  /** of the calls, those made inside a Retry-After window the fake had given */
  insideRetryAfter: number;
  insideRetryAfterBy: Record<string, number>;
  /** Slack calls made for the answer (posts, edits, stream calls; refused ones included) */
  calls: number;
  /** of them, answered with 429 */
  rateLimited: number;
  /** the 429s by method */
  rateLimitedBy: Record<string, number>;
  expectedChars: number;
  shownChars: number;
  /** the messages' visible text joined equals the simulator's whole answer */
  complete: boolean;
}

const CREATING = new Set(['chat.postMessage', 'chat.startStream']);
const STREAMING = new Set(['chat.startStream', 'chat.appendStream', 'chat.stopStream']);

const accepted = (call: FakeSlackCall): boolean => call.status === 200 && call.error === undefined && call.answeredAt !== undefined;

/** Markdown a stream call adds: its markdown_text and its markdown_text chunks. */
function streamed(call: FakeSlackCall): string {
  const chunks = Array.isArray(call.args.chunks) ? (call.args.chunks as Record<string, unknown>[]) : [];
  return String(call.args.markdown_text ?? '') + chunks.map((c) => (c.type === 'markdown_text' ? String(c.text ?? '') : '')).join('');
}

const shownBy = (call: FakeSlackCall): string =>
  visibleText(String(call.args.text ?? ''), Array.isArray(call.args.blocks) ? (call.args.blocks as Record<string, unknown>[]) : []);

function countBy(names: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}

/** Calls per thread (`channel/threadTs`) and per message (`channel/ts`), for every answer at once. */
export function indexCalls(calls: readonly FakeSlackCall[]): Map<string, FakeSlackCall[]> {
  const index = new Map<string, FakeSlackCall[]>();
  const push = (key: string, call: FakeSlackCall): void => void index.set(key, [...(index.get(key) ?? []), call]);
  for (const call of calls) {
    const channel = String(call.args.channel ?? '');
    if (CREATING.has(call.method) && call.args.thread_ts) push(`${channel}/${String(call.args.thread_ts)}`, call);
    else if (call.method === 'chat.update' || STREAMING.has(call.method)) push(`${channel}/${String(call.args.ts ?? '')}#`, call);
  }
  return index;
}

export function answerFacts(answer: AnswerPlace, slack: FakeSlackApi, index: Map<string, FakeSlackCall[]>, expected: string): AnswerFacts {
  const { channel, threadTs } = answer;
  const creating = index.get(`${channel}/${threadTs}`) ?? [];
  const replies = slack.threadMessages(channel, threadTs).filter((m) => m.ts !== threadTs);
  // the fake numbers messages in order and one relay makes one call at a time: the n-th accepted creating call made the n-th reply
  const madeBy = new Map<FakeSlackCall, string>(creating.filter(accepted).map((call, i) => [call, replies[i]?.ts ?? '']));
  const touching = [...creating, ...replies.flatMap((m) => index.get(`${channel}/${m.ts}#`) ?? [])];
  const lengths = new Map<string, number>();
  const visible: Array<[number, number]> = [];
  let total = 0;
  for (const call of touching.filter(accepted).sort((a, b) => a.answeredAt! - b.answeredAt!)) {
    const ts = madeBy.get(call) ?? String(call.args.ts ?? '');
    const before = lengths.get(ts) ?? 0;
    const after = STREAMING.has(call.method) ? before + streamed(call).length : shownBy(call).length;
    lengths.set(ts, after);
    total += after - before;
    visible.push([call.answeredAt!, total]);
  }
  const shown = answer.messageTs.map((ts) => slack.messageText(channel, ts) ?? '').join('');
  const first = creating.find(accepted);
  return {
    visible,
    firstPostText: first ? (first.method === 'chat.postMessage' ? shownBy(first) : streamed(first)).slice(0, 200) : '',
    ...(visible.length > 0 ? { lastCallAt: visible[visible.length - 1]![0] } : {}),
    ...(visible.length > 0 ? { wholeAt: visible.find(([, chars]) => chars === total)![0] } : {}),
    insideRetryAfter: touching.filter((call) => call.insideRetryAfter).length,
    insideRetryAfterBy: countBy(touching.filter((call) => call.insideRetryAfter).map((call) => call.method)),
    calls: touching.length,
    rateLimited: touching.filter((call) => call.status === 429).length,
    rateLimitedBy: countBy(touching.filter((call) => call.status === 429).map((call) => call.method)),
    expectedChars: expected.length,
    shownChars: shown.length,
    complete: shown === expected,
  };
}
