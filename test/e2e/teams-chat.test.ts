/**
 * `pharm` and `encyclopedia` in a Teams channel, end to end: mentions into botbuilder's CloudAdapter, the chat
 * handler, the relay and the platform client against the simulator; what lands at the fake Bot Connector is
 * checked. A follow-up in the reply chain continues the pharm session; the same activity delivered twice
 * (Teams redelivers when the bot is slow to acknowledge) is answered once.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../src/adapters/teams/render/markdown.js';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { channelMention, sendActivity } from '../helpers/teams-activities.js';
import { bodiesOf, TeamsThread } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;
const bodyOf = (activity: FakeActivity | undefined): Json[] => (activity?.attachments[0]?.content as { body?: Json[] } | undefined)?.body ?? [];
const rendered = (markdown: string): Json[] => renderMarkdown(markdown, { nameOf: () => undefined, mentions: [] });
/** The final text of an answer: the footer naming the model is added when the stream is done. */
const finished = (t: TeamsThread, model: string, count = 1): Promise<FakeActivity[]> =>
  waitFor(() => {
    const done = t.replies.filter((m) => cardJson(m).includes(model) && cardJson(m).includes('tokens'));
    return done.length >= count ? done : undefined;
  }, `${count} finished ${model} answer(s)`);

describe('Teams chats: pharm and encyclopedia', () => {
  test('pharm streams into the reply chain; a mention in the chain continues the session', async () => {
    h = await startTeamsBot();
    const question = 'What are the indications for siRNA drugs?';
    const t = await TeamsThread.opened(h, `pharm ${question}`);
    const [first] = await finished(t, 'Life-science model');
    expect(t.replies).toHaveLength(1);
    const whole = expectedChatAnswer('AI20', { query: question }, { turn: 1 });
    expect(bodyOf(first).slice(0, rendered(whole).length)).toEqual(rendered(whole));
    expect(first!.edits).toBeGreaterThan(0);

    const followUp = 'And which ones are approved?';
    expect((await t.say(followUp)).status).toBe(200);
    const answers = await finished(t, 'Life-science model', 2);
    const calls = bodiesOf(h, 'AI20') as { query: string; session_id?: string }[];
    expect(calls.map((c) => c.query)).toEqual([question, followUp]);
    expect(calls[0]!.session_id).toBeUndefined();
    expect(calls[1]!.session_id).toMatch(/\S/);
    const second = rendered(expectedChatAnswer('AI20', { query: followUp }, { turn: 2 }));
    expect(bodyOf(answers[1]).slice(0, second.length)).toEqual(second);
    expect(h.fake.callsTo('send').every((c) => c.conversationId?.endsWith(`;messageid=${t.root}`))).toBe(true);
  });

  test('encyclopedia (alias bio) answers with numbered citations linking the reference documents', async () => {
    h = await startTeamsBot();
    const question = 'What is the PK/PD data of RMC-6236?';
    const t = await TeamsThread.opened(h, `bio ${question}`);
    const expected = rendered(expectedChatAnswer('AI68-2', {}, { question }));
    const answer = await waitFor(
      () =>
        t.replies.find(
          (m) => cardJson(m).includes('Bio-pharma encyclopedia') && JSON.stringify(bodyOf(m).slice(0, expected.length)) === JSON.stringify(expected),
        ),
      'the whole encyclopedia answer',
    );
    expect(bodiesOf(h, 'AI68-1')).toEqual([
      expect.objectContaining({ query: question, deep_search: false, long_think: false, search_website: false }),
    ]);
    expect(t.replies).toHaveLength(1);
    expect(cardJson(answer)).toMatch(/\[1\]|1\.\s/);
    expect(cardJson(answer)).toMatch(/\]\(https?:\/\/[^)\s]+\)/);
  });

  test('the same mention delivered twice is answered once', async () => {
    h = await startTeamsBot();
    const activity = channelMention('pharm Which siRNA drugs target the liver?', { serviceUrl: h.fake.url });
    const [a, b] = await Promise.all([sendActivity(h.messagesUrl, activity), sendActivity(h.messagesUrl, activity)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const t = new TeamsThread(h, String(activity.id));
    await finished(t, 'Life-science model');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodiesOf(h, 'AI20')).toHaveLength(1);
    expect(t.replies).toHaveLength(1);
  });
});
