/**
 * The verbs in Teams chats, end to end (botbuilder's CloudAdapter, router, handlers, relay, the simulator, and
 * what reaches the fake Bot Connector): in the user's 1:1 chat with the bot (no mention; answers stream natively)
 * and in a group chat (the bot mentioned; answers grow by edits): `ask`, `pharm` with a follow-up that continues
 * its session, and the `solution` workflow through its choice-set cards, with a double click that moves once.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../src/adapters/teams/render/markdown.js';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { directionsFor, recommendations } from '../../src/platform/simulator/content/solution.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { TeamsChat, type ChatPlace } from '../helpers/teams-chat-steps.js';
import { bodiesOf, choiceSetsOf, textOf } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;
const bodyOf = (activity: FakeActivity | undefined): Json[] => (activity?.attachments[0]?.content as { body?: Json[] } | undefined)?.body ?? [];
const rendered = (markdown: string): Json[] => renderMarkdown(markdown, { nameOf: () => undefined, mentions: [] });
/** The chat's message that shows the whole answer `markdown` (the final stream message, or the last edit). */
const answerShown = (chat: TeamsChat, markdown: string) => {
  const expected = JSON.stringify(rendered(markdown));
  return waitFor(() => chat.messages.find((m) => JSON.stringify(bodyOf(m)).startsWith(expected.slice(0, -1))), 'the whole answer', 10_000);
};

const PROBLEM = 'Improve the energy density of lithium battery anodes without raising the production cost.';

describe.each<[ChatPlace, string]>([
  ['personal', 'the 1:1 chat'],
  ['group', 'a group chat'],
])('Teams %s chat', (place, where) => {
  test(`ask, then pharm with a follow-up that continues the session, in ${where}`, async () => {
    h = await startTeamsBot({ simulator: { streamChunkDelayMs: 1 } });
    const chat = new TeamsChat(h, place);
    const question = 'How do solid-state batteries avoid lithium dendrites?';
    await chat.say(`ask ${question}`);
    await answerShown(chat, expectedChatAnswer('AI07', { prompt: question }));
    expect(bodiesOf(h, 'AI07')).toEqual([{ prompt: question, stream: true }]);
    if (place === 'personal') expect(h.fake.streams.filter((s) => s.final)).toHaveLength(1);
    else expect(h.fake.streams).toEqual([]);

    const first = 'What are the indications for siRNA drugs?';
    await chat.say(`pharm ${first}`);
    await answerShown(chat, expectedChatAnswer('AI20', { query: first }, { turn: 1 }));
    const followUp = 'And which ones are approved?';
    await chat.say(followUp);
    await answerShown(chat, expectedChatAnswer('AI20', { query: followUp }, { turn: 2 }));
    const calls = bodiesOf(h, 'AI20') as { query: string; session_id?: string }[];
    expect(calls.map((c) => c.query)).toEqual([first, followUp]);
    expect(calls[0]!.session_id).toBeUndefined();
    expect(calls[1]!.session_id).toMatch(/\S/);
    expect(bodiesOf(h, 'AI07')).toHaveLength(1);
  });

  test(`solution runs through its choice-set cards in ${where}; a double click continues once`, async () => {
    h = await startTeamsBot();
    const chat = new TeamsChat(h, place);
    await chat.say(`solution ${PROBLEM}`);
    const step1 = await chat.step('Step 1 of 3');
    const recs = recommendations(PROBLEM, 'en');
    const [goals] = choiceSetsOf(step1);
    expect(goals!.choices.map((c) => c.value)).toEqual(recs.map((_, i) => String(i)));
    expect(buttonsOf(step1).every((b) => typeof (b.data.iip as Json).thread === 'string')).toBe(true);

    await chat.doubleClick(step1, 'Continue', { [goals!.id]: '1,2' });
    await waitFor(() => bodiesOf(h!, 'AI33-3').length === 1, 'AI33-3');
    const kept = [recs[1], recs[2]] as string[];
    const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
    expect(bodiesOf(h, 'AI33-3')).toEqual([{ task_id: taskId, lang: 'en', recommend: kept }]);
    await waitFor(() => h!.fake.allMessages().find((m) => textOf(m).includes('Already done')), 'the note to the second click');
    await waitFor(() => buttonsOf(chat.current(step1)).length === 0 && textOf(chat.current(step1)).includes('Confirmed by'), 'step 1 settled');

    const step2 = await chat.step('Step 2 of 3', step1);
    const directions = directionsFor(PROBLEM, kept);
    const [chosen] = choiceSetsOf(step2);
    await chat.press(step2, 'Continue', { [chosen!.id]: '0' });
    await waitFor(() => bodiesOf(h!, 'AI33-5').length === 1, 'AI33-5');
    expect(bodiesOf(h, 'AI33-5')).toEqual([{ task_id: taskId, lang: 'en', directions: directions.map((d, i) => ({ ...d, ticked: i === 0 })) }]);
    await chat.reply('solutions found', 15_000);
    const solutions = await waitFor(() => {
      const found = chat.messages.filter((m) => textOf(m).includes('Solution ') && / of \d+ · /.test(textOf(m)));
      return found.length >= 2 ? found : undefined;
    }, 'the solution cards');
    expect(cardJson(solutions[0])).toContain(`${directions[0]!.reason} — option 1`);
    expect(bodiesOf(h, 'AI33-3')).toHaveLength(1);
  });
});
