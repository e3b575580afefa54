/** A review form whose submission fails for a reason other than the user's input: the note says so in Chinese. */
import { z } from 'zod';
import { afterEach, expect, test } from 'vitest';
import type { FormIncoming } from '../../../src/core/incoming.js';
import { markdown } from '../../../src/core/message.js';
import type { ThreadRecord } from '../../../src/core/state.js';
import { defineStep, flowOf, workflowHandler, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { runPoll } from '../../../src/handlers/workflow/engine/machine.js';
import { speaking } from '../../../src/core/language.js';
import type { Lang } from '../../../src/i18n/index.js';
import type { DataOf } from '../../../src/platform/operations.js';
import { waitFor } from '../../helpers/slack-bot-harness.js';
import { leftWaiting, PROBE, startWorld, textsIn, type ProbeData, type World, probeData } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** One review step with an Edit form whose apply breaks (not a FormProblem: the bot's own failure). */
const EDIT: WorkflowDefinition<ProbeData> = {
  ...PROBE,
  name: 'edit',
  data: probeData,
  noun: () => 'search',
  steps: {
    choose: defineStep<ProbeData, DataOf<'NOVELTY-QUERY'>, string>({
      stores: z.string(),
      poll: {
        operation: 'NOVELTY-QUERY',
        label: () => 'Querying',
        read: (sc, signal) => sc.ctx.platform.call('NOVELTY-QUERY', { task_id: sc.ids.task_id! }, { signal }),
      },
      review: {
        title: () => 'Step 1',
        render: () => [{ type: 'markdown', text: 'result' }],
        forms: {
          edit: {
            button: () => 'Edit',
            title: () => 'Edit the features',
            submitLabel: () => 'Save',
            fields: () => [{ id: 'text', label: 'Text', kind: 'text' }],
            apply: () => {
              throw new Error('disk on fire');
            },
            submits: 'review',
          },
        },
        confirm: {
          button: () => 'Continue',
          input: () => '',
          send: { operation: 'NOVELTY-DOWNLOAD', label: () => 'Saving', run: async () => ({ done: markdown('done') }) },
        },
      },
    }),
  },
};
const handler = workflowHandler(EDIT, {
  verbs: ['edit'],
  help: { summary: () => '', usage: () => '', example: () => '' },
  command: async () => undefined,
});

/** Shows the review in `lang`, then submits its Edit form in `lang`; the note the submitter gets. */
async function failedSubmission(w: World, lang: Lang): Promise<string> {
  const record = await leftWaiting(w, 'poll', 'slack', 'edit', 'choose');
  const ctx = speaking(w.contexts.slack, lang);
  await runPoll(ctx, EDIT, record);
  const shown = (await w.state.get(record.thread)) as ThreadRecord;
  const message = w.adapters.slack.message({ thread: record.thread, messageId: flowOf(shown).message! }).content;
  const edit = message.blocks!.flatMap((b) => (b.type === 'actions' ? b.buttons : [])).find((b) => b.action === 'form-edit')!;
  const incoming: FormIncoming = {
    kind: 'form',
    thread: record.thread,
    user: { id: 'U1' },
    workspaceId: 'T1',
    action: edit.action,
    value: edit.value,
    fields: { text: 'x' },
  };
  const before = textsIn(w.adapters.slack, record.thread).length;
  await handler.form!(ctx, incoming, shown);
  return waitFor(
    () =>
      textsIn(w.adapters.slack, record.thread)
        .slice(before)
        .find((t) => t.includes('⚠️')),
    'the note',
  );
}

test("a form whose submission fails says '<form> failed: why' in Chinese; English unchanged", async () => {
  world = await startWorld(0);
  const zh = await failedSubmission(world, 'zh');
  expect(zh).toContain('⚠️ Edit the features失败：机器人内部出错。');
  expect(zh).not.toContain(' failed: ');
  const en = await failedSubmission(world, 'en');
  expect(en).toContain("⚠️ Edit the features failed: Something went wrong on the bot's side.");
});
