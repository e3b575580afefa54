/**
 * Bad input through the real Slack app: commands that cannot be asked get their usage line and change
 * nothing (no platform call, no message, no thread record); questions full of markdown, mentions and control
 * characters are quoted safely (nothing pings, every block is one Slack accepts) and still get their answer.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { recordsOnDisk } from './crash-bot-process.js';
import { ChatThread, markdownOf, parentsIn } from './faults-chat-thread.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const noteFor = async (text: string): Promise<string> => {
  const before = h!.slack.ephemerals.length;
  expect((await h!.command(text)).status).toBe(200);
  const note = await waitFor(() => h!.slack.ephemerals[before], `the note for ${JSON.stringify(text.slice(0, 20))}`);
  return note.text + JSON.stringify(note.blocks);
};

const threadRecords = (): number => {
  try {
    return recordsOnDisk(h!.stateDir).length;
  } catch {
    return 0; // no thread was ever written: the folder does not exist
  }
};

/** Markdown characters in `text` that act (not escaped by a backslash). */
function unescapedSpecials(text: string): string[] {
  const acting: string[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if ('*_~`[]<>|#'.includes(text[i]!)) acting.push(text[i]!);
  }
  return acting;
}

/** Everything the bot sent to Slack, as one string. */
const everythingSent = (): string => JSON.stringify(h!.slack.calls.map((c) => c.args));

describe('bad input', () => {
  test('unknown verbs, empty, blank, control-character-only and oversize questions: a usage line each, nothing else', async () => {
    h = await startSlackBot();
    const cases: Array<[string, string]> = [
      ['frobnicate the thing', 'Unknown command `frobnicate`. Try `/iip help`'],
      ['', '/iip ask|pharm|encyclopedia <question>'],
      ['   \t  ', '/iip ask|pharm|encyclopedia <question>'],
      ['ask', 'Usage: `/iip ask <question>` (up to 500 characters).'],
      ['ask      ', 'Usage: `/iip ask <question>` (up to 500 characters).'],
      ['ask \u0001\u0002\u0007\u001b\u007f', 'Usage: `/iip ask <question>` (up to 500 characters).'],
      ['pharm \r\n\r\n\u0000', 'Usage: `/iip pharm <question>` (up to 16,000 characters).'],
      ['bio', 'Usage: `/iip encyclopedia [options] <question>` (up to 16,000 characters). Options: `--source all|papers|'],
      [`ask ${'x'.repeat(501)}`, 'at most 500 characters; yours has 501. Nothing was sent to the platform.'],
      [`pharm ${'word '.repeat(4_000)}`, 'at most 16,000 characters; yours has 19,999.'],
      [`encyclopedia ${'y'.repeat(40_000)}`, 'at most 16,000 characters; yours has 40,000.'],
    ];
    for (const [command, expected] of cases) expect(await noteFor(command)).toContain(expected);
    expect(h.sim.requests).toEqual([]);
    expect(h.slack.callsTo('chat.postMessage')).toEqual([]);
    expect(threadRecords()).toBe(0);
  });

  test('markdown, mentions and control characters in a question are quoted safely, and the answer still arrives', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    const typed =
      '<!channel> <!here> *bold* _it_ ~gone~ [x](javascript:alert(1)) <https://evil.example|click> `code` ```fence``` ' +
      '<@U999> # not a heading | pipe \\ back\u0007slash\u001b[31m red\u0000?';
    const question = typed.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
    expect((await h.command(`ask ${typed}`)).status).toBe(200);
    const thread = await ChatThread.nth(h.slack, 0);

    const parent = markdownOf(thread.parent);
    expect(parent.startsWith('<@U1> asked the General model:\n> ')).toBe(true);
    // every character that could format, link or mention is escaped: none of it acts
    expect(unescapedSpecials(parent.slice('<@U1> asked the General model:\n> '.length))).toEqual([]);
    expect(parent).toContain('\\[x\\](javascript:alert(1))');
    expect(parent).toContain('\\`\\`\\`fence\\`\\`\\`');
    // the escaped mention shows as typed, and cannot ping: Slack gets the entity for its '<'
    expect(parent).toContain('&lt;@U999\\>');
    expect(parent).not.toContain('<@U999');
    expect(parent).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);

    const expected = h.sim.expectedStreamText('AI07', { prompt: question, stream: true });
    // the model echoes the question in its heading: the relay shows it, with Slack's special mentions defused
    expect(await thread.answer()).toBe(expected.replace(/<!/g, '&lt;!'));
    expect(h.sim.requests.find((r) => r.operation === 'AI07')!.body).toEqual({ prompt: question, stream: true });

    const sent = everythingSent();
    expect(sent).not.toMatch(/<!(channel|here|everyone)/);
    expect(new Set(sent.match(/<@\w+>/g))).toEqual(new Set(['<@U1>']));
  });

  test('a 5,000-line question for pharm within its limit: the parent quotes its start, the platform gets it whole, the answer arrives', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    const tags = Array.from({ length: 4_999 }, (_, i) => ['AC', 'GT', 'TG', 'CA'][i % 4]!);
    const question = ['What do these 4,999 sequence tags have in common?', ...tags].join('\n');
    expect(question.split('\n')).toHaveLength(5_000);
    expect(question.length).toBeLessThanOrEqual(16_000);
    expect((await h.command(`pharm ${question}`)).status).toBe(200);
    const thread = await ChatThread.nth(h.slack, 0);

    const parent = markdownOf(thread.parent);
    expect(parent).toContain('> What do these 4,999 sequence tags have in common?\n> AC\n> GT');
    expect(parent.endsWith('…')).toBe(true);
    expect(parent.length).toBeLessThan(1_500);
    expect(await thread.answer()).toBe(h.sim.expectedStreamText('AI20', { query: question }));
    expect(h.sim.requests.filter((r) => r.operation === 'AI20').map((r) => r.body)).toEqual([{ query: question }]);
    expect(parentsIn(h.slack)).toHaveLength(1);
  });
});
