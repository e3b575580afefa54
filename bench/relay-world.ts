/**
 * The outside world of the relay benchmark, in its own process so that the bot's memory and event loop are
 * measured without it: the platform simulator and the fake Slack Web API (test/helpers/fake-slack-api.ts), which
 * limits chat.update and chat.appendStream per workspace, or every method at its documented tier, when asked and, for
 * the edit path, refuses the streaming
 * methods in the workspace (as Slack does where they are not available). At the end it reports, per answer, what
 * Slack showed and when (./relay-visible.ts).
 */
import { startSimulator } from '../src/platform/simulator/index.js';
import { startFakeSlackApi } from '../test/helpers/fake-slack-api.js';
import { childConfig, onParentMessage, sendToParent } from './child.js';
import { answerFacts, indexCalls, type AnswerFacts, type AnswerPlace } from './relay-visible.js';

export type { AnswerFacts, AnswerPlace } from './relay-visible.js';

export interface WorldConfig {
  slackLatencyMs: number;
  /** chat.update calls the fake allows per workspace per rolling minute; unlimited when absent */
  updatesPerMinute?: number;
  /** chat.appendStream calls the fake allows per workspace per rolling minute; unlimited when absent */
  appendsPerMinute?: number;
  /** 'documented': the fake limits every method at its documented tier (test/helpers/fake-slack-tiers.ts) */
  limits?: 'documented';
  /** the fake refuses chat.startStream in this workspace (unknown_method): the bot edits instead */
  refuseStreamsIn?: string;
  streamChunkChars: number;
  streamChunkDelayMs: number;
  minAnswerChars: number;
  botToken: string;
}

export type WorldRequest = { type: 'report'; answers: AnswerPlace[] } | { type: 'activity' } | { type: 'close' };
export type WorldReply =
  | { type: 'ready'; simulatorUrl: string; slackUrl: string }
  | { type: 'report'; answers: AnswerFacts[] }
  /** how many Slack calls arrived and when the last was answered (ms since epoch), to tell when a bot is done */
  | { type: 'activity'; calls: number; byMethod: Record<string, number>; lastAnsweredAt: number }
  | { type: 'closed' };

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
  ...(config.appendsPerMinute === undefined ? {} : { appendsPerMinute: config.appendsPerMinute }),
  ...(config.limits ? { limits: config.limits } : {}),
});
if (config.refuseStreamsIn) slack.streams.refuseForTeam(config.refuseStreamsIn);

function report(answers: AnswerPlace[]): AnswerFacts[] {
  const index = indexCalls(slack.calls);
  return answers.map((answer) => answerFacts(answer, slack, index, sim.expectedStreamText('AI07', { prompt: answer.prompt, stream: true })));
}

onParentMessage<WorldRequest>(async (message) => {
  if (message.type === 'report') {
    await sendToParent({ type: 'report', answers: report(message.answers) } satisfies WorldReply);
    return;
  }
  if (message.type === 'activity') {
    const lastAnsweredAt = slack.calls.reduce((last, call) => Math.max(last, call.answeredAt ?? call.at), 0);
    const byMethod: Record<string, number> = {};
    for (const call of slack.calls) byMethod[call.method] = (byMethod[call.method] ?? 0) + 1;
    await sendToParent({ type: 'activity', calls: slack.calls.length, byMethod, lastAnsweredAt } satisfies WorldReply);
    return;
  }
  await Promise.all([sim.close(), slack.close()]);
  await sendToParent({ type: 'closed' } satisfies WorldReply);
  process.disconnect();
});
await sendToParent({ type: 'ready', simulatorUrl: sim.url, slackUrl: slack.url } satisfies WorldReply);
