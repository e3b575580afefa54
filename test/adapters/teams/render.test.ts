import { mention } from '../../../src/core/message.js';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../src/core/message.js';
import { TEAMS_LIMITS, TeamsRenderError, renderMessage, type TeamsMessage } from '../../../src/adapters/teams/index.js';

const body = (blocks: Block[], options = {}) => {
  const [page, ...rest] = renderMessage({ text: 'fallback', blocks }, options) as [TeamsMessage, ...TeamsMessage[]];
  expect(rest).toEqual([]);
  return page.card.body;
};

describe('Teams rendering: one block type at a time', () => {
  it('markdown: paragraphs as wrapped TextBlocks, headings bold, code literal and monospace, rules as separators', () => {
    const text = '# Title\n\nSome **bold** text\n- one\n- two\n\n```ts\nconst a = b * c;\n```\n\n---\n\n> quoted\n> lines\n\n### Small';
    expect(body([{ type: 'markdown', text }])).toEqual([
      { type: 'TextBlock', text: 'Title', wrap: true, weight: 'Bolder', size: 'Large' },
      { type: 'TextBlock', text: 'Some **bold** text\n- one\n- two', wrap: true },
      { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'const a = b * c;', fontType: 'Monospace' }] },
      { type: 'Container', style: 'emphasis', separator: true, items: [{ type: 'TextBlock', text: 'quoted\nlines', wrap: true, isSubtle: true }] },
      { type: 'TextBlock', text: 'Small', wrap: true, weight: 'Bolder', size: 'Default' },
    ]);
  });

  it('markdown tables: an Adaptive Card Table with a bold header row; too wide ones as monospace text', () => {
    const [table] = body([{ type: 'markdown', text: '| Patent | Year |\n|---|---:|\n| US1 | 2020 |\n| EP2 \\| B1 |' }]);
    const cell = (text: string, header = false) => ({
      type: 'TableCell',
      items: [{ type: 'TextBlock', text, wrap: true, ...(header ? { weight: 'Bolder' } : {}) }],
    });
    expect(table).toEqual({
      type: 'Table',
      firstRowAsHeader: true,
      showGridLines: true,
      columns: [{ width: 1 }, { width: 1 }],
      rows: [
        { type: 'TableRow', cells: [cell('Patent', true), cell('Year', true)] },
        { type: 'TableRow', cells: [cell('US1'), cell('2020')] },
        { type: 'TableRow', cells: [cell('EP2 | B1'), cell(' ')] },
      ],
    });
    const wide = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const [monospace] = body([{ type: 'markdown', text: `| ${wide.join(' | ')} |\n|${'---|'.repeat(12)}\n| ${wide.join(' | ')} |` }]);
    expect(monospace).toMatchObject({
      type: 'RichTextBlock',
      inlines: [{ fontType: 'Monospace', text: `${wide.join(' | ')}\n${wide.join(' | ')}` }],
    });
  });

  it('fields as a FactSet, context as small subtle text, a divider as a separator', () => {
    expect(
      body([
        {
          type: 'fields',
          fields: [
            { label: 'Status', value: 'done' },
            { label: 'Empty', value: '' },
          ],
        },
        { type: 'divider' },
        { type: 'context', text: 'confirmed by Ann' },
      ]),
    ).toEqual([
      {
        type: 'FactSet',
        facts: [
          { title: 'Status', value: 'done' },
          { title: 'Empty', value: '-' },
        ],
      },
      { type: 'Container', separator: true, spacing: 'Medium', items: [] },
      { type: 'TextBlock', text: 'confirmed by Ann', size: 'Small', isSubtle: true, wrap: true },
    ]);
  });

  it('references as numbered TextBlocks, linked only for http(s) URLs', () => {
    expect(
      body([
        {
          type: 'references',
          title: 'Sources',
          items: [
            { title: 'Gene [editing] review', url: 'https://example.org/a(1)', detail: 'Nature 2020' },
            { title: 'Local file', url: 'javascript:alert(1)' },
          ],
        },
      ]),
    ).toEqual([
      { type: 'TextBlock', text: 'Sources', weight: 'Bolder', wrap: true },
      { type: 'TextBlock', text: '1. [Gene editing review](https://example.org/a(1%29) — Nature 2020', wrap: true, spacing: 'Small' },
      { type: 'TextBlock', text: '2. Local file', wrap: true, spacing: 'Small' },
    ]);
  });

  it('images from http(s) only; anything else shows its alt text', () => {
    expect(body([{ type: 'image', url: 'https://example.org/fig.png', alt: 'Figure 1' }])).toEqual([
      { type: 'Image', url: 'https://example.org/fig.png', altText: 'Figure 1' },
    ]);
    expect(body([{ type: 'image', url: 'file:///etc/passwd', alt: 'Figure 2' }])).toEqual([
      { type: 'TextBlock', text: 'Figure 2', size: 'Small', isSubtle: true, wrap: true },
    ]);
  });

  it("buttons as Action.Submit with their action and value, styled, carrying the message's multi-selects", () => {
    const [multi, actions] = body([
      {
        type: 'multiSelect',
        id: 'patents',
        label: 'Patents',
        options: [
          { value: 'P1', label: 'One', description: 'first' },
          { value: 'a,b%', label: 'Comma' },
        ],
        selected: ['a,b%', 'gone'],
      },
      {
        type: 'actions',
        buttons: [
          { action: 'confirm', label: 'Confirm', value: 's=1;v=2', style: 'primary' },
          { action: 'cancel', label: 'Cancel', value: 's=1;v=2', style: 'danger' },
        ],
      },
    ]);
    expect(multi).toEqual({
      type: 'Input.ChoiceSet',
      id: 'patents',
      label: 'Patents',
      isMultiSelect: true,
      style: 'expanded',
      value: 'a%2Cb%25',
      choices: [
        { type: 'Input.Choice', title: 'One — first', value: 'P1' },
        { type: 'Input.Choice', title: 'Comma', value: 'a%2Cb%25' },
      ],
    });
    expect(actions).toEqual({
      type: 'ActionSet',
      actions: [
        {
          type: 'Action.Submit',
          title: 'Confirm',
          style: 'positive',
          data: { iip: { kind: 'button', action: 'confirm', value: 's=1;v=2', multi: ['patents'] } },
        },
        {
          type: 'Action.Submit',
          title: 'Cancel',
          style: 'destructive',
          data: { iip: { kind: 'button', action: 'cancel', value: 's=1;v=2', multi: ['patents'] } },
        },
      ],
    });
  });

  it('a multi-select of more than 10 options as a compact dropdown', () => {
    const options = Array.from({ length: 11 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}` }));
    expect(body([{ type: 'multiSelect', id: 'm', label: 'Many', options }])[0]).toMatchObject({ style: 'compact', isMultiSelect: true, value: '' });
  });

  it('a select as a compact ChoiceSet and an Apply submit naming its input; chat cards carry their thread', () => {
    expect(
      body(
        [
          {
            type: 'select',
            id: 'order',
            action: 'sort',
            label: 'Sort by',
            value: 'new',
            options: [
              { value: 'new', label: 'Newest' },
              { value: 'old', label: 'Oldest' },
            ],
          },
        ],
        { thread: '1700' },
      ),
    ).toEqual([
      {
        type: 'Input.ChoiceSet',
        id: 'order',
        label: 'Sort by',
        style: 'compact',
        value: 'new',
        choices: [
          { type: 'Input.Choice', title: 'Newest', value: 'new' },
          { type: 'Input.Choice', title: 'Oldest', value: 'old' },
        ],
      },
      {
        type: 'ActionSet',
        actions: [
          { type: 'Action.Submit', title: 'Apply', data: { iip: { kind: 'select', action: 'sort', value: '', input: 'order', thread: '1700' } } },
        ],
      },
    ]);
  });
});

describe('Teams rendering: whole messages', () => {
  it('sends plain text as a card too, with the text as the notification summary', () => {
    expect(renderMessage({ text: 'Hello   there\nyou' })).toEqual([
      {
        summary: 'Hello there you',
        card: {
          type: 'AdaptiveCard',
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          version: '1.5',
          msteams: { width: 'Full' },
          body: [{ type: 'TextBlock', text: 'Hello   there\nyou', wrap: true }],
        },
      },
    ]);
  });

  it('turns core mentions into Teams mentions for known users, "@user" otherwise', () => {
    const text = `Started by ${mention('29:ann')}, seen by ${mention('29:bob')}; the model wrote <@29:ann>`;
    const [page] = renderMessage(
      { text: `Started by ${mention('29:ann')}`, blocks: [{ type: 'markdown', text }] },
      {
        nameOf: (id) => (id === '29:ann' ? 'Ann Example' : undefined),
      },
    );
    expect(page?.summary).toBe('Started by @Ann Example');
    expect(page?.card.body[0]).toMatchObject({ text: 'Started by <at>Ann Example</at>, seen by @user; the model wrote <@29:ann>' });
    expect(page?.card.msteams.entities).toEqual([
      { type: 'mention', text: '<at>Ann Example</at>', mentioned: { id: '29:ann', name: 'Ann Example' } },
    ]);
  });

  it('spreads a message too big for one card over several, each within the byte budget, order kept', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: ${'深度学习 '.repeat(300).trim()}`).join('\n\n');
    const pages = renderMessage({ text: 'long', blocks: [{ type: 'markdown', text }] });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page.card))).toBeLessThanOrEqual(TEAMS_LIMITS.cardBytes);
    const shown = pages.flatMap((p) => p.card.body.map((e) => String(e.text))).join('\n\n');
    expect(shown).toBe(text);
    expect(pages.slice(1).every((p) => p.summary === '(continued)')).toBe(true);
  });

  it('refuses what Teams cannot show: empty option lists, reserved input ids, oversized values', () => {
    expect(() => renderMessage({ text: 'x', blocks: [{ type: 'multiSelect', id: 'm', label: 'M', options: [] }] })).toThrow(TeamsRenderError);
    expect(() =>
      renderMessage({ text: 'x', blocks: [{ type: 'multiSelect', id: 'iip', label: 'M', options: [{ value: 'a', label: 'A' }] }] }),
    ).toThrow(TeamsRenderError);
    expect(() =>
      renderMessage({ text: 'x', blocks: [{ type: 'actions', buttons: [{ action: 'a', label: 'A', value: 'v'.repeat(2_001) }] }] }),
    ).toThrow(TeamsRenderError);
  });
});
