/** Teams' own words in Chinese: a form card's checks, a confirm question under its button, the start-over hint. */
import { expect, test } from 'vitest';
import { renderMessage } from '../../../src/adapters/teams/index.js';
import { withStartOverHint } from '../../../src/adapters/teams/chat-threads.js';
import { linkMessage } from '../../../src/adapters/teams/file-cards.js';
import { renderForm } from '../../../src/adapters/teams/render/form.js';
import { withLanguage } from '../../../src/i18n/index.js';

test('a form card: untitled, its required checks in Chinese', () => {
  const card = withLanguage('zh', () =>
    renderForm({
      action: 'save',
      title: '',
      submitLabel: '保存',
      value: 'v',
      fields: [
        { id: 'name', label: '名称', kind: 'text' },
        { id: 'fields', label: '领域', kind: 'checkboxes', options: [{ value: 'a', label: '机械' }] },
      ],
    }),
  );
  expect(card.summary).toBe('表单');
  const json = JSON.stringify(card.card);
  expect(json).toContain('"errorMessage":"此项为必填项"');
  expect(json).toContain('"errorMessage":"请至少选择一项"');
});

test('Cancel asks its question under the button, saying how to back out, in Chinese', () => {
  const [page] = withLanguage('zh', () =>
    renderMessage({
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
    }),
  );
  expect(JSON.stringify(page?.card)).toContain('已完成的步骤将被丢弃。（不取消：再按一次“取消”。）');
});

test("a chat thread's footer says how to start over, in Chinese", () => {
  const hinted = withLanguage('zh', () => withStartOverHint({ text: 'x', blocks: [{ type: 'context', text: '由 Ann 发起' }] }));
  expect(hinted.blocks).toEqual([{ type: 'context', text: '由 Ann 发起 · 输入 `new` 或一条命令，即可在此聊天中开始新对话' }]);
});

test('a report offered as a link in a channel says until when the link works, in Chinese', () => {
  const message = withLanguage('zh', () =>
    linkMessage(
      { filename: 'novelty-report.docx', title: '新颖性检索报告', size: 2048 },
      'https://bot.example/files/abc',
      new Date(Date.UTC(2025, 0, 9, 8, 30)),
    ),
  );
  expect(JSON.stringify(message.card)).toContain('novelty-report.docx · ');
  expect(JSON.stringify(message.card)).toContain(' · 下载链接有效期至 2025年1月9日 08:30 UTC');
});
