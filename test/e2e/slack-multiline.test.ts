/**
 * Issue 28, long inputs keep their lines: a four-line claim set typed after `/iip novelty`, after a mention, or
 * after `/iip report` reaches the simulator with every line (the contract's `input` and `technical_issues` are
 * free text), through the real Bolt app and the real platform client.
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
