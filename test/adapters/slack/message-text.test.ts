import { describe, expect, it } from 'vitest';
import { readable, unescaped } from '../../../src/adapters/slack/incoming/payloads.js';

describe("a Slack message's text as its author wrote it", () => {
  it('decodes the three escapes Slack writes, &amp; last, so a typed code stays text', () => {
    expect(unescaped('pKa &lt; 5 &amp; logP &gt; 3')).toBe('pKa < 5 & logP > 3');
    expect(unescaped('write &amp;lt; for <')).toBe('write &lt; for <');
    expect(unescaped('<@U1> and <https://x.org>')).toBe('<@U1> and <https://x.org>');
  });

  it('shows mentions and links as the Slack client does, for a form to prefill', () => {
    expect(readable('<@U1|ana> and <@U2>: see <#C1|general>')).toBe('@ana and @U2: see #general');
    expect(readable('<!here> <!channel> <!subteam^S1|@ip-team> <!date^1700000000^{date}|Nov 14>')).toBe('@here @channel @ip-team Nov 14');
    expect(readable('<https://x.org/paper|the paper>, <https://x.org/a> and <mailto:ana@x.org|ana@x.org>')).toBe(
      'the paper (https://x.org/paper), https://x.org/a and ana@x.org',
    );
    expect(readable('dose &lt; 5 mg &amp; <https://x.org|x.org &amp; co>')).toBe('dose < 5 mg & x.org & co (https://x.org)');
  });
});
