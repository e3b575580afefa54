/**
 * Issue 29 in Slack: a zh-CN user's novelty search from the command to the report, every message, edit, form,
 * note and file the bot gave Slack on the way (the Edit forms of steps 1 to 3, step 4's Add a patent, Change a
 * verdict, the menu and the comparison picture, step 5's title form and the report; a failed task and a refused
 * confirmation, each retried) holds no English word and no ASCII punctuation of the bot's own: only the
 * platform's content, commands, numbers and identifiers.
 */
import { afterEach, expect, test } from 'vitest';
import { renderFeatureMatrix } from '../../src/handlers/shared/images/feature-matrix-image.js';
import { featureMatrixOf } from '../../src/handlers/novelty/matrix-picture.js';
import { listed } from '../../src/handlers/novelty/references-list.js';
import { translatorFor } from '../../src/i18n/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { hasChinese } from '../helpers/chinese-text.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, formValues, NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';
import { noveltyContent, pictureWords } from './zh-novelty-content.js';
import { leftIn, shownToSlack } from './zh-shown.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const IDEA = '一种折叠屏手机铰链，采用液态金属阻尼层，折叠时阻尼层吸收冲击并减少折痕。';
test('a whole novelty search in Chinese in Slack leaves no English word or ASCII punctuation of the bot’s own', { timeout: 90_000 }, async () => {
  // tasks take a moment, so the search's progress (its steps' names in Chinese) is shown too
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } }, simulator: { taskDurationMs: 100 } });
  await h.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  // a failed task (the search elements) and a refused confirmation (the search) on the way, each retried
  h.sim.inject({ kind: 'task-fails', operation: 'AI35-6', times: 1 });
  h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI35-7', times: 1 });
  const retry = async (failed: string) => {
    const failure = await t.step(failed, 20_000);
    expect(textOf(failure)).toContain('重试');
    await t.press(failure, '重试');
  };
  // steps 1 to 3: each Edit form opened and saved as it is, then confirmed
  for (const [title, confirm] of [
    ['第 1/5 步', '确认'],
    ['第 2/5 步', '确认'],
    ['第 3/5 步', '确认并检索'],
  ] as const) {
    const step = await t.step(title, 20_000);
    const form = await t.openForm(step, '编辑');
    const edits = step.edits;
    await h.submitForm(form.view, formValues(form.view));
    const saved = await waitFor(() => t.replies.find((m) => m.ts === step.ts && m.edits > edits && textOf(m).includes(confirm)), `${title} saved`);
    await t.press(saved, confirm);
    if (title !== '第 1/5 步') await retry(title === '第 2/5 步' ? '生成检索要素失败' : '开始检索失败');
  }
  expect(bodiesOf(h, 'AI35-1')).toMatchObject([{ input: IDEA, lang: 'cn' }]);

  // step 4: the picture, Add a patent (an unreadable number, then one), the menu, Change a verdict (a bad reference, then one)
  const step4 = await t.step('第 4/5 步', 30_000);
  const upload = await waitFor(() => h!.slack.files.uploads().find((f) => f.completed && f.mimetype === 'image/png'), 'the comparison picture');
  expect(upload).toMatchObject({ title: '特征对比', name: '特征对比.png' });
  const notes = () => h!.slack.ephemerals.length;

  const unreadable = await t.openForm(step4, '添加专利');
  // a number that cannot be read: the modal stays open with why on its field
  const refusal = JSON.parse((await h.submitForm(unreadable.view, { pn: '铰链' })).body) as { errors: Record<string, string> };
  expect(refusal.errors.pn).toContain('无法识别为公开号');
  const add = await t.openForm(step4, '添加专利');
  await h.submitForm(add.view, { pn: 'CN118289111A' });
  const withAdded = await waitFor(
    () => t.replies.find((m) => m.ts === step4.ts && textOf(m).includes('CN118289111A') && selectOptions(m)),
    'the added patent',
  );
  const menu = selectOptions(withAdded)!.options;
  const include = menu.find((o) => o.label.includes('纳入'));
  expect(include, JSON.stringify(menu)).toBeDefined();
  await t.choose(withAdded, include!.label);
  const included = await waitFor(
    () => t.replies.find((m) => m.ts === step4.ts && selectOptions(m)?.options.some((o) => o.label === include!.label.replace('纳入', '排除'))),
    'the reference included',
  );
  const before = notes();
  const verdict = await t.openForm(included, '修改判定');
  await h.submitForm(verdict.view, { reference: '99', feature: '1', verdict: '公开', score: '', reason: '' });
  expect(await t.note(before)).toContain('请填写文献在列表中的序号');
  const again = await t.openForm(included, '修改判定');
  await h.submitForm(again.view, { reference: '1', feature: '1', verdict: '未公开', score: '20', reason: '该文献未采用液态金属。' });
  const overridden = await waitFor(() => t.replies.find((m) => m.ts === step4.ts && textOf(m).includes('你的判定')), 'the verdict');
  await t.press(overridden, '确认');

  // step 5: the title form, kept as it is, and the report
  const step5 = await t.step('第 5/5 步', 20_000);
  const titleForm = await t.openForm(step5, '生成报告');
  await h.submitForm(titleForm.view, formValues(titleForm.view));
  await t.reply('新颖性检索报告已完成', 30_000);
  const report = await waitFor(() => h!.slack.files.uploads().find((f) => f.completed && f.name.endsWith('.docx')), 'the report file');
  expect(report.name).toMatch(/^新颖性检索-/);

  const content = [IDEA, ...(await noveltyContent(h.sim.url, API_KEY, h.sim.requests))];
  // the picture is the comparison drawn in Chinese: its words are the platform's and the catalog's
  const taskId = (bodiesOf(h, 'AI35-2')[0] as { task_id: string }).task_id;
  const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
  const result = await platform.call('AI35-8', { task_id: taskId });
  await platform.close();
  const matrix = featureMatrixOf(
    listed(result)
      .filter((item) => item.included)
      .map((item) => item.entry),
    translatorFor('en'),
  )!;
  expect(upload.data.equals((await renderFeatureMatrix(matrix, translatorFor('zh'))).png)).toBe(true);
  const shown = [...shownToSlack(h.slack), ...Object.values(refusal.errors), ...pictureWords()];
  expect(shown.filter(hasChinese).length).toBeGreaterThan(20);
  // the forms are among them (Add a patent's field, Change a verdict's fields, the title form), and the search's plan
  for (const part of ['公开号，例如', '判定：公开', '报告标题', '检索专利文献（需要几分钟）'])
    expect(
      shown.some((text) => text.includes(part)),
      part,
    ).toBe(true);
  expect(leftIn(shown, content)).toEqual([]);
});
