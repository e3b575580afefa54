/** A review's Confirm (here "Continue") with a multi-select: what was ticked at the click is what is sent, once. */
import { z } from 'zod';
import { afterEach, describe, expect, test } from 'vitest';
import type { ActionIncoming } from '../../../src/core/incoming.js';
import { markdown } from '../../../src/core/message.js';
import { defineStep, flowOf, workflowHandler, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { runPoll } from '../../../src/handlers/workflow/engine/machine.js';
import type { DataOf } from '../../../src/platform/operations.js';
import { waitFor } from '../../helpers/slack-bot-harness.js';
import { leftWaiting, PROBE, startWorld, textsIn, type ProbeData, type World, probeData } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const sent: string[][] = [];
const PICK: WorkflowDefinition<ProbeData> = {
  ...PROBE,
  name: 'pick',
  data: probeData,
  steps: {
    choose: defineStep<ProbeData, DataOf<'NOVELTY-QUERY'>, string[]>({
      stores: z.array(z.string()),
      poll: {
        operation: 'NOVELTY-QUERY',
        label: () => 'Querying the platform',
        read: (sc, signal) => sc.ctx.platform.call('NOVELTY-QUERY', { task_id: sc.ids.task_id! }, { signal }),
      },
      review: {
        title: () => 'Pick the references to keep',
        render: (result) => [
          {
            type: 'multiSelect',
            id: 'refs',
            label: 'References',
            options: (result.references ?? []).map((r) => ({ value: r.pn ?? '', label: r.title ?? '' })),
          },
        ],
        confirm: {
          button: () => 'Continue',
          input: (_result, _draft, _sc, ticked) => ticked.refs ?? [],
          send: {
            operation: 'NOVELTY-DOWNLOAD',
            label: () => 'Keeping the picked references',
            async run(_sc, picked) {
              sent.push(picked);
              return { done: markdown(`kept ${picked.join(', ')}`) };
            },
          },
        },
      },
    }),
  },
};
const pickHandler = workflowHandler(PICK, {
  verbs: ['pick'],
  help: { summary: () => '', usage: () => '', example: () => '' },
  command: async () => undefined,
});

describe('a review with a multi-select', () => {
  test('Continue sends the options ticked in the message at the click; a second click sends nothing', async () => {
    world = await startWorld(0);
    const w = world;
    const record = await leftWaiting(w, 'poll', 'slack', 'pick', 'choose');
    await runPoll(w.contexts.slack, PICK, record);
    const shown = (await w.state.get(record.thread))!;
    const message = w.adapters.slack.message({ thread: record.thread, messageId: flowOf(shown).message! }).content;
    const options = message.blocks!.flatMap((b) => (b.type === 'multiSelect' ? b.options : []));
    expect(options).toHaveLength(5);
    const button = message.blocks!.flatMap((b) => (b.type === 'actions' ? b.buttons : [])).find((b) => b.label === 'Continue')!;
    const ticked = [options[0]!.value, options[2]!.value];
    const click: ActionIncoming = {
      kind: 'action',
      thread: record.thread,
      user: { id: 'U1' },
      workspaceId: 'T1',
      messageId: flowOf(shown).message!,
      action: button.action,
      value: button.value,
      selections: { refs: ticked },
    };
    await pickHandler.action!(w.contexts.slack, click, shown);
    await waitFor(() => textsIn(w.adapters.slack, record.thread).some((t) => t.includes(`kept ${ticked.join(', ')}`)), 'the result');
    await pickHandler.action!(w.contexts.slack, { ...click, selections: { refs: [options[1]!.value] } }, (await w.state.get(record.thread))!);
    expect(sent).toEqual([ticked]);
    expect((await w.state.get(record.thread))!.status).toBe('done');
  });
});
