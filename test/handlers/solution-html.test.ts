/** The platform's simple HTML shown as markdown: the tags it uses, and unclosed tags of 100,000 characters in linear time. */
import { describe, expect, test } from 'vitest';
import { htmlToMarkdown } from '../../src/handlers/solution/html.js';

describe('htmlToMarkdown', () => {
  test('turns the tags the platform writes into markdown and drops the rest', () => {
    const html =
      '<p>Use <strong>graphite</strong> and <em>silicon</em>.</p><ul><li class="x">one</li><li>two</li></ul>' +
      'a<br/>b< br >c<cite data-id="1">[1]</cite> <b>x</b><i>y</i> &amp; &lt;ok&gt;';
    expect(htmlToMarkdown(html)).toBe('Use **graphite** and _silicon_.\n\n- one\n- twoa\nb\nc[1] **x**_y_ & <ok>');
  });

  test('unclosed tags and brackets of 100,000 characters take linear time', () => {
    const N = 100_000;
    const inputs = [
      '<b>'.repeat(N / 3),
      '<strong>a'.repeat(N / 9),
      '<'.repeat(N),
      '<li'.repeat(N / 3),
      '<cite>'.repeat(N / 6),
      `<${' '.repeat(N)}x`,
      `< /${' '.repeat(N)}`,
    ];
    const slow = inputs
      .map((text) => {
        const started = performance.now();
        htmlToMarkdown(text);
        return performance.now() - started;
      })
      .filter((ms) => ms > 3_000);
    expect(slow).toEqual([]);
  }, 60_000);
});
