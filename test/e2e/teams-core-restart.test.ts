/**
 * Issue 15, Teams across a restart: the conversation references the bot learned are kept in the state store, so
 * a workflow waiting on the platform in a channel goes on after the bot restarts, before anyone writes again.
 * The bot's default service URL leads nowhere here: only what it kept tells it where the channel's answers go.
 * Whole bot: CloudAdapter, router, engine, lowdb, the simulator and the fake Bot Connector.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const IDEA =
  'A telephone with an image sensor that reads text from captured images; the text is shown on the display; the address is fetched from a network database.';

const step = (harness: TeamsBotHarness, root: string, title: string) =>
  waitFor(() => harness.replies(root).find((m) => cardJson(m).includes(title) && buttonsOf(m).length > 0), `the step "${title}"`, 15_000);

async function press(harness: TeamsBotHarness, root: string, card: FakeActivity, title: string): Promise<void> {
  const button = buttonsOf(card).find((b) => b.title === title);
  if (!button) throw new Error(`no button "${title}" in ${cardJson(card).slice(0, 300)}`);
  expect((await harness.click(root, card, button)).status).toBe(200);
}

describe('Teams: a restart during a wait', () => {
  test('the restarted bot resumes the search, posts its result in the same reply chain, and the next click continues', async () => {
    h = await startTeamsBot({ noDefaultServiceUrl: true, simulator: { taskDurationMs: 0 } });
    const harness = h;
    const { root } = await harness.mention(`novelty ${IDEA}`);
    await press(harness, root, await step(harness, root, 'Step 1 of 5'), 'Confirm');
    await press(harness, root, await step(harness, root, 'Step 2 of 5'), 'Confirm');
    const elements = await step(harness, root, 'Step 3 of 5');
    harness.sim.setTaskDuration(60_000);
    await press(harness, root, elements, 'Confirm and search');
    await waitFor(() => harness.replies(root).find((m) => cardJson(m).includes('Queued on the platform')), 'the search queued');
    const [waiting] = await harness.bot.state.listWaiting();
    expect(waiting?.wait).toMatchObject({ operation: 'AI35-8', step: 'references' });

    const sentBefore = harness.fake.calls.length;
    await harness.restart();
    harness.sim.setTaskDuration(0);
    const references = await step(harness, root, 'Step 4 of 5');
    // the restarted bot reached the fake before any activity told it where: it used the reference it kept
    expect(harness.fake.calls.slice(sentBefore).some((c) => c.operation === 'update' || c.operation === 'send')).toBe(true);
    await press(harness, root, references, 'Confirm');
    await step(harness, root, 'Step 5 of 5');
    expect(harness.sim.requests.filter((r) => r.operation === 'AI35-7')).toHaveLength(1);
  });

  test("a 1:1 chat's current thread is kept: after a restart a follow-up still continues the pharm session", async () => {
    h = await startTeamsBot({ noDefaultServiceUrl: true, simulator: { streamChunkDelayMs: 1 } });
    const harness = h;
    const pharm = () => harness.sim.requests.filter((r) => r.operation === 'AI20').map((r) => r.body as Record<string, unknown>);
    await harness.personal('pharm What are the indications for siRNA drugs?');
    await waitFor(() => harness.fake.streams.some((s) => s.final), 'the first answer', 10_000);
    await harness.restart();
    await harness.personal('And what limits their delivery to the liver?');
    await waitFor(() => harness.fake.streams.filter((s) => s.final).length === 2, 'the follow-up answer', 10_000);
    expect(pharm()).toHaveLength(2);
    expect(pharm()[1]).toMatchObject({ query: 'And what limits their delivery to the liver?', session_id: expect.any(String) });
  });
});
