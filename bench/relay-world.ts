/**
 * The outside world of the relay benchmark, in its own process so that the bot's memory and event loop are
 * measured without it: the platform simulator and the fake Slack Web API (test/helpers/fake-slack-api.ts).
 * At the end it reports, per stream, what Slack received and when (the fake records each call's arrival).
 */
import { startSimulator } from '../src/platform/simulator/index.js';
import { startFakeSlackApi, visibleText, type FakeSlackCall } from '../test/helpers/fake-slack-api.js';
import { childConfig, onParentMessage, sendToParent } from './child.js';

export interface WorldConfig {
  slackLatencyMs: number;
  /** chat.update calls the fake allows per rolling minute; unlimited when absent */
  updatesPerMinute?: number;
  streamChunkChars: number;
  streamChunkDelayMs: number;
  minAnswerChars: number;
  botToken: string;
}

/** One answer as the bot showed it: the thread it went to and the messages (ts) that hold its parts. */
export interface AnswerPlace {
  channel: string;
  threadTs: string;
  messageTs: string[];
  prompt: string;
}

/** What the fake saw of one answer; times are the calls' arrival (ms since epoch). */
export interface AnswerFacts {
  firstPostAt?: number;
  /** the start of the first reply's visible text */
  firstPostText: string;
  /** the last call that touched the answer's last message: the final text, once it succeeded */
  lastCallAt?: number;
  updateCalls: number;
  /** chat.update calls that changed a message (the others were refused with 429) */
  edits: number;
  expectedChars: number;
  shownChars: number;
  /** the messages' visible text joined equals the simulator's whole answer */
  complete: boolean;
}

export type WorldRequest = { type: 'report'; answers: AnswerPlace[] } | { type: 'close' };
export type WorldReply = { type: 'ready'; simulatorUrl: string; slackUrl: string } | { type: 'report'; answers: AnswerFacts[] } | { type: 'closed' };

const config = childConfig<WorldConfig>();
const sim = await startSimulator({
  streamChunkChars: config.streamChunkChars,
  streamChunkDelayMs: config.streamChunkDelayMs,
  minAnswerChars: config.minAnswerChars,
});
const slack = await startFakeSlackApi({
  token: config.botToken,
  latencyMs: config.slackLatencyMs,
  ...(config.updatesPerMinute === undefined ? {} : { updatesPerMinute: config.updatesPerMinute }),
});

const callText = (call: FakeSlackCall): string =>
  visibleText(String(call.args.text ?? ''), Array.isArray(call.args.blocks) ? (call.args.blocks as Record<string, unknown>[]) : []);

function factsOf(answer: AnswerPlace, postsByThread: Map<string, FakeSlackCall[]>, updatesByTs: Map<string, FakeSlackCall[]>): AnswerFacts {
  const posts = postsByThread.get(`${answer.channel}/${answer.threadTs}`) ?? [];
  const expected = sim.expectedStreamText('AI07', { prompt: answer.prompt, stream: true });
  const shown = answer.messageTs.map((ts) => slack.messageText(answer.channel, ts) ?? '').join('');
  const updates = answer.messageTs.flatMap((ts) => updatesByTs.get(`${answer.channel}/${ts}`) ?? []);
  const lastTs = answer.messageTs[answer.messageTs.length - 1];
  const lastPost = posts[answer.messageTs.length - 1];
  const lastCalls = [...(lastPost ? [lastPost] : []), ...(updatesByTs.get(`${answer.channel}/${lastTs}`) ?? [])];
  const edits = answer.messageTs.reduce((sum, ts) => sum + (slack.message(answer.channel, ts)?.edits ?? 0), 0);
  return {
    ...(posts[0] ? { firstPostAt: posts[0].at } : {}),
    firstPostText: posts[0] ? callText(posts[0]).slice(0, 200) : '',
    ...(lastCalls.length > 0 ? { lastCallAt: Math.max(...lastCalls.map((call) => call.at)) } : {}),
    updateCalls: updates.length,
    edits,
    expectedChars: expected.length,
    shownChars: shown.length,
    complete: shown === expected,
  };
}

function report(answers: AnswerPlace[]): AnswerFacts[] {
  const postsByThread = new Map<string, FakeSlackCall[]>();
  const updatesByTs = new Map<string, FakeSlackCall[]>();
  const push = (map: Map<string, FakeSlackCall[]>, key: string, call: FakeSlackCall): void => {
    map.set(key, [...(map.get(key) ?? []), call]);
  };
  for (const call of slack.calls) {
    if (call.method === 'chat.postMessage' && call.args.thread_ts)
      push(postsByThread, `${String(call.args.channel)}/${String(call.args.thread_ts)}`, call);
    if (call.method === 'chat.update') push(updatesByTs, `${String(call.args.channel)}/${String(call.args.ts)}`, call);
  }
  return answers.map((answer) => factsOf(answer, postsByThread, updatesByTs));
}

onParentMessage<WorldRequest>(async (message) => {
  if (message.type === 'report') {
    await sendToParent({ type: 'report', answers: report(message.answers) } satisfies WorldReply);
    return;
  }
  await Promise.all([sim.close(), slack.close()]);
  await sendToParent({ type: 'closed' } satisfies WorldReply);
  process.disconnect();
});
await sendToParent({ type: 'ready', simulatorUrl: sim.url, slackUrl: slack.url } satisfies WorldReply);
