/**
 * The Bolt peer of the relay benchmark's CPU comparison: what a Bolt app written the way Slack's documentation shows
 * does with the same commands. It answers `/iip ask <question>` (acknowledged at once) by posting the question,
 * then streaming AI07's answer into that post's thread with `client.chatStream` (what Bolt's `sayStream` returns),
 * one `append` per platform delta (the streamer buffers them as it chooses) and a `stop`. The platform side is the
 * bot's own client and `textDeltas`, so the comparison is of everything between the platform and Slack.
 * Started as the production start is, with the same variables; prints "Listening on <url>." once it can take commands.
 */
import type { Server } from 'node:http';
import { App, LogLevel } from '@slack/bolt';
import { PlatformClient } from '../src/platform/client.js';
import { textDeltas } from '../src/platform/stream/index.js';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`the Bolt peer needs ${name}`);
  return value;
};

const bufferSize = Number(process.env.PEER_BUFFER_SIZE) || undefined;
const platform = new PlatformClient({ baseUrl: need('IIP_BASE_URL'), apiKey: need('IIP_API_KEY') });
const app = new App({
  token: need('SLACK_BOT_TOKEN'),
  signingSecret: need('SLACK_SIGNING_SECRET'),
  clientOptions: { slackApiUrl: need('SLACK_API_URL') },
  logLevel: LogLevel.ERROR,
});

app.command('/iip', async ({ ack, command, client }) => {
  await ack();
  const question = command.text.replace(/^ask\s+/, '');
  const parent = await client.chat.postMessage({ channel: command.channel_id, text: `<@${command.user_id}> asked: ${question}` });
  if (!parent.ts) return;
  const streamer = client.chatStream({
    channel: command.channel_id,
    thread_ts: parent.ts,
    recipient_user_id: command.user_id,
    recipient_team_id: command.team_id,
    // PEER_BUFFER_SIZE: characters the streamer gathers before an append (Bolt's default 256, about 1.3 s of text at
    // (b)'s pace); about 50 appends as often as the bot does (BENCH_BOT_ENV=PEER_BUFFER_SIZE=50 passes it)
    ...(bufferSize ? { buffer_size: bufferSize } : {}),
  });
  const answer = await platform.stream('AI07', { prompt: question, stream: true });
  for await (const delta of textDeltas(answer)) await streamer.append({ markdown_text: delta });
  await streamer.stop();
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const server = (await app.start({ port, host })) as Server;
const address = server.address();
const listening = typeof address === 'object' && address ? address.port : port;
process.stdout.write(`Listening on http://${host}:${listening}.\n`);
process.once('SIGTERM', () => {
  void Promise.all([app.stop(), platform.close()]).then(() => process.exit(0));
});
