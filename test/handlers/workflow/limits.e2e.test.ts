/**
 * Workflows under the per-user and per-workspace limits: a start over a limit starts nothing (no thread, no
 * record, no platform request) and says why; a workflow counts while it works on the platform and, waiting for
 * its user's review, for the idle time after; it frees its place when it is done or cancelled.
 */
import { z } from 'zod';
import { afterEach, describe, expect, test } from 'vitest';
import type { CommandIncoming } from '../../../src/core/incoming.js';
import { DEFAULT_LIMITS, type LimitSettings, type WorkKind, type WorkScope } from '../../../src/core/limits.js';
import { markdown } from '../../../src/core/message.js';
import { threadCommand } from '../../../src/core/thread-commands.js';
import { conversationId } from '../../../src/core/thread-id.js';
import { defineStep, flowOf, startWorkflow, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { MemoryWorkLimits } from '../../../src/state/limits-memory.js';
import { waitFor } from '../../helpers/slack-bot-harness.js';
import { PROBE, startWorld, type ProbeData, type World, probeData } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Memory limits that note every release, so a test knows when a place was given back. */
class WatchedLimits extends MemoryWorkLimits {
  readonly released: string[] = [];
  override async release(scope: WorkScope, kind: WorkKind, id: string): Promise<void> {
    await super.release(scope, kind, id);
    this.released.push(id);
  }
}

/** The probe with a review after its poll: the workflow then waits for its user. */
const REVIEWED: WorkflowDefinition<ProbeData> = {
  ...PROBE,
  name: 'reviewed',
  data: probeData,
  steps: {
    results: defineStep<ProbeData, { references?: unknown[] | null }, undefined>({
      stores: z.undefined(),
      poll: PROBE.steps.results!.poll as never,
      review: {
        title: () => 'Look at the references',
        render: () => [{ type: 'markdown', text: 'the references' }],
        confirm: {
          button: () => 'Confirm',
          input: () => undefined,
          send: { operation: 'NOVELTY-DOWNLOAD', label: () => 'Finishing', run: async () => ({ done: markdown('done') }) },
        },
      },
    }),
  },
};

let conversations = 0;

async function setUp(overrides: Partial<LimitSettings>, taskDurationMs = 0): Promise<{ w: World; limits: WatchedLimits }> {
  world = await startWorld(taskDurationMs);
  const limits = new WatchedLimits({ ...DEFAULT_LIMITS, ...overrides });
  world.contexts.slack = { ...world.contexts.slack, limits };
  return { w: world, limits };
}

/** Starts `def` for `userId` in a conversation of its own; resolves when its start is handled. */
async function start(w: World, def: WorkflowDefinition<ProbeData>, userId = 'U1'): Promise<void> {
  const incoming: CommandIncoming = {
    kind: 'command',
    text: 'probe',
    conversation: conversationId('slack', 'T1', `C${++conversations}`),
    user: { id: userId },
    workspaceId: 'T1',
  };
  await startWorkflow(w.contexts.slack, def, {
    incoming,
    parent: markdown(`parent of ${userId}`),
    start: 'go',
    data: { idea: 'a foldable phone hinge' },
    input: undefined,
  });
}

const starts = (w: World) => w.sim.requests.filter((r) => r.operation === 'NOVELTY-REPORT').length;
const shown = (w: World) => w.adapters.slack.calls.filter((c) => c.kind === 'startThread').map((c) => c.message?.text ?? '');

async function phaseOf(w: World, userId = 'U1'): Promise<string | undefined> {
  const [record] = await w.state.listOpenByUser('T1', userId);
  return record && flowOf(record).phase;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('workflows under the limits', () => {
  test('over the user limit nothing starts and the note says how to see the running ones', async () => {
    const { w } = await setUp({ workflowsPerUser: 1 }, 60_000);
    await start(w, PROBE);
    expect(starts(w)).toBe(1);
    await start(w, PROBE);
    expect(starts(w)).toBe(1);
    expect(shown(w)).toEqual([
      'parent of U1',
      '⏳ You have 1 workflow running; wait for one to finish or cancel one (`/iip status` lists them with links). Nothing was sent.',
    ]);
    expect(await w.state.listOpenByUser('T1', 'U1')).toHaveLength(1);
  });

  test('over the workspace limit another member is refused too, with the workspace note', async () => {
    const { w } = await setUp({ workflowsPerUser: 5, workflowsPerWorkspace: 1 }, 60_000);
    await start(w, PROBE, 'U1');
    await start(w, PROBE, 'U2');
    expect(starts(w)).toBe(1);
    expect(shown(w)[1]).toBe('⏳ This workspace has 1 workflow running; wait for one to finish (`/iip status` lists yours). Nothing was sent.');
    expect(await w.state.listOpenByUser('T1', 'U2')).toEqual([]);
  });

  test('a finished workflow gives its place back', async () => {
    const { w, limits } = await setUp({ workflowsPerUser: 1 });
    await start(w, PROBE);
    await waitFor(() => limits.released.length === 1, 'the done workflow to free its place');
    expect(await w.state.listOpenByUser('T1', 'U1')).toEqual([]);
    await start(w, PROBE);
    expect(starts(w)).toBe(2);
  });

  test('a workflow waiting for its review counts for the idle time after its platform work, then no longer', async () => {
    const { w } = await setUp({ workflowsPerUser: 1, workflowIdleMs: 1_500 });
    await start(w, REVIEWED);
    await until(async () => (await phaseOf(w)) === 'review', 'the review');
    await start(w, REVIEWED);
    expect(starts(w)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    await start(w, REVIEWED);
    expect(starts(w)).toBe(2);
  });

  test('cancelling a workflow during its review gives its place back at once', async () => {
    const { w, limits } = await setUp({ workflowsPerUser: 1 });
    await start(w, REVIEWED);
    await until(async () => (await phaseOf(w)) === 'review', 'the review');
    const [record] = await w.state.listOpenByUser('T1', 'U1');
    await threadCommand(w.contexts.slack, { word: 'cancel', thread: record!.thread, user: 'U1', record });
    await waitFor(() => limits.released.length === 1, 'the cancelled workflow to free its place');
    await start(w, REVIEWED);
    expect(starts(w)).toBe(2);
  });
});
