/** Durable waits: resumed once per process after a (re)start, on the right adapter, ended quietly by a stop. */
import { afterEach, describe, expect, test } from 'vitest';
import type { ActionIncoming } from '../../../src/core/incoming.js';
import { Router } from '../../../src/core/router.js';
import { resumeWaits } from '../../../src/core/waits.js';
import { flowOf, isWaitRunning, seqOf, resumeRecord, workflowHandler } from '../../../src/handlers/workflow/index.js';
import { runPoll } from '../../../src/handlers/workflow/engine/machine.js';
import { leaseKey } from '../../../src/handlers/workflow/record/lease.js';
import { silentLogger } from '../../../src/log.js';
import { waitFor } from '../../helpers/slack-bot-harness.js';
import { leftWaiting, PROBE, startWorld, textsIn, type World } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const probeHandler = workflowHandler(PROBE, {
  verbs: ['probe'],
  help: { summary: () => '', usage: () => '', example: () => '' },
  command: async () => undefined,
});
const queries = (w: World) => w.sim.requests.filter((r) => r.operation === 'NOVELTY-QUERY').length;

describe('workflow waits', () => {
  test('a recorded wait is polled by one poller per process however often it is resumed, and finishes its step', async () => {
    world = await startWorld(300);
    const w = world;
    const record = await leftWaiting(w, 'poll');
    const first = runPoll(w.contexts.slack, PROBE, record);
    expect(isWaitRunning(w.memory, record.thread)).toBe(true);
    // a second resume in the same process returns at once and polls nothing
    const before = queries(w);
    await runPoll(w.contexts.slack, PROBE, record);
    await resumeRecord(w.contexts.slack, PROBE, record);
    expect(isWaitRunning(w.memory, record.thread)).toBe(true);
    await first;
    expect(queries(w)).toBeGreaterThan(before);
    const done = (await w.state.get(record.thread))!;
    expect(done.status).toBe('done');
    expect(done.wait).toBeUndefined();
    // the progress message became the result: one message, edited once into the result
    const messages = w.adapters.slack.messagesIn(record.thread);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.history.filter((m) => JSON.stringify(m).includes('found 5 references'))).toHaveLength(1);
    expect(isWaitRunning(w.memory, record.thread)).toBe(false);
  });

  test("resumeWaits gives each waiting record to its workflow's handler, through the router of its thread's chat", async () => {
    world = await startWorld(0);
    const w = world;
    const onSlack = await leftWaiting(w, 'poll', 'slack');
    const onConsole = await leftWaiting(w, 'poll', 'console');
    const unknown = await leftWaiting(w, 'poll', 'slack', 'retired-workflow');
    const routers = [new Router([probeHandler], w.contexts.slack), new Router([probeHandler], w.contexts.console)];
    const resumed = await resumeWaits(routers, w.state, silentLogger);
    expect(resumed).toBe(2);
    await waitFor(() => textsIn(w.adapters.slack, onSlack.thread).some((t) => t.includes('found 5 references')), 'the slack result');
    await waitFor(() => textsIn(w.adapters.console, onConsole.thread).some((t) => t.includes('found 5 references')), 'the console result');
    expect(w.adapters.console.messagesIn(onSlack.thread)).toEqual([]);
    expect((await w.state.get(unknown.thread))!.wait).toBeDefined();
  });

  test('a request that was out when the bot stopped is shown with Retry, and Retry sends it again', async () => {
    world = await startWorld(0);
    const w = world;
    const record = await leftWaiting(w, 'send');
    await resumeRecord(w.contexts.slack, PROBE, record);
    const failed = (await w.state.get(record.thread))!;
    expect(flowOf(failed)).toMatchObject({ phase: 'failed', failure: { during: 'send' }, pending: { send: 'start:go' } });
    const shown = w.adapters.slack.message({ thread: record.thread, messageId: flowOf(failed).message! }).content;
    expect(JSON.stringify(shown)).toContain('Starting the probe was interrupted by a restart of the bot; it may not have reached the platform.');
    const retry = shown.blocks!.flatMap((b) => (b.type === 'actions' ? b.buttons : [])).find((b) => b.action === 'retry')!;
    expect(retry.value).toBe(`probe:results:v${seqOf(failed)}`);

    const click: ActionIncoming = {
      kind: 'action',
      thread: record.thread,
      user: { id: 'U1' },
      workspaceId: 'T1',
      messageId: flowOf(failed).message!,
      action: 'retry',
      value: retry.value,
      selections: {},
    };
    await probeHandler.action!(w.contexts.slack, click, failed);
    await waitFor(() => textsIn(w.adapters.slack, record.thread).some((t) => t.includes('found 5 references')), 'the result');
    expect(w.sim.requests.filter((r) => r.operation === 'NOVELTY-REPORT')).toHaveLength(1);
    // the same Retry again: already done, nothing sent
    await probeHandler.action!(w.contexts.slack, click, (await w.state.get(record.thread))!);
    expect(w.sim.requests.filter((r) => r.operation === 'NOVELTY-REPORT')).toHaveLength(1);
    expect(textsIn(w.adapters.slack, record.thread).some((t) => t.includes('already done'))).toBe(true);
  });

  test('an interrupt while a resumed wait takes its lease stops it before it polls (Ctrl-C is not lost in that gap)', async () => {
    world = await startWorld(0);
    const w = world;
    const record = await leftWaiting(w, 'poll');
    const polling = runPoll(w.contexts.slack, PROBE, record);
    // the lease is a store round trip away: the wait can be stopped already
    expect(w.contexts.slack.messenger.interrupt(record.thread)).toBe(true);
    await polling;
    expect(queries(w)).toBe(0);
    expect(flowOf((await w.state.get(record.thread))!)).toMatchObject({ phase: 'failed', failure: { during: 'wait' } });
    expect(textsIn(w.adapters.slack, record.thread).some((t) => t.includes('Querying the platform was stopped.'))).toBe(true);
    expect(w.contexts.slack.messenger.interrupt(record.thread)).toBe(false);
  });

  test('a resumed wait whose lease another holder has leaves nothing behind for a later interrupt to stop', async () => {
    world = await startWorld(0);
    const w = world;
    const record = await leftWaiting(w, 'poll');
    let letGo!: () => void;
    const holding = w.state.withLock(leaseKey(record), () => new Promise<void>((resolve) => (letGo = resolve)));
    await runPoll(w.contexts.slack, PROBE, record);
    expect(queries(w)).toBe(0);
    expect(isWaitRunning(w.memory, record.thread)).toBe(false);
    expect(w.contexts.slack.messenger.interrupt(record.thread)).toBe(false);
    letGo();
    await holding;
    // polled here once the other holder let go: the press that found nothing to stop does not stop this wait
    await runPoll(w.contexts.slack, PROBE, record);
    expect(queries(w)).toBeGreaterThan(0);
    expect((await w.state.get(record.thread))!.status).toBe('done');
  });

  test('stopping the bot ends a wait quietly: no failure is shown and the wait stays recorded for the next start', async () => {
    world = await startWorld(60_000);
    const w = world;
    const record = await leftWaiting(w, 'poll');
    const polling = runPoll(w.contexts.slack, PROBE, record);
    await waitFor(() => queries(w) > 0, 'a first poll');
    w.lifetime.abort();
    await polling;
    expect(isWaitRunning(w.memory, record.thread)).toBe(false);
    const after = (await w.state.get(record.thread))!;
    expect(after.version).toBe(record.version);
    expect(after.wait).toMatchObject({ operation: 'NOVELTY-QUERY' });
    expect(textsIn(w.adapters.slack, record.thread).join('')).not.toContain('failed');
  });
});
