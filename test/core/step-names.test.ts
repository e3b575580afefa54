/**
 * Every step of every workflow has a name in both languages (what `status` and the Home tab show), taken from the
 * words its workflow already shows the user (the Chinese name appears in the step's own messages); a thread whose
 * step has no name (a chat's turn, an unknown step) or that is done is described without one, never by the id.
 */
import { describe, expect, test } from 'vitest';
import { describe as describeByKinds } from '../../src/core/thread-commands.js';
import { THREAD_KINDS } from '../../src/handlers/index.js';
import type { ThreadRecord } from '../../src/core/state.js';
import type { ThreadId } from '../../src/core/thread-id.js';
import { zh } from '../../src/i18n/zh/index.js';
import type { Lang } from '../../src/i18n/index.js';
import { DESIGN } from '../../src/handlers/design/definition.js';
import { DISCLOSURE } from '../../src/handlers/disclosure/definition.js';
import { MATERIAL } from '../../src/handlers/material/definition.js';
import { NOVELTY } from '../../src/handlers/novelty/definition.js';
import { REPORT } from '../../src/handlers/report/definition.js';
import { SOLUTION } from '../../src/handlers/solution/definition.js';

/** Each handler's own names, as the bot registers them; the language is given, not taken from the work in hand. */
const stepName = (workflow: string, step: string, lang: Lang) => THREAD_KINDS.stepName(workflow, step, lang);
const describeThread = (record: ThreadRecord, lang: Lang) => describeByKinds(THREAD_KINDS, record, lang);

const WORKFLOWS = [NOVELTY, SOLUTION, MATERIAL, REPORT, DISCLOSURE, DESIGN];
const STEPS = WORKFLOWS.flatMap((w) => Object.keys(w.steps).map((step) => [w.name, step] as const));

type Tree = { readonly [key: string]: string | Tree };
const strings = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));
/** The Chinese words a workflow shows besides its step names: its titles, labels and prompts. */
const catalogs: Readonly<Record<string, Tree>> = zh;
const zhWords = (workflow: string): string => {
  const { steps: _steps, ...rest } = catalogs[workflow]!;
  const review = workflow === 'novelty' ? strings(zh['novelty-review']) : [];
  return [...strings(rest), ...review].join('\n');
};

describe.each(STEPS)('%s step %s', (workflow, step) => {
  test('has a name in English and in Chinese, not its id', () => {
    const english = stepName(workflow, step, 'en');
    const chinese = stepName(workflow, step, 'zh');
    expect(english).toMatch(/^[a-z][a-z -]+$/);
    expect(english).not.toBe(step);
    expect(chinese).toMatch(/\p{Script=Han}/u);
    expect(chinese).not.toMatch(/[A-Za-z]/);
  });

  test('is called in Chinese what the workflow’s own messages call it', () => {
    expect(zhWords(workflow)).toContain(stepName(workflow, step, 'zh'));
  });
});

const record = (workflow: string, step: string, status: ThreadRecord['status']): ThreadRecord => ({
  thread: 'slack:T1:C1:1.1' as ThreadId,
  workflow,
  step,
  status,
  version: 1,
  workspaceId: 'T1',
  startedBy: 'U1',
  ids: {},
  data: {},
  createdAt: 0,
  updatedAt: 0,
});

test('a thread is described by its step’s name while it runs, failed or cancelled; without one once done', () => {
  expect(describeThread(record('solution', 'directions', 'failed'), 'en')).toBe('*solution exploration*: at the technical directions review, failed');
  expect(describeThread(record('solution', 'directions', 'failed'), 'zh')).toBe('*技术方案探索*：步骤「技术方向」，已失败');
  expect(describeThread(record('report', 'report', 'done'), 'en')).toBe('*pre-research report*: done');
  expect(describeThread(record('report', 'report', 'done'), 'zh')).toBe('*技术预研报告*：已完成');
});

test('a chat’s turn or a step no catalog names is left out, never shown by its id', () => {
  expect(describeThread(record('chat', 'ask', 'active'), 'en')).toBe('*chat*: active');
  expect(describeThread(record('chat', 'ask', 'active'), 'zh')).toBe('*对话*：进行中');
  expect(stepName('novelty', 'no-such-step', 'en')).toBeUndefined();
  expect(describeThread(record('novelty', 'no-such-step', 'active'), 'zh')).toBe('*新颖性检索*：进行中');
});
