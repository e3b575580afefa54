/**
 * Issue 15, chats that remember: in a 1:1 or group chat a follow-up continues the chat's last answer or
 * workflow (the pharm session goes on, a typed `cancel` cancels the workflow instead of reaching the model),
 * and `new` or a verb starts over. Through the whole bot: CloudAdapter, router, handlers, the simulator, lowdb,
 * and what reaches the fake Bot Connector.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { GROUP_CHAT, PERSONAL_CHAT } from '../../helpers/teams-activities.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from './bot-harness.js';
import { waitFor } from './harness.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** the start-over hint of a chat thread's footers, as the card shows it */
const HINT_WORDS = 'or a command starts a new conversation in this chat';
const IDEA = 'A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer between two foams.';
const requests = (harness: TeamsBotHarness, operation: string) => harness.sim.requests.filter((r) => r.operation === operation);
const chatText = (harness: TeamsBotHarness, chat: string) => harness.fake.messages(chat).map(cardJson).join('\n');

describe('Teams chats are conversations', () => {
  test('1:1: a follow-up continues the pharm session, its answers say how to start over, and `new` starts a fresh question', async () => {
    // four answers stream into one chat: appends a quarter second apart keep them well inside Teams' 60 per 30 s
    h = await startTeamsBot({ simulator: { streamChunkDelayMs: 1 }, env: { RELAY_MIN_EDIT_INTERVAL_MS: '250' } });
    const harness = h;
    await harness.personal('pharm What are the indications for siRNA drugs?');
    await waitFor(() => harness.fake.streams.filter((s) => s.final).length === 1, 'the first answer', 10_000);
    await harness.personal('And what limits their delivery to the liver?');
    await waitFor(() => harness.fake.streams.filter((s) => s.final).length === 2, 'the follow-up answer', 10_000);

    const pharm = requests(harness, 'AI20').map((r) => r.body as Record<string, unknown>);
    expect(pharm).toHaveLength(2);
    expect(pharm[0]).not.toHaveProperty('session_id');
    expect(pharm[1]).toMatchObject({ query: 'And what limits their delivery to the liver?', session_id: expect.any(String) });
    expect(cardJson(harness.fake.streams[1]?.final)).toContain(HINT_WORDS);

    // `new` starts over: a question keeps its words, a verb after it runs
    await harness.personal('New anode materials for sodium-ion cells?');
    await waitFor(() => requests(harness, 'AI07').length === 1, 'the fresh question');
    expect(requests(harness, 'AI07')[0]?.body).toEqual({ prompt: 'New anode materials for sodium-ion cells?', stream: true });
    await waitFor(() => harness.fake.streams.filter((s) => s.final).length === 3, 'its answer', 10_000);
    await harness.personal('new pharm What is tirzepatide?');
    await waitFor(() => requests(harness, 'AI20').length === 3, 'the new pharm question');
    expect(requests(harness, 'AI20')[2]?.body).toEqual({ query: 'What is tirzepatide?' });
  });

  test('1:1: a typed `cancel` cancels the running workflow and reaches no model', async () => {
    h = await startTeamsBot();
    const harness = h;
    await harness.personal(`novelty ${IDEA}`);
    const step = await waitFor(
      () => harness.fake.messages(PERSONAL_CHAT).find((m) => cardJson(m).includes('Step 1 of 5') && buttonsOf(m).length > 0),
      'the first step',
      10_000,
    );
    expect(cardJson(step)).toContain(HINT_WORDS);
    await harness.personal('cancel');
    await waitFor(() => chatText(harness, PERSONAL_CHAT).includes('Cancelled by'), 'the cancellation');
    await harness.personal('status');
    await waitFor(() => /cancelled/i.test(chatText(harness, PERSONAL_CHAT).split('Cancelled by').at(-1) ?? ''), 'the status of the cancelled thread');
    expect(requests(harness, 'AI07')).toHaveLength(0);
    expect(requests(harness, 'AI35-3')).toHaveLength(0);
  });

  test('group chat: a mention continues the last answer, a verb starts a new one', async () => {
    h = await startTeamsBot({ simulator: { streamChunkDelayMs: 1 } });
    const harness = h;
    await harness.group('pharm What is the mechanism of action of semaglutide?');
    await waitFor(() => requests(harness, 'AI20').length === 1 && chatText(harness, GROUP_CHAT).includes(HINT_WORDS), 'the first answer', 10_000);
    await harness.group('And its most common side effects?');
    await waitFor(() => requests(harness, 'AI20').length === 2, 'the follow-up');
    expect(requests(harness, 'AI20')[1]?.body).toMatchObject({ query: 'And its most common side effects?', session_id: expect.any(String) });
    await harness.group('pharm What is tirzepatide?');
    await waitFor(() => requests(harness, 'AI20').length === 3, 'the new question');
    expect(requests(harness, 'AI20')[2]?.body).toEqual({ query: 'What is tirzepatide?' });
  });
});
