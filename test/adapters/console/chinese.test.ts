/** The terminal's own words in Chinese: choice hints, ticks, a confirm question, forms, threads, the banner, durations, images. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderInline } from '../../../src/adapters/console/inline-terminal.js';
import { ago } from '../../../src/adapters/console/input.js';
import { plainStyle } from '../../../src/adapters/console/style.js';
import { setDefaultLanguage, translatorFor } from '../../../src/i18n/index.js';
import { startHarness, type Bot } from './harness.js';

const expectInOrder = (text: string, parts: string[]): void => {
  let at = 0;
  for (const part of parts) {
    const found = text.indexOf(part, at);
    expect(found, `"${part}" after position ${at} in:\n${text}`).toBeGreaterThanOrEqual(0);
    at = found + part.length;
  }
};

/** Posts a message with a multi-select and two buttons (one throws work away); the Edit button opens a form. */
const bot: Bot = async (incoming, adapter) => {
  if (incoming.kind === 'command') {
    await adapter.post(incoming.thread!, {
      text: '特征',
      blocks: [
        {
          type: 'multiSelect',
          id: 'features',
          label: '特征',
          options: [
            { value: 'f1', label: '铰链' },
            { value: 'f2', label: '弹簧' },
          ],
        },
        {
          type: 'actions',
          buttons: [
            { action: 'edit', label: 'Edit', value: 'v' },
            {
              action: 'cancel',
              label: '取消',
              value: 'v',
              style: 'danger',
              confirm: { title: '取消检索？', text: '将丢弃已完成的步骤。', confirm: '是', deny: '否' },
            },
          ],
        },
      ],
    });
  } else if (incoming.kind === 'action' && incoming.action === 'edit' && incoming.triggerId) {
    await adapter.openForm!(incoming.triggerId, incoming.thread, {
      action: 'save',
      title: '编辑方案',
      submitLabel: '保存',
      value: 'v',
      fields: [
        { id: 'title', label: '标题', kind: 'text', initial: '折叠铰链' },
        { id: 'note', label: '备注', kind: 'text', optional: true, maxLength: 4 },
      ],
    });
  }
};

describe('the console in Chinese', () => {
  beforeEach(() => setDefaultLanguage('zh'));
  afterEach(() => setDefaultLanguage('en'));

  it('hints, ticks, confirms, asks a form and lists threads in Chinese', async () => {
    const h = await startHarness(bot);
    h.adapter.printBanner(['iip-bot']);
    h.type('novelty 折叠铰链\n');
    h.type('1\n');
    h.type('\n');
    h.type('9\n');
    h.type('x\n');
    h.type('n\n');
    h.type('e\n');
    await h.nextIncoming(2);
    h.type('\n');
    h.type('太长的备注\n');
    h.type('好\n');
    const submitted = await h.nextIncoming(3);
    expect(submitted).toMatchObject({ kind: 'form', fields: { title: '折叠铰链', note: '好' } });
    h.type('threads\n');
    h.type('switch 7\n');
    h.type('exit\n');
    await h.adapter.closed;
    expectInOrder(h.text(), [
      '输入命令开始，例如 `help`。',
      '── 话题 1 · #1',
      '1. [ ] 铰链',
      '输入数字勾选，再输入字母（例如 1 3 e）；也可以只输入字母。',
      '已勾选：铰链。',
      '接下来：[e] Edit  [x] 取消',
      '接下来 [e/x]> ',
      '未选择按钮；已保留勾选。',
      '没有选项 9：请输入 1-2、e 或 x。',
      '将丢弃已完成的步骤。',
      '取消检索？ y/N> n',
      '取消：未执行，没有任何改动。',
      '编辑方案',
      '填完最后一项即相当于点按“保存”。请逐项填写；直接按 Enter 保留显示的值。按 Ctrl-C 取消表单。',
      '当前值：折叠铰链',
      '备注（选填，最多 4 个字符）',
      '“备注”最多 4 个字符（当前 5 个）。',
      '✓ 保存',
      '话题',
      '刚刚',
      '输入 `switch N` 回到某个话题。',
      '没有话题 7；输入 `threads` 查看列表。',
    ]);
    expect(h.text()).not.toMatch(/Type |Ticked|current:|Sure\?/);
  });

  it("a thread's age, the Ctrl-C window and an image's word are Chinese (Intl); English in English", async () => {
    const now = Date.UTC(2025, 5, 15, 12);
    const zh = translatorFor('zh');
    const en = translatorFor('en');
    expect([
      ago(now - 20_000, now, zh),
      ago(now - 10 * 60_000, now, zh),
      ago(now - 3 * 3_600_000, now, zh),
      ago(now - 30 * 3_600_000, now, zh),
    ]).toEqual(['刚刚', '10分钟前', '3小时前', '昨天']);
    expect(ago(now - 10 * 86_400_000, now, zh)).toBe('2025年6月5日');
    expect([ago(now - 10 * 60_000, now, en), ago(now - 3 * 3_600_000, now, en), ago(now - 3 * 86_400_000, now, en)]).toEqual([
      '10 minutes ago',
      '3 hours ago',
      '3 days ago',
    ]);
    expect(renderInline('![铰链](https://example.com/h.png)', plainStyle, zh)).toBe('[图片：铰链] (https://example.com/h.png)');
    expect(renderInline('![](https://example.com/h.png)', plainStyle, en)).toBe('[image] (https://example.com/h.png)');
    let clock = 0;
    const h = await startHarness(async () => undefined, { interactive: true, now: () => clock, onInterrupt: () => false });
    h.type('\x03');
    await h.until(() => h.text().includes('（3秒钟内再按一次 Ctrl-C 即退出，或输入 exit）'));
    clock = 1000;
    h.type('\x03');
    await h.adapter.closed;
  });

  it('`是` confirms a button that throws work away', async () => {
    const h = await startHarness(bot);
    h.type('novelty 铰链\n');
    h.type('x\n是\n');
    expect(await h.nextIncoming(2)).toMatchObject({ kind: 'action', action: 'cancel' });
    h.type('exit\n');
    await h.adapter.closed;
  });
});
