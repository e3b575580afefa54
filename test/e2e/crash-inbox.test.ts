/**
 * SIGKILL between an event's acknowledgement and the bot's first platform call: the real entry point records each
 * command (state.inbox/, fsynced) before Slack gets its 200, so a restart on the same state finishes every
 * acknowledged command exactly once. The kill points: a proxy in front of the fake Slack Web API holds the
 * commands' parent posts (chat.postMessage), each one either until the kill or for a random few ms, and the
 * process is killed a random few ms after the last acknowledgement, so a command is cut before its thread exists,
 * between its parent post and its record, after its record, or (beyond this test's window) with its request out.
 * Several seeds; each command is then judged by what the disk and the platform held at the kill.
 * Also: a command the bot cannot record is answered with "run it again" (Slack never sends a command twice; events
 * get a 500 and are sent again: ./slack-not-recorded.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { type RunningSimulator, startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi, type FakeSlackApi } from '../helpers/fake-slack-api.js';
import { BOT_TOKEN, startSlackBot, waitFor } from '../helpers/slack-bot-harness.js';
import { recordsOnDisk, startBotProcess, type BotProcess } from './crash-bot-process.js';
import { allText, hasFooter, markdownOf, parentsIn, retryOf } from './faults-chat-thread.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const SEEDS = [11, 23, 37, 41, 59];
const COMMANDS_PER_SEED = 3;

/** mulberry32: the same kill points for a seed on every run */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Forwards the bot's Web API calls to the fake Slack; a chat.postMessage naming a question is passed on after
 * `delayFor(question)` ms, or held (never forwarded) when that is undefined, until `close()`.
 */
