/**
 * The novelty search when things go wrong: the bot restarts in the middle of the agent search, a platform task
 * fails, a confirmation is refused by the platform, the state file is corrupt at start.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { createLogger } from '../../src/log.js';
import { threadFilePath } from '../../src/state/thread-files.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function throughFeatures(harness: SlackBotHarness): Promise<NoveltyThread> {
  await harness.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(harness, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  await t.press(await t.step('Step 2 of 5'), 'Confirm');
  return t;
}

describe('/iip novelty recovery', () => {
  test('a restart during the agent search resumes the recorded wait: the same progress message, a plan per process, and the workflow completes', async () => {
    h = await startSlackBot();
    const t = await throughFeatures(h);
    const elements = await t.step('Step 3 of 5');
    h.sim.setTaskDuration(60_000);
    await t.press(elements, 'Confirm and search');
    const progress = await t.reply('Searching the patent literature');
    expect(buttonsOf(progress).map((b) => b.label)).toEqual(['Cancel']);
    const plans = () => h!.slack.streams.messages().filter((m) => m.threadTs === t.parentTs && m.stream?.taskDisplayMode === 'plan');
    await waitFor(() => plans().length === 1, 'the plan of the search');
    const [waiting] = await h.bot.state.listWaiting();
    expect(waiting?.wait).toMatchObject({ operation: 'AI35-8', step: 'references' });

    await h.restart();
    const polled = bodiesOf(h, 'AI35-8').length;
    await waitFor(() => bodiesOf(h!, 'AI35-8').length > polled, 'a poll by the restarted bot');
    // let the search advance over about two seconds, so the progress of its steps shows on the way
    const searchStarted = h.sim.requests.find((r) => r.operation === 'AI35-7')!.at;
    h.sim.setTaskDuration(Math.ceil((Date.now() - searchStarted + 2_000) / 3));
    const done = (m: FakeSlackMessage) => m.stream!.chunks.filter((c) => c.type === 'task_update' && c.status === 'complete').length;
    await waitFor(() => plans().length === 2 && done(plans()[1]!) > 0, "search progress in the restarted bot's plan", 5_000);
    // the stopped bot's plan was stopped with its tasks as they were: none marked failed
    expect(plans()[0]!.stream!.state).toBe('completed');
    expect(JSON.stringify(plans()[0]!.stream!.chunks)).not.toContain('"error"');

    const references = await t.step('Step 4 of 5');
    expect(references.ts).toBe(progress.ts);
    h.sim.setTaskDuration(0);
    await t.press(references, 'Confirm');
    const report = await t.step('Step 5 of 5');
    const form = await t.openForm(report, 'Generate report');
    await h.submitForm(form.view, { title: 'After a restart' });
    await t.reply('Novelty search report ready');
    expect(bodiesOf(h, 'AI35-7')).toHaveLength(1);
    expect(bodiesOf(h, 'AI35-9')).toHaveLength(1);
    await eventually(async () => (await h!.bot.state.listWaiting()).length === 0, 'no wait left');
  });

  test('a failed platform task at step 3 shows what failed with Retry; Retry sends the confirmed features again and the step completes', async () => {
    h = await startSlackBot();
    h.sim.inject({ kind: 'task-fails', operation: 'AI35-6', times: 1 });
    const t = await throughFeatures(h);
    const failure = await t.step('Proposing the search elements failed');
    expect(textOf(failure)).toContain('The platform could not finish this step.');
    expect(buttonsOf(failure).map((b) => b.label)).toEqual(['Retry', 'Cancel']);
    await t.press(failure, 'Retry');
    const elements = await t.step('Step 3 of 5');
    const [first, again] = bodiesOf(h, 'AI35-5');
    expect(again).toEqual(first);
    expect(textOf(t.replies.find((m) => m.ts === failure.ts)!)).toContain('Retried by <@U1>');

    // the confirmation itself refused by the platform: nothing is lost, Retry sends it again
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI35-7', times: 1 });
    await t.press(elements, 'Confirm and search');
    const refused = await t.step('Starting the search failed');
    expect(textOf(refused)).toContain('The platform is having trouble right now');
    await t.press(refused, 'Retry');
    await t.step('Step 4 of 5');
    const sent = bodiesOf(h, 'AI35-7');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  test('a truncated state file and a garbled thread file are moved aside and reported once each; the bot starts and works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'iip-novelty-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'state.json'), '{"schemaVersion":1,"dedupe":{"command:1.2');
    const threadFile = threadFilePath(join(dir, 'state.threads'), 'slack:T1:C1:1700000000.000001');
    mkdirSync(dirname(threadFile), { recursive: true });
    writeFileSync(threadFile, '{"thread":"slack:T1:C1:17000');
    const lines: string[] = [];
    const logger = createLogger(
      'warn',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );

    h = await startSlackBot({ stateDir: dir, logger });
    const movedAside = lines.filter((l) => l.includes('moved aside'));
    expect(movedAside).toHaveLength(2);
    expect(readdirSync(dir).filter((f) => f.startsWith('state.json.corrupt-'))).toHaveLength(1);
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.step('Step 1 of 5');
    await h.restart();
    expect(lines.filter((l) => l.includes('moved aside'))).toHaveLength(2);
  });
});
