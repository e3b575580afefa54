import { describe, expect, it } from 'vitest';
import { mention, type Block, type OutgoingMessage } from '../../../src/core/message.js';
import { renderMessage } from '../../../src/adapters/slack/render/message.js';
import { SLACK_LIMITS, SlackRenderError } from '../../../src/adapters/slack/render/limits.js';
import { messageBlocksProblem } from '../../helpers/fake-slack-api.js';

type Loose = Record<string, unknown> & { type: string };
const blocksOf = (message: OutgoingMessage): Loose[][] => renderMessage(message).map((m) => m.blocks as unknown as Loose[]);

describe('renderMessage', () => {
  it('sends text without blocks as one markdown block with the same fallback text', () => {
    expect(renderMessage({ text: '## Result\n- **one**' })).toEqual([
      { text: '## Result\n- **one**', blocks: [{ type: 'markdown', text: '## Result\n- **one**' }] },
    ]);
  });

  it('renders each block type', () => {
    const blocks: Block[] = [
      { type: 'markdown', text: 'intro' },
      { type: 'fields', fields: [{ label: 'Status', value: 'running' }] },
      { type: 'references', items: [{ title: 'A patent', url: 'https://example.com/p/1', detail: 'CN1' }] },
      { type: 'context', text: 'confirmed by alice' },
      { type: 'divider' },
      { type: 'image', url: 'https://example.com/chart.png', alt: 'a chart' },
      { type: 'actions', buttons: [{ action: 'confirm', label: 'Confirm', value: 'v1', style: 'primary' }] },
      {
        type: 'select',
        id: 'lang',
        action: 'set-lang',
        label: 'Language',
        options: [
          { value: 'en', label: 'English' },
          { value: 'zh', label: '中文' },
        ],
        value: 'zh',
      },
    ];
    const [page] = blocksOf({ text: 'all', blocks });
    expect(page).toEqual([
      { type: 'markdown', text: 'intro' },
      { type: 'section', fields: [{ type: 'mrkdwn', text: '*Status*\nrunning' }] },
      { type: 'section', text: { type: 'mrkdwn', text: '1. <https://example.com/p/1|A patent> — CN1' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'confirmed by alice' }] },
      { type: 'divider' },
      { type: 'image', image_url: 'https://example.com/chart.png', alt_text: 'a chart' },
      {
        type: 'actions',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Confirm', emoji: true }, action_id: 'confirm:0', value: 'v1', style: 'primary' },
        ],
      },
      {
        type: 'section',
        block_id: 'lang',
        text: { type: 'mrkdwn', text: '*Language*' },
        accessory: {
          type: 'static_select',
          action_id: 'set-lang:select',
          placeholder: { type: 'plain_text', text: 'Language', emoji: true },
          options: [
            { text: { type: 'plain_text', text: 'English', emoji: true }, value: 'en' },
            { text: { type: 'plain_text', text: '中文', emoji: true }, value: 'zh' },
          ],
          initial_option: { text: { type: 'plain_text', text: '中文', emoji: true }, value: 'zh' },
        },
      },
    ]);
  });

  it('renders a multi-select of up to 10 options as checkboxes, and more as a multi_static_select', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `P${i}`, label: `Patent ${i}` }));
    const [small] = blocksOf({ text: 'x', blocks: [{ type: 'multiSelect', id: 'pick', label: 'Pick', options: options(10), selected: ['P1'] }] });
    expect(small?.[1]).toMatchObject({ type: 'actions', block_id: 'pick', elements: [{ type: 'checkboxes', action_id: 'pick:multiselect' }] });
    expect((small?.[1]?.elements as Loose[])[0]?.initial_options).toEqual([
      { text: { type: 'plain_text', text: 'Patent 1', emoji: true }, value: 'P1' },
    ]);
    const [large] = blocksOf({ text: 'x', blocks: [{ type: 'multiSelect', id: 'pick', label: 'Pick', options: options(11) }] });
    expect(large?.[1]).toMatchObject({
      type: 'actions',
      block_id: 'pick',
      elements: [{ type: 'multi_static_select', action_id: 'pick:multiselect' }],
    });
    expect(() => renderMessage({ text: 'x', blocks: [{ type: 'multiSelect', id: 'p', label: 'P', options: options(101) }] })).toThrow(
      SlackRenderError,
    );
  });

  it('gives every button of a message a unique action id, 25 to an actions block', () => {
    const buttons = Array.from({ length: 30 }, (_, i) => ({ action: 'pick', label: `#${i}`, value: String(i) }));
    const [page] = blocksOf({
      text: 'x',
      blocks: [
        { type: 'actions', buttons: buttons.slice(0, 2) },
        { type: 'actions', buttons },
      ],
    });
    const ids = page?.flatMap((b) => (b.elements as { action_id: string }[]).map((e) => e.action_id)) ?? [];
    expect(ids).toHaveLength(32);
    expect(new Set(ids).size).toBe(32);
    expect(page?.map((b) => (b.elements as unknown[]).length)).toEqual([2, 25, 5]);
  });

  it("gives a button that throws work away Slack's confirm dialog, cut to the dialog's limits", () => {
    const confirm = { title: `Cancel the novelty search?${'?'.repeat(100)}`, text: 'w'.repeat(400), confirm: 'Yes, cancel it', deny: 'No, keep it' };
    const [page] = blocksOf({
      text: 'x',
      blocks: [{ type: 'actions', buttons: [{ action: 'cancel', label: 'Cancel', value: 'v', style: 'danger', confirm }] }],
    });
    const [button] = (page?.[0]?.elements ?? []) as Record<string, unknown>[];
    expect(button).toMatchObject({
      type: 'button',
      style: 'danger',
      confirm: {
        title: { type: 'plain_text', text: expect.stringMatching(/^Cancel the novelty search\?/) },
        text: { type: 'plain_text' },
        confirm: { type: 'plain_text', text: 'Yes, cancel it' },
        deny: { type: 'plain_text', text: 'No, keep it' },
        style: 'danger',
      },
    });
    const dialog = button?.confirm as Record<string, { text: string }>;
    expect(dialog.title?.text.length).toBeLessThanOrEqual(100);
    expect(dialog.text?.text.length).toBeLessThanOrEqual(300);
  });

  it('refuses a button value Slack would cut', () => {
    expect(() =>
      renderMessage({ text: 'x', blocks: [{ type: 'actions', buttons: [{ action: 'a', label: 'A', value: 'v'.repeat(2001) }] }] }),
    ).toThrow(SlackRenderError);
  });

  it('splits more than 50 blocks over messages, keeping order', () => {
    const blocks: Block[] = Array.from({ length: 120 }, (_, i) => ({ type: 'context', text: `line ${i}` }));
    const pages = renderMessage({ text: 'many', blocks });
    expect(pages.map((p) => p.blocks.length)).toEqual([50, 50, 20]);
    const texts = pages.flatMap((p) => p.blocks.map((b) => (b as unknown as { elements: { text: string }[] }).elements[0]?.text));
    expect(texts).toEqual(blocks.map((_, i) => `line ${i}`));
    expect(pages[0]?.text).toBe('many');
    expect(pages[1]?.text).not.toBe('');
  });

  it("keeps a multi-select's label and menu together on the next message rather than splitting them", () => {
    const filler: Block[] = Array.from({ length: 49 }, () => ({ type: 'divider' }));
    const pages = renderMessage({
      text: 'x',
      blocks: [...filler, { type: 'multiSelect', id: 'm', label: 'M', options: [{ value: 'a', label: 'A' }] }],
    });
    expect(pages.map((p) => p.blocks.length)).toEqual([49, 2]);
  });

  it("keeps each message's markdown under 12,000 characters and loses nothing", () => {
    const text = Array.from({ length: 400 }, (_, i) => `Sentence ${i} ${'x'.repeat(80)}.`).join('\n');
    const pages = renderMessage({
      text,
      blocks: [
        { type: 'markdown', text },
        { type: 'markdown', text: 'tail' },
      ],
    });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(messageBlocksProblem(page.blocks)).toBeUndefined();
    const joined = pages.flatMap((p) => p.blocks.map((b) => (b as { text?: string }).text ?? '')).join('');
    expect(joined).toBe(`${text}tail`);
  });

  it('truncates the fallback text to 4000 characters with an ellipsis, the blocks keeping all of it', () => {
    const text = 'y'.repeat(9000);
    const [page] = renderMessage({ text });
    expect(page?.text).toHaveLength(SLACK_LIMITS.fallbackText);
    expect(page?.text.endsWith('…')).toBe(true);
    expect((page?.blocks[0] as { text: string }).text).toHaveLength(9000);
  });

  it("defuses special and user mentions from outside in the fallback text and in markdown, keeping the bot's own", () => {
    const [page] = renderMessage({ text: `hi <!channel> <!here|here> & ${mention('U1')} <@U0VICTIM> <https://x.test|link>` });
    expect(page?.text).toBe('hi &lt;!channel&gt; &lt;!here|here&gt; &amp; <@U1> &lt;@U0VICTIM&gt; &lt;https://x.test|link&gt;');
    expect((page?.blocks[0] as { text: string }).text).toBe('hi &lt;!channel> &lt;!here|here> & <@U1> &lt;@U0VICTIM> <https://x.test|link>');
  });

  it("a forged mention marker (platform text that copies the marker without this process's key) stays plain text", () => {
    const forged = mention('U1')
      .replace(/[0-9a-f]{16}/, '0000000000000000')
      .replace('U1', 'U0VICTIM');
    const [page] = renderMessage({ text: `look ${forged}` });
    expect(JSON.stringify(page)).not.toContain('<@U0VICTIM>');
  });

  it('strips control characters', () => {
    const [page] = renderMessage({ text: 'a\u0000b\u0007c\r\nd\u001Be' });
    expect((page?.blocks[0] as { text: string }).text).toBe('abc\nde');
  });

  it('produces output the fake Slack accepts for a large mixed message', () => {
    const blocks: Block[] = [
      { type: 'markdown', text: 'm'.repeat(11_000) },
      {
        type: 'references',
        items: Array.from({ length: 200 }, (_, i) => ({
          title: `Ref ${i} ${'t'.repeat(100)}`,
          url: `https://example.com/${i}`,
          detail: 'd'.repeat(200),
        })),
      },
      { type: 'fields', fields: Array.from({ length: 23 }, (_, i) => ({ label: `F${i}`, value: 'v'.repeat(2500) })) },
    ];
    const pages = renderMessage({ text: 'mixed', blocks });
    for (const page of pages) expect(messageBlocksProblem(page.blocks)).toBeUndefined();
  });
});
