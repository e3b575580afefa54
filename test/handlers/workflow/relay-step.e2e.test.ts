/** `poll.relay`: a waiting step's text streamed into the thread once, before the polling, the progress below it. */
import { afterEach, describe, expect, test } from 'vitest';
import { markdown } from '../../../src/core/message.js';
import { defineStep, flowOf, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { runPoll } from '../../../src/handlers/workflow/engine/machine.js';
import type { ThreadRecord } from '../../../src/core/state.js';
import { leftWaiting, PROBE, startWorld, type ProbeData, type World, probeData } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const PROMPT = 'Explain solid-state battery separators';
const HEADING = '✍️ The text, as it is written:';

const RELAYING: WorkflowDefinition<ProbeData> = {
  ...PROBE,
  name: 'relaying',
  data: probeData,
  steps: {
    results: defineStep<ProbeData, { references?: unknown[] | null }, never>({
      poll: {
        operation: 'NOVELTY-QUERY',
        label: () => 'Querying the platform',
        read: (sc, signal) => sc.ctx.platform.call('NOVELTY-QUERY', { task_id: sc.ids.task_id! }, { signal }),
        relay: { open: (sc, signal) => sc.ctx.platform.stream('AI07', { prompt: PROMPT, stream: true }, { signal }), heading: () => HEADING },
      },
      proceed: (result) => ({ done: markdown(`found ${result.references?.length ?? 0} references`) }),
    }),
  },
};

const contentOf = (w: World, record: ThreadRecord) => w.adapters.slack.messagesIn(record.thread).map((m) => m.content);
const streams = (w: World) => w.sim.requests.filter((r) => r.operation === 'AI07').length;

async function marked(w: World, record: ThreadRecord): Promise<ThreadRecord> {
  const { version, updatedAt: _u, ...rest } = record;
  return (await w.state.compareAndSet(record.thread, version, { ...rest, data: { ...rest.data, flow: { ...flowOf(record), relayed: true } } }))!;
}

describe('workflow poll.relay', () => {
  test('the text is relayed whole between the former progress message (now its heading) and the result, which comes last', async () => {
    world = await startWorld(0);
    const w = world;
    const whole = w.sim.expectedStreamText('AI07', { prompt: PROMPT, stream: true });
    const record = await leftWaiting(w, 'poll', 'slack', 'relaying');
    await runPoll(w.contexts.slack, RELAYING, record);
    const shown = contentOf(w, record);
    expect(shown[0]!.text).toBe(HEADING);
    expect(JSON.stringify(shown.at(-1))).toContain('found 5 references');
    expect(
      shown
        .slice(1, -1)
        .map((m) => m.text)
        .join(''),
    ).toBe(whole);
    expect(streams(w)).toBe(1);
    expect((await w.state.get(record.thread))!.status).toBe('done');
  });

  test('a wait whose text was relayed (a resume) polls on without streaming it again', async () => {
    world = await startWorld(0);
    const w = world;
    const record = await marked(w, await leftWaiting(w, 'poll', 'slack', 'relaying'));
    await runPoll(w.contexts.slack, RELAYING, record);
    expect(streams(w)).toBe(0);
    const shown = contentOf(w, record);
    expect(shown).toHaveLength(1);
    expect(JSON.stringify(shown[0])).toContain('found 5 references');
  });

  test('a stream that fails does not fail the step: the wait goes on to its result', async () => {
    world = await startWorld(0);
    const w = world;
    w.sim.inject({ kind: 'envelope-error', errorCode: 67200005, operation: 'AI07', times: 1 });
    const record = await leftWaiting(w, 'poll', 'slack', 'relaying');
    await runPoll(w.contexts.slack, RELAYING, record);
    expect(JSON.stringify(contentOf(w, record).at(-1))).toContain('found 5 references');
    expect((await w.state.get(record.thread))!.status).toBe('done');
  });
});
