/** Markdown as the plain text of a Teams notification preview (src/adapters/teams/render/plain-text.ts). */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../src/adapters/teams/render/message.js';
import { plainText } from '../../../src/adapters/teams/render/plain-text.js';
import { markdown, mention } from '../../../src/core/message.js';

describe('plainText', () => {
  it.each([
    ['**Step 1 of 5 · Technical solution**', 'Step 1 of 5 · Technical solution'],
    ['__bold__ and *italic* and _also_ and ~~gone~~', 'bold and italic and also and gone'],
    ['## Results\n> quoted line', 'Results quoted line'],
    ['See [the report](https://example.com/r "title") and ![a chart](https://example.com/c.png)', 'See the report and a chart'],
    ['Run `status` now', 'Run status now'],
    ['- one\n* two\n+ three\n1. four', 'one two three 1. four'],
    ['| a | b |\n|---|:---:|\n| 1 | 2 |', 'a · b 1 · 2'],
    ['```\ncode here\n```', 'code here'],
    ['snake_case_name and 2 * 3 * 4', 'snake_case_name and 2 * 3 * 4'],
    ['\\*not emphasis\\* and a \\| pipe', '*not emphasis* and a | pipe'],
    ['中文 **标题** 文本', '中文 标题 文本'],
  ])('%j → %j', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });

  it("keeps a mentioned user's name as it is, marks and all, in the message's preview", () => {
    const [page] = renderMessage(markdown(`**Started by ${mention('29:1user')} today**`), { nameOf: () => 'Ann_Example_' });
    expect(page?.summary).toBe('Started by @Ann_Example_ today');
  });
});