async function startHoldingProxy(target: string, delayFor: (body: string) => number | undefined): Promise<{ url: string; close(): Promise<void> }> {
  const held = new Set<ServerResponse>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = () => {
        const out = request(new URL(req.url!.replace(/^\//, ''), target), { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        out.on('error', () => res.destroy());
        out.end(body);
      };
      const delay = req.url?.includes('chat.postMessage') ? delayFor(decodeURIComponent(body.toString())) : 0;
      if (delay === undefined) held.add(res);
      else setTimeout(forward, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isRestartNote = (text: string): boolean => text.includes(RESTART_NOTE);

interface Verdict {
  question: string;
  cut: 'inbox only' | 'record written' | 'request out';
}

/** One seed: a bot killed after its acknowledgements, a second on the same state; the cuts it judged. */
async function killAndRestart(seed: number, sim: RunningSimulator): Promise<Verdict[]> {
  const next = random(seed);
  const slack: FakeSlackApi = await startFakeSlackApi({ token: BOT_TOKEN });
  const dir = mkdtempSync(join(tmpdir(), `iip-crash-inbox-${seed}-`));
  const questions = Array.from({ length: COMMANDS_PER_SEED }, (_, i) => `Inbox question s${seed} n${i}`);
  // the first command of every seed is held until the kill; the others pass after 0-60 ms
  const delays = new Map(questions.map((q, i) => [q, i === 0 ? undefined : Math.floor(next() * 60)]));
  const proxy = await startHoldingProxy(slack.url, (body) => {
    const question = questions.find((q) => body.includes(q));
    return question === undefined ? 0 : delays.get(question);
  });
  const bots: BotProcess[] = [];
  try {
    const env = { LIMIT_ANSWERS_PER_USER: '0', LIMIT_ANSWERS_PER_WORKSPACE: '0', WAIT_LEASE_MS: '1000' };
    const first = await startBotProcess(dir, sim.url, slack, { ...env, SLACK_API_URL: proxy.url });
    bots.push(first);
    const acks = await Promise.all(questions.map((q) => first.command(`ask ${q}`)));
    expect(acks.map((a) => a.status)).toEqual(questions.map(() => 200));
    await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 80)));
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    await proxy.close();
    // a request the bot wrote just before it died may still be on its way to the simulator
    await new Promise((resolve) => setTimeout(resolve, 300));

    // what the kill left: a request out (beyond this test's window), the command's own record, or only its inbox entry
    const asked = (q: string) => sim.requests.filter((r) => r.operation === 'AI07' && JSON.stringify(r.body).includes(q)).length;
    const recorded = new Set(recordsOnDisk(dir).map((r) => r.data.lastQuestion));
    const cuts = questions.map(
      (question): Verdict => ({
        question,
        cut: asked(question) > 0 ? 'request out' : recorded.has(question) ? 'record written' : 'inbox only',
      }),
    );

    const second = await startBotProcess(dir, sim.url, slack, env);
    bots.push(second);
    const threadsOf = (q: string) =>
      parentsIn(slack)
        .filter((p) => allText(p).includes(q))
        .map((p) => slack.threadMessages('C1', p.ts).filter((m) => m.ts !== p.ts));
    const outcome = (q: string) =>
      threadsOf(q)
        .flat()
        .filter((m) => hasFooter(m) || isRestartNote(markdownOf(m)));
    await waitFor(() => questions.every((q) => outcome(q).length > 0), `seed ${seed}: every command to have an outcome`, 30_000);
    // nothing more comes: no late replay, no second answer
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const { question, cut } of cuts) {
      const answers = threadsOf(question).flat().filter(hasFooter);
      const notes = threadsOf(question)
        .flat()
        .filter((m) => isRestartNote(markdownOf(m)));
      const where = `seed ${seed}, ${question} (${cut})`;
      if (cut === 'inbox only') {
        // acknowledged, recorded only in the inbox: the restart handles it, once
        expect(answers, where).toHaveLength(1);
        expect(notes, where).toHaveLength(0);
        expect(markdownOf(answers[0]!).length, where).toBeGreaterThan(0);
        expect(asked(question), where).toBe(1);
      } else {
        // handed over to its record: that record's recovery says so once, with Retry; no second request
        expect(notes, where).toHaveLength(1);
        expect(retryOf(notes[0]!), where).toBeDefined();
        expect(answers, where).toHaveLength(0);
        expect(asked(question), where).toBe(cut === 'request out' ? 1 : 0);
      }
    }
    expect(second.output()).not.toMatch(/"level":(50|60)/);
    expect(await second.kill('SIGTERM')).toBe(0);
    return cuts;
  } finally {
    for (const bot of bots) bot.child.kill('SIGKILL');
    await proxy.close().catch(() => undefined);
    await slack.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('SIGKILL between acknowledgement and the first platform call: after a restart each acknowledged command is answered exactly once', {
  timeout: 240_000,
}, async () => {
  const sim = await startSimulator({ streamChunkDelayMs: 2 });
  cleanup.push(() => sim.close());
  // seeds share nothing but the simulator (each asks its own questions): two at a time, each seed's bots in turn
  const verdicts: Verdict[] = [];
  const waiting = [...SEEDS];
  const lane = async (): Promise<void> => {
    for (let seed = waiting.shift(); seed !== undefined; seed = waiting.shift()) verdicts.push(...(await killAndRestart(seed, sim)));
  };
  await Promise.all([lane(), lane()]);
  // every seed cut at least one command before its record (its first command is held until the kill)
  expect(verdicts.filter((v) => v.cut === 'inbox only').length).toBeGreaterThanOrEqual(SEEDS.length);
});

test('a command the bot cannot record is answered with "run it again" and nothing is done', { timeout: 30_000 }, async () => {
  const h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
  cleanup.push(() => h.close());
  await h.bot.inbox.close();
  const res = await h.command('ask Will this be lost?');
  expect(res.status).toBe(200);
  expect(res.body).toContain('run the command again');
  await h.bot.routers[0]!.drain(2_000);
  expect(parentsIn(h.slack)).toHaveLength(0);
  expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(0);
});
