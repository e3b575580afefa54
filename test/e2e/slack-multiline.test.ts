/**
 * Issue 28, long inputs keep their lines: a four-line claim set typed after `/iip novelty`, after a mention, or
 * after `/iip report` reaches the simulator with every line (the contract's `input` and `technical_issues` are
 * free text), through the real Bolt app and the real platform client; `&`, `<` and `>` reach it as typed.
 */
import { afterEach, expect, test } from 'vitest';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { CLAIMS } from './claim-set.js';
import { bodiesOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test('/iip novelty with a four-line claim set: AI35-1 gets all four lines, as typed, with the options after them', async () => {
  h = await startSlackBot();
  await h.command(`novelty ${CLAIMS}\n--lang en --from 20150101`);
  await waitFor(() => bodiesOf(h!, 'AI35-1').length === 1, 'AI35-1');
  expect(bodiesOf(h, 'AI35-1')).toEqual([{ input: CLAIMS, lang: 'en', pbd_start: '20150101' }]);
  const request = h.sim.requests.find((r) => r.operation === 'AI35-1')!;
  expect(requestErrors('AI35-1', request.body)).toEqual([]);
});

test('a mention with a four-line claim set: the verb on the first line, the claims on the next four reach AI35-1 whole', async () => {
  h = await startSlackBot();
  const text = `<@UBOT> novelty\n${CLAIMS}`;
  await h.event({ type: 'app_mention', user: 'U1', channel: 'C1', ts: '1700000300.000100', text }, 'Ev-multi-1');
  await waitFor(() => bodiesOf(h!, 'AI35-1').length === 1, 'AI35-1');
  expect((bodiesOf(h, 'AI35-1')[0] as { input: string }).input).toBe(CLAIMS);
  // nothing of the claim set went to a model as a question of its own
  expect(h.sim.requests.filter((r) => r.operation === 'AI07' || r.operation === 'AI20')).toEqual([]);
});

test('/iip report with a question over several lines: AI34-1 gets the lines, not one run-on line', async () => {
  h = await startSlackBot();
  const question = 'Phase-change self-heating containers:\nwho files them,\nand which salts do they claim?';
  await h.command(`report ${question} --auto-outline`);
  await waitFor(() => bodiesOf(h!, 'AI34-1').length === 1, 'AI34-1');
  expect(bodiesOf(h, 'AI34-1')).toEqual([{ technical_issues: question, auto_directory: true }]);
});

test('/iip solution with a problem over two lines and --lang on its own line: AI33-1 gets both lines', async () => {
  h = await startSlackBot();
  const problem = 'Self-heating mugs cool too fast:\nhow can the heat of a phase-change salt last longer?';
  await h.command(`solution ${problem}\n--lang en`);
  await waitFor(() => bodiesOf(h!, 'AI33-1').length === 1, 'AI33-1');
  expect(bodiesOf(h, 'AI33-1')).toEqual([{ solution_issues: problem, lang: 'en' }]);
});

// Slack writes `&`, `<` and `>` in a message's and a command's text as `&amp;`, `&lt;` and `&gt;`
test('a command and a mention with <, > and &: the platform gets the characters as typed, not the codes Slack sent them in', async () => {
  h = await startSlackBot();
  await h.command('ask Does a pKa &lt; 5 &amp; a logP &gt; 3 hurt absorption? Not &amp;lt; as text');
  await waitFor(() => bodiesOf(h!, 'AI07').length === 1, 'AI07');
  expect((bodiesOf(h, 'AI07')[0] as { prompt: string }).prompt).toBe('Does a pKa < 5 & a logP > 3 hurt absorption? Not &lt; as text');

  const text = '<@UBOT> pharm Dose &lt; 5 mg/kg &amp; half-life &gt; 12 h:\nwhich salts?';
  await h.event({ type: 'app_mention', user: 'U1', channel: 'C1', ts: '1700000300.000200', text }, 'Ev-multi-escaped');
  await waitFor(() => bodiesOf(h!, 'AI20').length === 1, 'AI20');
  expect((bodiesOf(h, 'AI20')[0] as { query: string }).query).toBe('Dose < 5 mg/kg & half-life > 12 h:\nwhich salts?');
});
