/**
 * Issue 15, Teams admins: `key` through the whole bot (CloudAdapter, router, key handler, real keyring over a
 * lowdb file, the simulator checking the key). A user whose Azure AD object id TEAMS_ADMIN_IDS lists opens the
 * key form and saves a key; anyone else is refused, also when they submit the form's data by hand.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { CHANNEL, USER } from '../../helpers/teams-activities.js';
import { buttonsOf, startTeamsBot, type TeamsBotHarness } from './bot-harness.js';
import { waitFor } from './harness.js';

const ADMIN = { id: '29:1user-ada', name: 'Ada Admin', aadObjectId: '00000000-0000-0000-0000-0000000000ad' };
const SECRET = 'a-test-secret-of-32-characters!!';
const NEW_KEY = 'sk-teams-admin-key-0001';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Every message body the bot sent (new posts, sends, updates), as one text to search. */
const sentText = (harness: TeamsBotHarness): string =>
  JSON.stringify(harness.fake.calls.filter((c) => ['create', 'send', 'update'].includes(c.operation)).map((c) => c.body));

/** The channel's messages: the key form is a new post there (it belongs to no task thread). */
const keyForm = (harness: TeamsBotHarness) => harness.fake.messages(CHANNEL);

describe('Teams admins (TEAMS_ADMIN_IDS)', () => {
  test('a listed user opens the key form and saves a key; another user is refused and changes nothing', async () => {
    h = await startTeamsBot({ env: { IIP_SECRET: SECRET }, adapter: { adminIds: [ADMIN.aadObjectId] } });
    const harness = h;

    await harness.mention('key');
    await waitFor(() => sentText(harness).includes('Only a workspace admin can change the platform API key.'), 'the refusal');
    expect(sentText(harness)).not.toContain('Input.Text');

    await harness.sendAs(ADMIN, 'key');
    const form = await waitFor(
      () => keyForm(harness).find((m) => JSON.stringify(m.attachments).includes('Input.Text')),
      'the key form for the admin',
    );
    const save = buttonsOf(form)[0]!;

    // the non-admin submits the same form data by hand: refused again, no key saved
    await harness.click(form.id, form, save, { key: NEW_KEY }, USER);
    await waitFor(() => sentText(harness).split('Only a workspace admin').length === 3, 'the second refusal');
    await harness.mention('key status');
    await waitFor(() => sentText(harness).includes("This workspace uses the bot's default key."), 'the default key in use');

    await harness.click(form.id, form, save, { key: NEW_KEY }, ADMIN);
    await waitFor(() => sentText(harness).includes('Saved. Every call from this workspace now uses'), 'the saved key');
    expect(sentText(harness)).not.toContain(NEW_KEY);
    await harness.mention('key status');
    await waitFor(() => sentText(harness).includes('This workspace uses its own key'), 'the own key in use');
  });
});
