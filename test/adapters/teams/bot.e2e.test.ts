/**
 * Issue 7 end to end through the whole bot: Teams activities into botbuilder's CloudAdapter, the router, the
 * handlers, the relay and the real platform client against the simulator; what the bot shows lands at the fake
 * Bot Connector. A streamed answer in a channel reply chain, the novelty search from command to report link
 * through card clicks, and a double click.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../../src/platform/simulator/index.js';
import { renderMarkdown } from '../../../src/adapters/teams/render/markdown.js';
import type { FakeActivity } from '../../helpers/fake-bot-connector.js';
import { USER } from '../../helpers/teams-activities.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from './bot-harness.js';
import { waitFor } from './harness.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const IDEA =
  'A telephone with an image sensor that reads text from captured images; the text is shown on the display; the address is fetched from a network database.';
const bodyOf = (activity: FakeActivity | undefined): Record<string, unknown>[] =>
  (activity?.attachments[0]?.content as { body?: Record<string, unknown>[] } | undefined)?.body ?? [];
const bodies = (harness: TeamsBotHarness, operation: string) => harness.sim.requests.filter((r) => r.operation === operation);

/** The reply with `title` and buttons, once it is there. */
const step = (harness: TeamsBotHarness, root: string, title: string) =>
  waitFor(() => harness.replies(root).find((m) => cardJson(m).includes(title) && buttonsOf(m).length > 0), `the step "${title}"`, 10_000);

function button(card: FakeActivity, title: string) {
  const found = buttonsOf(card).find((b) => b.title === title);
  if (!found) throw new Error(`no button "${title}" in ${cardJson(card).slice(0, 300)}`);
  return found;
}

describe('Teams, the whole bot', () => {
  test('a mention streams the answer into its reply chain by updating one message; the final card is the whole answer', async () => {
    h = await startTeamsBot({ simulator: { streamChunkDelayMs: 2 } });
    const question = 'How do solid-state batteries avoid lithium dendrites?';
    const { root, sent } = await h.mention(`ask ${question}`);
    expect(sent.status).toBe(200);
    const answer = await waitFor(
      () => h!.replies(root).find((m) => cardJson(m).includes('General model') && m.edits > 0),
      'the final answer',
      10_000,
    );
    expect(h.replies(root)).toHaveLength(1);
    const whole = expectedChatAnswer('AI07', { prompt: question });
    const expected = renderMarkdown(whole, { nameOf: () => undefined, mentions: [] });
    expect(bodyOf(answer).slice(0, expected.length)).toEqual(expected);
    expect(h.fake.callsTo('update').every((c) => c.conversationId?.endsWith(`;messageid=${root}`))).toBe(true);
    expect(bodies(h, 'AI07').map((r) => r.body)).toEqual([{ prompt: question, stream: true }]);
  });

  test('a 1:1 message needs no mention or verb and streams natively; the final message is the whole answer', async () => {
    h = await startTeamsBot({ simulator: { streamChunkDelayMs: 2 } });
    const question = 'What limits the energy density of sodium-ion cells?';
    expect((await h.personal(question)).status).toBe(200);
    const stream = await waitFor(() => h!.fake.streams.find((s) => s.final), 'the final streamed message', 10_000);
    expect(stream.updates.length).toBeGreaterThan(0);
    const expected = renderMarkdown(expectedChatAnswer('AI07', { prompt: question }), { nameOf: () => undefined, mentions: [] });
    expect(bodyOf(stream.final).slice(0, expected.length)).toEqual(expected);
    expect(h.fake.callsTo('update')).toHaveLength(0);
    expect(h.fake.callsTo('create')).toHaveLength(0);
    // on the wire, the streaminfo entity itself carries the stream fields (Microsoft's documentation), channelData too
    const sends = h.fake.callsTo('send').filter((c) => (c.body.channelData as { streamType?: string } | undefined)?.streamType);
    const entities = sends.map((c) => (c.body.entities as Record<string, unknown>[]).find((e) => e.type === 'streaminfo'));
    const typing = entities.slice(0, -1);
    expect(typing.map((e) => e?.streamSequence)).toEqual(typing.map((_, i) => i + 1));
    expect(typing.every((e, i) => e?.streamType === 'streaming' && (i === 0 ? e.streamId === undefined : e?.streamId === stream.id))).toBe(true);
    expect(entities.at(-1)).toEqual({ type: 'streaminfo', streamType: 'final', streamId: stream.id });
    expect(sends.map((c) => c.body.channelData)).toEqual(entities.map(({ type: _, ...fields }: Record<string, unknown> = {}) => fields));
  });

  test('the novelty search runs from the mention to the report link through card clicks; a double click confirms once', async () => {
    h = await startTeamsBot();
    const { root } = await h.mention(`novelty ${IDEA}`);

    const solution = await step(h, root, 'Step 1 of 5');
    expect(buttonsOf(solution).map((b) => b.title)).toEqual(['Confirm', 'Edit', 'Cancel']);
    const confirm = button(solution, 'Confirm');
    await Promise.all([h.click(root, solution, confirm), h.click(root, solution, confirm)]);
    const features = await step(h, root, 'Step 2 of 5');
    // the note to the second click is the clicker's alone: it goes to their 1:1 chat, the chain only says so
    await waitFor(
      () => h!.fake.messages(h!.fake.personalChats.get(USER.id) ?? '').some((m) => cardJson(m).includes('Already done')),
      'the note to the second click',
    );
    await waitFor(() => h!.replies(root).some((m) => cardJson(m).includes('I sent you a private note')), 'the line about the private note');
    expect(bodies(h, 'AI35-3')).toHaveLength(1);
    await waitFor(() => h!.replies(root).find((m) => m.id === solution.id && buttonsOf(m).length === 0), 'step 1 settled without buttons');

    await h.click(root, features, button(features, 'Confirm'));
    const elements = await step(h, root, 'Step 3 of 5');
    await h.click(root, elements, button(elements, 'Confirm and search'));
    const references = await step(h, root, 'Step 4 of 5');
    await h.click(root, references, button(references, 'Confirm'));
    const report = await step(h, root, 'Step 5 of 5');

    // Teams has no modals: the title form is a card in the reply chain, submitted with its inline input
    await h.click(root, report, button(report, 'Generate report'));
    const form = await waitFor(() => h!.replies(root).find((m) => bodyOf(m).some((e) => e.type === 'Input.Text')), 'the title form');
    await h.click(root, form, buttonsOf(form)[0]!, { title: 'Image-reading telephone: novelty' });
    const done = await waitFor(() => h!.replies(root).find((m) => cardJson(m).includes('Novelty search report ready')), 'the report link', 10_000);
    expect(cardJson(done)).toMatch(/\[Image-reading telephone: novelty\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(bodies(h, 'AI35-10').map((r) => r.body)).toEqual([{ task_id: expect.any(String), title: 'Image-reading telephone: novelty' }]);
    for (const id of ['AI35-3', 'AI35-5', 'AI35-7', 'AI35-9']) expect(bodies(h, id)).toHaveLength(1);
  });
});
