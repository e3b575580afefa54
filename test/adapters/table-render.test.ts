/**
 * The neutral table block in each chat's renderer: Slack's table block within its limits (checked by the fake
 * Slack API's rules), one per message, the aligned text beyond; Teams' Table up to its column limit, the aligned
 * text in a monospace block beyond.
 */
import { describe, expect, it } from 'vitest';
import type { Block } from '../../src/core/message.js';
import { renderMessage as renderSlack } from '../../src/adapters/slack/render/message.js';
import { renderMessage as renderTeams, TEAMS_LIMITS } from '../../src/adapters/teams/index.js';
import { messageBlocksProblem } from '../helpers/fake-slack-api.js';

type Loose = Record<string, unknown> & { type: string };

function table(columns: number, rows: number): Extract<Block, { type: 'table' }> {
  const header = ['Feature', ...Array.from({ length: columns - 1 }, (_, i) => `D${i + 1}`)];
  const body = Array.from({ length: rows }, (_, r) => [`${r + 1}. feature ${r + 1}`, ...Array.from({ length: columns - 1 }, () => '●')]);
  return { type: 'table', header, rows: body, align: header.map((_, i) => (i === 0 ? 'left' : 'center')), text: '```\nFeature  D1\n1. f     ●\n```' };
}

describe('Slack', () => {
  const blocksOf = (blocks: Block[]): Loose[] => renderSlack({ text: 'matrix', blocks }).flatMap((m) => m.blocks as unknown as Loose[]);

  it('a table within the limits is one table block the fake Slack accepts', () => {
    const blocks = blocksOf([table(20, 99)]);
    expect(blocks.map((b) => b.type)).toEqual(['table']);
    expect((blocks[0]!.rows as unknown[]).length).toBe(100);
    expect(messageBlocksProblem(blocks)).toBeUndefined();
  });

  it('a second table in the message, or one over 100 rows or 20 columns, is its aligned text', () => {
    expect(blocksOf([table(3, 2), table(3, 2)]).map((b) => b.type)).toEqual(['table', 'markdown']);
    expect(messageBlocksProblem(blocksOf([table(3, 2), table(3, 2)]))).toBeUndefined();
    for (const big of [table(21, 2), table(3, 100)]) {
      expect(blocksOf([big])).toEqual([{ type: 'markdown', text: big.text }]);
    }
  });

  it('the fake refuses what Slack refuses: two tables, an empty cell', () => {
    const cell = (text: string) => ({ type: 'raw_text', text });
    expect(
      messageBlocksProblem([
        { type: 'table', rows: [[cell('a')]] },
        { type: 'table', rows: [[cell('b')]] },
      ]),
    ).toBe('only one table per message');
    expect(messageBlocksProblem([{ type: 'table', rows: [[cell('')]] }])).toBe('an empty table cell');
  });
});

describe('Teams', () => {
  const bodyOf = (blocks: Block[]): Loose[] => renderTeams({ text: 'matrix', blocks }).flatMap((m) => m.card.body as Loose[]);

  it(`a table of up to ${TEAMS_LIMITS.tableColumns} columns is a Table, the header its first row, repeated every 50 rows`, () => {
    const body = bodyOf([table(TEAMS_LIMITS.tableColumns, 60)]);
    expect(body.map((e) => e.type)).toEqual(['Table', 'Table']);
    expect(body[0]).toMatchObject({ firstRowAsHeader: true });
    expect((body[0]!.rows as unknown[]).length).toBe(51);
    expect((body[1]!.rows as unknown[]).length).toBe(11);
  });

  it('a wider table is its aligned text in monospace', () => {
    const body = bodyOf([table(TEAMS_LIMITS.tableColumns + 1, 2)]);
    expect(body.map((e) => e.type)).toEqual(['RichTextBlock']);
    expect(JSON.stringify(body)).toContain('Feature  D1');
  });
});
