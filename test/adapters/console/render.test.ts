import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../src/adapters/console/render-terminal.js';
import { ansiStyle, plainStyle } from '../../../src/adapters/console/style.js';
import { displayWidth, rowsOf, stripAnsi } from '../../../src/adapters/console/text-width.js';
import type { OutgoingMessage } from '../../../src/core/message.js';

const plain = (message: OutgoingMessage | string, width?: number): string[] =>
  renderMessage(typeof message === 'string' ? { text: message } : message, { style: plainStyle, width });

describe('markdown for the terminal', () => {
  it('renders headings, lists, quotes, code, links, images and escapes readably without ANSI', () => {
    const text = [
      '# Novelty report',
      '## Claims',
      '1. A *hinge* with [prior art](https://ex.com/a_b_c) and snake_case_name',
      '   - nested **point**',
      '- [x] done',
      '> quoted',
      '```ts',
      'const x = `y`;',
      '```',
      '~~old~~ \\*literal\\* <https://a.io> ![fig](https://img/x.png)',
      '---',
    ].join('\n');
    expect(plain(text)).toEqual([
      'Novelty report',
      '==============',
      'Claims',
      '------',
      '  1. A hinge with prior art (https://ex.com/a_b_c) and snake_case_name',
      '    - nested point',
      '  - [x] done',
      '│ quoted',
      '    const x = `y`;',
      '~~old~~ *literal* https://a.io [image: fig] (https://img/x.png)',
      '-'.repeat(40),
    ]);
  });

  it('uses ANSI bold, italics, underline and colour when the terminal has them', () => {
    const [heading, line] = renderMessage({ text: '## Title\n**b** *i* `c` [t](https://u)' }, { style: ansiStyle, width: 80 });
    expect(heading).toBe('\x1b[4m\x1b[1mTitle\x1b[22m\x1b[24m');
    expect(line).toBe('\x1b[1mb\x1b[22m \x1b[3mi\x1b[23m \x1b[36mc\x1b[39m t (\x1b[4mhttps://u\x1b[24m)');
  });

  it('word-wraps to the terminal width with hanging indents, reopening a style on each row', () => {
    expect(plain('- a list item that is long enough to need wrapping', 20)).toEqual([
      '  - a list item that',
      '    is long enough',
      '    to need wrapping',
    ]);
    const rows = renderMessage({ text: '**bold text that wraps over rows**' }, { style: ansiStyle, width: 12 });
    expect(rows.map(stripAnsi)).toEqual(['bold text', 'that wraps', 'over rows']);
    expect(rows.every((row) => row.startsWith('\x1b[1m'))).toBe(true);
    expect(plain('中文字符测试一下这个宽度是否正确', 20)).toEqual(['中文字符测试一下这个', '宽度是否正确']);
    expect(plain('专利 检索结果显示技术方案集中在散热', 20)).toEqual(['专利 检索结果显示技', '术方案集中在散热']);
    const link = renderMessage({ text: 'read the [docs](https://ex.com/abc) now' }, { style: ansiStyle, width: 20 });
    expect(link.map(stripAnsi)).toEqual(['read the docs', '(https://ex.com/abc)', 'now']);
  });

  it('aligns tables, and turns rows into records when the table is wider than the terminal', () => {
    const table = '| Patent | Year | Status |\n|:--|--:|:-:|\n| CN1234567A | 2021 | granted |\n| US9 | 19 | ok |';
    expect(plain(table)).toEqual(['Patent      Year  Status', '----------  ----  -------', 'CN1234567A  2021  granted', 'US9           19    ok']);
    expect(plain('• `ask <question>`: ask\n    e.g. `ask what is CRISPR`')).toEqual(['• `ask <question>`: ask', '    e.g. `ask what is CRISPR`']);
    expect(plain('a | b\n---')).toEqual(['a | b', '-'.repeat(40)]); // a rule, not a table
    expect(plain(table, 20)).toEqual(['Patent  CN1234567A', 'Year    2021', 'Status  granted', '', 'Patent  US9', 'Year    19', 'Status  ok']);
  });
});

describe('blocks for the terminal', () => {
  it('fields, references, context, dividers and images', () => {
    expect(
      plain({
        text: 'x',
        blocks: [
          {
            type: 'fields',
            fields: [
              { label: 'Task', value: 'novelty' },
              { label: 'Submitted by', value: 'Ada\nLovelace' },
            ],
          },
          {
            type: 'references',
            title: 'Sources',
            items: [{ title: 'Foldable hinge', url: 'https://p/1', detail: 'CN, 2021' }, { title: 'Handbook' }],
          },
          { type: 'context', text: 'Powered by IIP' },
          { type: 'divider' },
          { type: 'image', url: 'https://img/y.png', alt: 'chart' },
        ],
      }),
    ).toEqual([
      'Task:         novelty',
      'Submitted by: Ada',
      '              Lovelace',
      'Sources',
      '[1] Foldable hinge — https://p/1',
      '    CN, 2021',
      '[2] Handbook',
      'Powered by IIP',
      '-'.repeat(40),
      '[image: chart] (https://img/y.png)',
    ]);
  });

  it('numbers the options across the message and gives buttons letters: x for the one that throws work away', () => {
    const lines = plain({
      text: 'x',
      blocks: [
        {
          type: 'multiSelect',
          id: 'm',
          label: 'Keep',
          options: [
            { value: 'a', label: 'A', description: 'first' },
            { value: 'b', label: 'B' },
          ],
          selected: ['b'],
        },
        { type: 'select', id: 's', action: 'pick', label: 'Mode', value: 'q', options: [{ value: 'q', label: 'Quick' }] },
        {
          type: 'actions',
          buttons: [
            { action: 'confirm', label: 'Confirm', value: 'v' },
            { action: 'no', label: 'Cancel', value: 'v', style: 'danger' },
          ],
        },
      ],
    });
    expect(lines).toEqual([
      'Keep',
      '  1. [ ] A — first',
      '  2. [x] B',
      'Mode',
      '  3. Quick (current)',
      '[c] Confirm  [x] Cancel',
      'Type the numbers to tick, then a letter (e.g. 1 3 c); or just a letter.',
    ]);
    expect(
      plain(
        {
          text: 'x',
          blocks: [
            {
              type: 'actions',
              buttons: [
                { action: 'confirm', label: 'Confirm', value: '' },
                { action: 'form-edit', label: 'Edit', value: '' },
                { action: 'cancel', label: 'Cancel', value: '', style: 'danger' },
              ],
            },
          ],
        },
        21,
      ),
    ).toEqual(['[c] Confirm  [e] Edit', '[x] Cancel', 'Type c, e or x to choose.']);
  });
});

describe('terminal geometry', () => {
  it('measures display width and wrapped rows (wide characters take two columns, ANSI none)', () => {
    expect(displayWidth('\x1b[1mab\x1b[22m中')).toBe(4);
    expect(rowsOf('', 10)).toBe(1);
    expect(rowsOf('x'.repeat(10), 10)).toBe(1);
    expect(rowsOf('x'.repeat(11), 10)).toBe(2);
    expect(rowsOf(`${'x'.repeat(9)}中`, 10)).toBe(2); // the wide character does not fit in the last column
  });
});
