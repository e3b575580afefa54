import { mention } from '../../../src/core/message.js';
import { describe, expect, it } from 'vitest';
import { renderContext, renderFields, renderImage, renderReferences } from '../../../src/adapters/slack/render/content.js';
import { escapeTruncated, safeUrl, splitText, truncate } from '../../../src/adapters/slack/render/text.js';
import { translatorFor } from '../../../src/i18n/index.js';

const en = translatorFor('en');

type Section = { type: string; text?: { text: string }; fields?: { text: string }[] };

describe('references', () => {
  it('numbers links and escapes & < > in titles and details', () => {
    const [section] = renderReferences(
      [
        { title: 'Fish & <b>chips</b> <!channel>', url: 'https://example.com/a?x=1&y=2', detail: `see ${mention('U1')} <@U1|x> <@U9>` },
        { title: 'No link' },
        { title: `by ${mention('U2')}`, url: 'https://example.com/b' },
      ],
      'Sources',
      en,
    ) as Section[];
    expect(section?.text?.text).toBe(
      [
        '*Sources*',
        '1. <https://example.com/a?x=1&y=2|Fish &amp; &lt;b&gt;chips&lt;/b&gt; &lt;!channel&gt;> — see <@U1> &lt;@U1|x&gt; &lt;@U9&gt;',
        '2. No link',
        '3. <https://example.com/b|by @U2>',
      ].join('\n'),
    );
  });

  it('drops links that are not http(s) and encodes characters that would end a link', () => {
    const [section] = renderReferences(
      [
        { title: 'bad', url: 'javascript:alert(1)' },
        { title: 'pipes', url: 'https://example.com/a|b>c' },
      ],
      undefined,
      en,
    ) as Section[];
    expect(section?.text?.text).toBe('1. bad\n2. <https://example.com/a%7Cb%3Ec|pipes>');
  });

  it('spreads a long list over sections of at most 3000 characters without splitting a line', () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ title: `Patent number ${i} ${'t'.repeat(60)}`, url: `https://example.com/${i}` }));
    const sections = renderReferences(items, undefined, en) as Section[];
    expect(sections.length).toBeGreaterThan(1);
    const lines = sections.flatMap((s) => {
      expect(s.text?.text.length).toBeLessThanOrEqual(3000);
      return s.text?.text.split('\n') ?? [];
    });
    expect(lines).toHaveLength(120);
    expect(lines[119]?.startsWith('120. <https://example.com/119|')).toBe(true);
  });

  it('keeps a line with an enormous title and detail under 3000 characters', () => {
    const [section] = renderReferences(
      [{ title: '&'.repeat(5000), url: 'https://example.com/x', detail: '<'.repeat(5000) }],
      undefined,
      en,
    ) as Section[];
    const text = section?.text?.text ?? '';
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text).not.toMatch(/&[a-z]{0,3}…/);
  });
});

describe('fields', () => {
  it('puts at most 10 fields in a section, each at most 2000 characters, escaped', () => {
    const fields = Array.from({ length: 23 }, (_, i) => ({ label: `L${i}`, value: i === 0 ? '<!here> & co' : 'v'.repeat(3000) }));
    const sections = renderFields(fields) as Section[];
    expect(sections.map((s) => s.fields?.length)).toEqual([10, 10, 3]);
    expect(sections[0]?.fields?.[0]?.text).toBe('*L0*\n&lt;!here&gt; &amp; co');
    for (const field of sections.flatMap((s) => s.fields ?? [])) expect(field.text.length).toBeLessThanOrEqual(2000);
  });
});

describe('context and image', () => {
  it("escapes mrkdwn in context so <!channel> and <@U…> from outside cannot ping, keeping the bot's own mention", () => {
    expect(renderContext(`ping <!channel> <@U0VICTIM> now, confirmed by ${mention('U12AB')}`)).toEqual([
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'ping &lt;!channel&gt; &lt;@U0VICTIM&gt; now, confirmed by <@U12AB>' }] },
    ]);
    expect(renderContext('   ')).toEqual([]);
  });

  it('shows the alt text instead of an image with a non-http URL', () => {
    expect(renderImage('file:///etc/passwd', 'diagram', en)).toEqual([{ type: 'context', elements: [{ type: 'mrkdwn', text: 'diagram' }] }]);
  });
});

describe('text helpers', () => {
  it('splits at paragraph, then line, then word breaks, and joins back to the original', () => {
    const text = `${'a'.repeat(60)}\n\n${'b'.repeat(30)} ${'c'.repeat(30)}\n${'d'.repeat(50)}`;
    const pieces = splitText(text, 80);
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]).toBe(`${'a'.repeat(60)}\n\n`);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(80);
  });

  it('never cuts a surrogate pair', () => {
    const text = '😀'.repeat(10);
    for (const piece of splitText(text, 5)) expect(piece).toMatch(/^(😀)+$/u);
    expect(truncate(text, 4)).toBe('😀…');
  });

  it('cuts escaped text without leaving half an entity', () => {
    expect(escapeTruncated('a&b', 10)).toBe('a&amp;b');
    expect(escapeTruncated('&&&&', 8)).toBe('&amp;…');
  });

  it('accepts only http(s) URLs', () => {
    expect(safeUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeUrl('mailto:a@b.c')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
  });
});
