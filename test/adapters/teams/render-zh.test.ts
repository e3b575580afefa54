/** Teams' own words in Chinese: a form card's checks, a confirm question, the start-over hint, Apply, fallbacks, file cards. */
import { expect, test } from 'vitest';
import { renderMessage } from '../../../src/adapters/teams/index.js';
import { withStartOverHint } from '../../../src/adapters/teams/chat-threads.js';
import { consentMessage, linkMessage } from '../../../src/adapters/teams/file-cards.js';
import { imageMessage } from '../../../src/adapters/teams/image-reply.js';
import { renderForm } from '../../../src/adapters/teams/render/form.js';
import { translatorFor } from '../../../src/i18n/index.js';

test('a form card: untitled, its required checks in Chinese', () => {
  const card = renderForm({
    action: 'save',
    title: '',
    submitLabel: '保存',
    value: 'v',
    fields: [
      { id: 'name', label: '名称', kind: 'text' },
      { id: 'fields', label: '领域', kind: 'checkboxes', options: [{ value: 'a', label: '机械' }] },
    ],
    lang: 'zh',
  });
  expect(card.summary).toBe('表单');
  const json = JSON.stringify(card.card);
  expect(json).toContain('"errorMessage":"此项为必填项"');
  expect(json).toContain('"errorMessage":"请至少选择一项"');
});

test('Cancel asks its question under the button, saying how to back out, in Chinese', () => {
  const [page] = renderMessage({
    text: '检索',
    blocks: [
      {
        type: 'actions',
        buttons: [
          {
            action: 'cancel',
            label: '取消',
            value: 'v',
            style: 'danger',
            confirm: { title: '取消检索？', text: '已完成的步骤将被丢弃。', confirm: '是，取消', deny: '不取消' },
          },
        ],
      },
    ],
    lang: 'zh',
  });
  expect(JSON.stringify(page?.card)).toContain('已完成的步骤将被丢弃。（不取消：再按一次“取消”。）');
});

test("a chat thread's footer says how to start over, in Chinese", () => {
  const hinted = withStartOverHint({ text: 'x', blocks: [{ type: 'context', text: '由 Ann 发起' }], lang: 'zh' });
  expect(hinted.blocks).toEqual([{ type: 'context', text: '由 Ann 发起 · 输入 `new` 或一条命令，即可在此聊天中开始新对话' }]);
});

test('a report offered as a link in a channel says until when the link works, in Chinese', () => {
  const message = linkMessage(
    { filename: 'novelty-report.docx', title: '新颖性检索报告', size: 2048 },
    'https://bot.example/files/abc',
    new Date(Date.UTC(2025, 0, 9, 8, 30)),
    translatorFor('zh'),
  );
  expect(message.summary).toBe('文件：新颖性检索报告');
  expect(JSON.stringify(message.card)).toContain('novelty-report.docx · 2 kB · 下载链接有效期至 2025年1月9日 08:30 UTC');
  const english = linkMessage(
    { filename: 'r.docx', title: 'Novelty report', size: 2.5 * 1024 * 1024 },
    'https://bot.example/f',
    new Date(0),
    translatorFor('en'),
  );
  expect(english.summary).toBe('File: Novelty report');
  expect(JSON.stringify(english.card)).toContain('r.docx · 2.5 MB · the download link works until');
});

test("a 1:1 chat's file consent card names the file and its size in Chinese; English unchanged", () => {
  const file = { filename: 'disclosure.docx', title: '技术交底书', size: 1_572_864 };
  const context = { iip: 'file' as const, token: 't', conversation: 'c' };
  const zh = consentMessage(file, context, translatorFor('zh'));
  expect(zh.summary).toBe('文件：技术交底书');
  expect(zh.attachments?.[0]?.content.description).toBe('技术交底书（1.5 MB）。点“允许”即保存到你的 OneDrive，之后可在那里打开或共享。');
  const en = consentMessage({ ...file, title: 'Disclosure', size: 300 }, context, translatorFor('en'));
  expect(en.summary).toBe('File: Disclosure');
  expect(en.attachments?.[0]?.content.description).toMatch(/^Disclosure \(1 kB\)\. Allow saves it/);
});

test("a select's Apply button, an untitled reference, an image's alt text and an untitled picture are Chinese; English unchanged", () => {
  const message = {
    text: '',
    blocks: [
      { type: 'select' as const, id: 'node', action: 'pick', label: '节点', options: [{ value: 'a', label: '铰链' }], value: 'a' },
      { type: 'references' as const, items: [{ title: '', url: 'https://example.com/r' }] },
      { type: 'image' as const, url: 'https://example.com/i.png', alt: '' },
    ],
  };
  const zh = JSON.stringify(renderMessage({ ...message, lang: 'zh' })[0]?.card);
  expect(zh).toContain('"type":"Action.Submit","title":"应用"');
  expect(zh).toContain('1. [无标题](https://example.com/r)');
  expect(zh).toContain('"altText":"图片"');
  const en = JSON.stringify(renderMessage({ ...message, lang: 'en' })[0]?.card);
  expect(en).toContain('"type":"Action.Submit","title":"Apply"');
  expect(en).toContain('1. [untitled](https://example.com/r)');
  expect(en).toContain('"altText":"image"');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
  expect(imageMessage(png, '', translatorFor('zh')).summary).toBe('图片');
  expect(imageMessage(png, '', translatorFor('en')).summary).toBe('Image');
});

test("a message spread over several cards: the further cards' notification text is Chinese", () => {
  const text = Array.from({ length: 60 }, (_, i) => `第 ${i} 段：${'深度学习 '.repeat(300).trim()}`).join('\n\n');
  const pages = renderMessage({ text: '长文', blocks: [{ type: 'markdown', text }], lang: 'zh' });
  expect(pages.length).toBeGreaterThan(1);
  expect(pages.map((p) => p.summary)).toEqual(['长文', ...pages.slice(1).map(() => '（续）')]);
});
