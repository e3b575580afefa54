/** Slack's own words in Chinese: the Home tab, its Start modal, the "cannot post here" notice, the install page, a form's Cancel, fallbacks. */
import { expect, test } from 'vitest';
import type { ThreadId } from '../../../src/core/thread-id.js';
import { renderInstallPage } from '../../../src/adapters/slack/install-page.js';
import { renderForm } from '../../../src/adapters/slack/render/form.js';
import { renderHome, renderStartModal } from '../../../src/adapters/slack/render/home.js';
import { renderMessage } from '../../../src/adapters/slack/render/message.js';
import { unreachableNotice } from '../../../src/adapters/slack/render/unreachable.js';
import { translatorFor } from '../../../src/i18n/index.js';

const zh = translatorFor('zh');

const entry = {
  thread: 'slack:T:C:1' as ThreadId,
  label: 'novelty',
  status: 'active' as const,
  state: '第 2/5 步',
  link: 'https://x.slack.com/archives/C/p1',
  startedAt: Date.UTC(2025, 0, 2, 3, 4),
  updatedAt: 0,
};

test('the Home tab and the Start modal are Chinese', () => {
  const home = renderHome({ open: [entry], recent: [], chats: [], workflows: [], apiKey: 'sk-…abcd' }, zh);
  const json = JSON.stringify(home.blocks);
  for (const words of [
    '开始对话',
    '开始工作流',
    '进行中',
    '最近完成',
    '暂无已完成的任务。',
    '打开话题',
    '开始于 2025年1月2日 03:04 UTC',
    '*管理员：* 当前使用的平台 API 密钥：sk-…abcd',
  ])
    expect(json).toContain(words);
  const modal = renderStartModal('workflow', [{ verb: 'novelty', summary: '新颖性检索' }], zh);
  expect([modal.title.text, modal.submit?.text, modal.close?.text]).toEqual(['开始工作流', '开始', '取消']);
  expect(modal.blocks.flatMap((b) => (b.type === 'input' ? [(b as { label: { text: string } }).label.text] : []))).toEqual([
    '工作流',
    '你的构思或技术问题',
    '选项（例如 --lang cn --from 20150101）',
    '在哪里开启话题（留空：与我的私信）',
  ]);
  expect(renderStartModal('chat', [], translatorFor('en')).title.text).toBe('Start a chat');
});

test('the notice where the bot cannot post, a continued page and the install page are Chinese', () => {
  const notice = unreachableNotice('novelty 折叠铰链', zh);
  expect(notice.text).toBe('我无法在这里发言；请用 /invite @iip 邀请我。你的命令：/iip novelty 折叠铰链');
  expect(JSON.stringify(notice.blocks)).toContain('在私信中运行');
  const pages = renderMessage({ text: '', lang: 'zh', blocks: Array.from({ length: 60 }, () => ({ type: 'divider' as const })) });
  expect(pages.at(-1)?.text).toBe('（续）');
  const page = renderInstallPage('https://slack.com/oauth/v2/authorize?state=s', zh);
  expect(page).toContain('<html lang="zh-CN">');
  expect(page).toContain('<h1>将 iip 添加到 Slack</h1>');
  expect(page).toContain('>添加到 Slack</a>');
});

test("a form's close button, an untitled reference and an image without alt text are Chinese; English unchanged", () => {
  const form = {
    action: 'form-edit',
    title: '编辑',
    submitLabel: '保存',
    value: 'v',
    fields: [{ id: 'name', label: '名称', kind: 'text' as const }],
  };
  expect(renderForm('slack:T:C:1' as ThreadId, { ...form, lang: 'zh' }).close?.text).toBe('取消');
  expect(renderForm('slack:T:C:1' as ThreadId, { ...form, lang: 'en' }).close?.text).toBe('Cancel');
  const message = {
    text: '',
    blocks: [
      { type: 'references' as const, items: [{ title: '', url: 'https://example.com/r' }] },
      { type: 'image' as const, url: 'https://example.com/i.png', alt: '' },
    ],
  };
  const chinese = JSON.stringify(renderMessage({ ...message, lang: 'zh' })[0]?.blocks);
  expect(chinese).toContain('1. <https://example.com/r|无标题>');
  expect(chinese).toContain('"alt_text":"图片"');
  const en = JSON.stringify(renderMessage({ ...message, lang: 'en' })[0]?.blocks);
  expect(en).toContain('1. <https://example.com/r|untitled>');
  expect(en).toContain('"alt_text":"image"');
});

test("a message's feedback buttons are said in its language; a message that names none is in the workspace default", () => {
  const labels = (lang?: 'en' | 'zh') =>
    JSON.stringify(renderMessage({ text: 'answer', feedback: true, ...(lang ? { lang } : {}) }).at(-1)?.blocks).match(
      /"accessibility_label":"[^"]*"/g,
    );
  expect(labels('zh')).toEqual(['"accessibility_label":"回答很好"', '"accessibility_label":"回答不好"']);
  expect(labels()).toEqual(['"accessibility_label":"A good answer"', '"accessibility_label":"Not a good answer"']);
});
