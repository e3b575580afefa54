/**
 * Issue 29: commands as people really send them in Slack: `/iip help` copied from the README into a mention,
 * `@iip ask hi` typed as text, and a mistyped verb with words after it (`noveltty A hinge`). The invocation is
 * dropped; the typo is answered "did you mean" with nothing sent to the platform.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const MODEL_OPERATIONS = ['AI07', 'AI20', 'AI68-1', 'AI35-1'];
const modelCalls = (harness: SlackBotHarness) => harness.sim.requests.filter((r) => MODEL_OPERATIONS.includes(r.operation));
/** Everything the bot sent to Slack, as one text to search. */
const sentToSlack = (harness: SlackBotHarness): string =>
  harness.slack.calls
    .filter((c) => c.method.startsWith('chat.'))
    .map((c) => JSON.stringify(c.args))
    .join('\n');

const mention = (text: string, ts: string) => ({ type: 'app_mention', user: 'U1', channel: 'C1', ts, text: `<@UBOT> ${text}` });

test('a copied /iip and @iip are dropped, and a mistyped verb with words after it is asked about, not sent', async () => {
  h = await startSlackBot();
  const harness = h;
  await harness.event(mention('/iip help', '1800000000.000100'), 'EvCopied1');
  await waitFor(() => sentToSlack(harness).includes('/iip novelty'), 'the help text');
  expect(sentToSlack(harness)).not.toContain('Unknown command');

  await harness.event(mention('noveltty A hinge with a damping layer', '1800000000.000200'), 'EvCopied2');
  await waitFor(() => sentToSlack(harness).includes('did you mean `/iip novelty`?'), 'the suggestion');
  expect(sentToSlack(harness)).toContain('Unknown command `noveltty`');
  expect(sentToSlack(harness)).toContain('Nothing was sent to the platform');
  expect(modelCalls(harness)).toEqual([]);

  await harness.event(mention('@iip ask hi', '1800000000.000300'), 'EvCopied3');
  await waitFor(() => modelCalls(harness).length === 1, 'the question at the model');
  expect(modelCalls(harness)[0]?.body).toMatchObject({ prompt: 'hi' });
});

test('the slash command with the invocation typed twice and a mistyped verb with words', async () => {
  h = await startSlackBot();
  const harness = h;
  await harness.command('/iip status');
  await waitFor(() => sentToSlack(harness).includes('You have no open workflows.'), 'the status');
  await harness.command('materal hydrogels for wound dressings');
  await waitFor(() => sentToSlack(harness).includes('did you mean `/iip material`?'), 'the suggestion');
  expect(sentToSlack(harness)).not.toContain('Unknown command `/iip`');
  expect(modelCalls(harness)).toEqual([]);
});
