/** The machinery in Chinese: a review's buttons and Cancel question, a refused click, a failure with Retry. */
import { z } from 'zod';
import { afterEach, describe, expect, test } from 'vitest';
import type { ActionIncoming } from '../../../src/core/incoming.js';
import { markdown, mention } from '../../../src/core/message.js';
import { defineStep, flowOf, workflowHandler, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { runPoll } from '../../../src/handlers/workflow/engine/machine.js';
import { failureText } from '../../../src/handlers/workflow/engine/messages.js';
import { speaking } from '../../../src/core/language.js';
import { translatorFor } from '../../../src/i18n/index.js';
import type { DataOf } from '../../../src/platform/operations.js';
import { waitFor } from '../../helpers/slack-bot-harness.js';
import { leftWaiting, PROBE, startWorld, textsIn, type ProbeData, type World, probeData } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const KEEP: WorkflowDefinition<ProbeData> = {
  ...PROBE,
  name: 'keep',
  data: probeData,
  noun: () => '检索',
  steps: {
    choose: defineStep<ProbeData, DataOf<'NOVELTY-QUERY'>, undefined>({
      stores: z.undefined(),
      poll: {
        operation: 'NOVELTY-QUERY',
        label: () => '正在查询平台',
        read: (sc, signal) => sc.ctx.platform.call('NOVELTY-QUERY', { task_id: sc.ids.task_id! }, { signal }),
      },
      review: {
        title: () => '第 1 步',
        render: () => [{ type: 'markdown', text: '结果' }],
        confirm: {
          button: () => '继续',
          input: () => undefined,
          send: { operation: 'NOVELTY-DOWNLOAD', label: () => '保存', run: async () => ({ done: markdown('完成') }) },
        },
      },
    }),
  },
};
const keepHandler = workflowHandler(KEEP, {
  verbs: ['keep'],
  help: { summary: () => '', usage: () => '', example: () => '' },
  command: async () => undefined,
});

describe('the workflow machinery in Chinese', () => {
  test("a review's Cancel and its question, another user's refused click, the confirmed line and a click after the end are Chinese", async () => {
    world = await startWorld(0);
    const w = world;
    const record = await leftWaiting(w, 'poll', 'slack', 'keep', 'choose');
    const zh = speaking(w.contexts.slack, 'zh');
    await runPoll(zh, KEEP, record);
    const shown = (await w.state.get(record.thread))!;
    const message = w.adapters.slack.message({ thread: record.thread, messageId: flowOf(shown).message! }).content;
    const buttons = message.blocks!.flatMap((b) => (b.type === 'actions' ? b.buttons : []));
    const cancel = buttons.find((b) => b.action === 'cancel')!;
    expect(cancel.label).toBe('取消');
    expect(cancel.confirm).toEqual({
      title: '取消检索？',
      text: '此检索目前的全部进展都将丢弃，也不会再向平台发送任何内容。此操作无法撤销。',
      confirm: '确定取消',
      deny: '不，保留',
    });
    const proceed = buttons.find((b) => b.label === '继续')!;
    const click = (user: string): ActionIncoming => ({
      kind: 'action',
      thread: record.thread,
      user: { id: user },
      workspaceId: 'T1',
      messageId: flowOf(shown).message!,
      action: proceed.action,
      value: proceed.value,
      selections: {},
    });
    await keepHandler.action!(zh, click('U2'), shown);
    await waitFor(
      () => textsIn(w.adapters.slack, record.thread).some((t) => t.includes(`只有发起此检索的 ${mention('U1')} 可以确认或修改它。`)),
      'the refusal',
    );
    await keepHandler.action!(zh, click('U1'), shown);
    await waitFor(() => textsIn(w.adapters.slack, record.thread).some((t) => t.includes(`✅ 已由 ${mention('U1')} 确认`)), 'the confirmed line');
    await keepHandler.action!(zh, click('U1'), shown);
    await waitFor(
      () => textsIn(w.adapters.slack, record.thread).some((t) => t.includes('此检索已完成；未做任何更改。')),
      'the click on a finished workflow',
    );
  });

  test('a failure says what failed and what to do in Chinese, English unchanged', () => {
    const interrupted = Object.assign(new Error('x'), { name: 'AbortError' });
    expect(failureText('提取技术特征', interrupted, translatorFor('zh'))).toBe('提取技术特征已停止。');
    expect(failureText('Extracting the technical features', interrupted, translatorFor('en'))).toBe('Extracting the technical features was stopped.');
  });
});
