/**
 * Issue 16: step 4's feature comparison (features x the references going into the report) as a table where the
 * chat has one: Slack's `table` block (the fake checks Slack's table rules: rows, cells, one per message) and an
 * Adaptive Card `Table` on Teams, each cell the platform's verdict; the aligned text stays for the terminal.
 */
import { afterEach, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { API_KEY, startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { PlaceThread } from '../helpers/teams-places.js';
import { bodiesOf as teamsBodiesOf } from '../helpers/teams-workflow-steps.js';
import { bodiesOf, IDEA, NoveltyThread } from './slack-novelty-steps.js';

type Json = Record<string, unknown>;
let slack: SlackBotHarness | undefined;
let teams: TeamsBotHarness | undefined;
afterEach(async () => {
  await slack?.close();
  await teams?.close();
  slack = undefined;
  teams = undefined;
});

/**
 * Step 4 of IDEA as the simulator compares it (its content is seeded by the idea): a row per feature, a column per
 * reference going into the report (D1…D3), each cell the verdict's symbol: ● disclosed, ◐ obvious, ○ not disclosed.
 */
const FEATURES = [
  '1. A telephone with an image sensor that reads text from captured images',
  '2. the text is shown on the display',
  '3. the address is fetched from a network database',
];
const VERDICTS = [
  ['●', '◐', '◐'],
  ['●', '◐', '◐'],
  ['●', '●', '◐'],
];
const HEADER = ['Feature', 'D1', 'D2', 'D3'];

/** The platform's own verdicts (AI35-8's `type` per feature of each preselected reference), in the table's words. */
async function platformVerdicts(simUrl: string, taskId: string): Promise<string[][]> {
  const platform = new PlatformClient({ baseUrl: simUrl, apiKey: API_KEY });
  const result = await platform.call('AI35-8', { task_id: taskId });
  await platform.close();
  const symbol: Record<string, string> = { public: '●', obvious: '◐', different: '○' };
  const included = (result.final_result ?? []).filter((entry) => entry.selected !== false);
  const features = FEATURES.map((f) => f.replace(/^\d+\. /, ''));
  return features.map((feature) => included.map((entry) => symbol[String(entry.features?.find((f) => f.tech_feature === feature)?.type)] ?? '?'));
}

const slackCellText = (cell: Json): string => ((cell.elements as Json[])[0]!.elements as Json[]).map((e) => String(e.text)).join('');

test('Slack: one table block, the header Feature and D1…Dn, a row per feature with each reference’s verdict', async () => {
  slack = await startSlackBot();
  await slack.command(`novelty ${IDEA} --lang en`);
  const t = await NoveltyThread.opened(slack, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  await t.press(await t.step('Step 2 of 5'), 'Confirm');
  await t.press(await t.step('Step 3 of 5'), 'Confirm and search');
  const step4 = await t.step('Step 4 of 5');
  const tables = step4.blocks.filter((b) => b.type === 'table');
  expect(tables).toHaveLength(1);
  const rows = (tables[0]!.rows as Json[][]).map((row) => row.map(slackCellText));
  expect(rows).toEqual([HEADER, ...FEATURES.map((feature, i) => [feature, ...VERDICTS[i]!])]);
  expect(await platformVerdicts(slack.sim.url, (bodiesOf(slack, 'AI35-2')[0] as { task_id: string }).task_id)).toEqual(VERDICTS);
  expect(tables[0]!.column_settings).toEqual(rows[0]!.map((_, i) => ({ align: i === 0 ? 'left' : 'center', is_wrapped: i === 0 })));
  // the header bold; the aligned text is not shown as well
  expect(((tables[0]!.rows as Json[][])[0]![0]!.elements as Json[])[0]).toMatchObject({ elements: [{ style: { bold: true } }] });
  expect(JSON.stringify(step4.blocks)).not.toContain('```');
  expect(JSON.stringify(step4.blocks)).toContain('● disclosed · ◐ obvious · ○ not disclosed · D1 ');
});

test('Teams: an Adaptive Card Table (schema 1.5), the first row the header, a row per feature with the verdicts', async () => {
  teams = await startTeamsBot({ simulator: { taskDurationMs: 50 } });
  const t = await PlaceThread.opened(teams, 'channel', `novelty ${IDEA}`);
  const step1 = await t.step('Step 1 of 5');
  await t.press(step1, 'Confirm');
  const step2 = await t.step('Step 2 of 5', step1);
  await t.press(step2, 'Confirm');
  const step3 = await t.step('Step 3 of 5', step2);
  await t.press(step3, 'Confirm and search');
  const step4 = await t.step('Step 4 of 5', step3, 20_000);
  const card = (step4.attachments[0]!.content ?? {}) as Json;
  expect(card.version).toBe('1.5');
  const table = (card.body as Json[]).find((e) => e.type === 'Table')!;
  expect(table).toMatchObject({ firstRowAsHeader: true, showGridLines: true });
  const text = (cell: Json) => String(((cell.items as Json[])[0] as Json).text);
  const rows = (table.rows as Json[]).map((row) => (row.cells as Json[]).map(text));
  const taskId = (teamsBodiesOf(teams, 'AI35-2')[0] as { task_id: string }).task_id;
  expect(rows).toEqual([HEADER, ...FEATURES.map((feature, i) => [feature, ...VERDICTS[i]!])]);
  expect(await platformVerdicts(teams.sim.url, taskId)).toEqual(VERDICTS);
  const columns = table.columns as Json[];
  expect(columns[0]).toMatchObject({ width: 4, horizontalCellContentAlignment: 'Left' });
  expect(columns.slice(1).every((c) => c.width === 1 && c.horizontalCellContentAlignment === 'Center')).toBe(true);
  expect(cardJson(step4)).not.toContain('Monospace');
});
