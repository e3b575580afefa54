/**
 * Issue 15, private notes in Teams: `count` (only its asker sees the answer) through the whole bot. The note goes
 * to the asker's 1:1 chat with the bot, opened through the Bot Connector with the user's id and the tenant, and
 * the channel is told only that a private note was sent; where the chat cannot be opened the channel is told that
 * Teams has no private notes and gets the note; in the 1:1 chat itself the answer is simply posted there.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PERSONAL_CHAT, TENANT, USER } from '../../helpers/teams-activities.js';
import { cardJson, startTeamsBot, type TeamsBotHarness } from './bot-harness.js';
import { waitFor } from './harness.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUERY = 'TTL:(wireless charging)';
const text = (messages: { attachments: unknown }[]) => messages.map((m) => JSON.stringify(m.attachments)).join('\n');
const personalCreates = (harness: TeamsBotHarness) => harness.fake.callsTo('create').filter((c) => c.body.isGroup === false);

describe('Teams private notes', () => {
  test("a count asked in a channel reaches the asker's 1:1 chat; the reply chain only says a private note was sent", async () => {
    h = await startTeamsBot();
    const harness = h;
    const { root } = await harness.mention(`count ${QUERY}`);
    const chat = await waitFor(() => harness.fake.personalChats.get(USER.id), 'the 1:1 chat opened');
    await waitFor(() => text(harness.fake.messages(chat)).includes('patents match'), 'the count in the 1:1 chat');
    await waitFor(() => text(harness.replies(root)).includes('I sent you a private note'), 'the line in the reply chain');
    expect(text(harness.replies(root))).not.toContain('patents match');
    expect(personalCreates(harness).map((c) => c.body)).toEqual([
      expect.objectContaining({ isGroup: false, members: [{ id: USER.id }], tenantId: TENANT, channelData: { tenant: { id: TENANT } } }),
    ]);

    // the same chat serves the next note: it is opened once
    const second = await harness.mention(`count ${QUERY} --collapse-type DOCDB`);
    await waitFor(() => text(harness.fake.messages(chat)).includes('collapsed by DOCDB'), 'the second count in the 1:1 chat');
    await waitFor(() => text(harness.replies(second.root)).includes('I sent you a private note'), 'the second line');
    expect(personalCreates(harness)).toHaveLength(1);
  });

  test('where the 1:1 chat cannot be opened, the reply chain is told Teams has no private notes and gets the note', async () => {
    h = await startTeamsBot();
    const harness = h;
    harness.fake.refusePersonalChat(USER.id);
    const { root } = await harness.mention(`count ${QUERY}`);
    const note = await waitFor(() => harness.replies(root).find((m) => cardJson(m).includes('patents match')), 'the note in the reply chain');
    expect(cardJson(note)).toContain('Teams has no private notes');
    expect(harness.fake.personalChats.size).toBe(0);
  });

  test('in the 1:1 chat the note is posted right there, without opening another chat', async () => {
    h = await startTeamsBot();
    const harness = h;
    await harness.personal(`count ${QUERY}`);
    await waitFor(() => text(harness.fake.messages(PERSONAL_CHAT)).includes('patents match'), 'the count in the 1:1 chat');
    expect(text(harness.fake.messages(PERSONAL_CHAT))).not.toContain('private note');
    expect(personalCreates(harness)).toHaveLength(0);
  });
});
