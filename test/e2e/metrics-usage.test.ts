/**
 * `/iip usage` through the real Slack app: a workspace admin sees the workspace's commands by verb and platform
 * calls by workflow and step over 7 and 30 days, kept across a restart; a member is refused; the same numbers are metrics.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread } from './faults-chat-thread.js';
import { Scrape } from '../metrics/scrape.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Runs `usage` as `user` and returns the note they got (Slack answers a slash command's note as an ephemeral). */
async function usageNote(user: string): Promise<string> {
  const before = h!.slack.ephemerals.length;
  expect((await h!.command('usage', { user_id: user })).status).toBe(200);
  const note = await waitFor(() => h!.slack.ephemerals.slice(before).find((e) => e.user === user), 'the usage note');
  return JSON.stringify(note.blocks) + note.text;
}

describe('/iip usage', () => {
  test('an admin sees commands and platform calls for 7 and 30 days, also after a restart; a member is refused', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 }, slack: { admins: ['UADMIN'] }, env: { ALLOWED_SLACK_TEAMS: 'T1' } });
    for (const [i, question] of ['What is a solid electrolyte?', 'What is a separator film?'].entries()) {
      await h.command(`ask ${question}`);
      await (await ChatThread.nth(h.slack, i)).answer();
    }
    await h.command('count TTL:(wireless charging)');
    await waitFor(() => h!.sim.requests.some((r) => r.operation === 'P001'), 'the count call');

    const refused = await usageNote('U2');
    expect(refused).toContain('Only a workspace admin can see its usage.');
    expect(refused).not.toContain('AI07');

    // counts reach the store in batches: ask until they are there
    let note = await usageNote('UADMIN');
    for (let tries = 0; !note.includes('count · the patent count (P001): 1 · 1') && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      note = await usageNote('UADMIN');
    }
    expect(note).toContain('`ask`: 2 · 2');
    expect(note).toContain('`count`: 1 · 1');
    // a platform call is named by its workflow and step, its operation id after (issue 29)
    expect(note).toContain('ask · the answer (AI07): 2 · 2');
    expect(note).toContain('count · the patent count (P001): 1 · 1');
    expect(note).toContain('Platform calls by workflow and step');
    expect(note).toContain('last 7 days · last 30 days');

    // the same numbers as metrics, labelled by workspace because ALLOWED_SLACK_TEAMS names it
    const s = await Scrape.of(h.bot.metricsUrl!);
    expect(s.value('iip_commands_total', { chat: 'slack', workspace: 'T1', verb: 'ask' })).toBe(2);
    expect(s.value('iip_commands_total', { chat: 'slack', workspace: 'T1', verb: 'count' })).toBe(1);
    expect(s.value('iip_workspace_platform_calls_total', { chat: 'slack', workspace: 'T1', operation: 'AI07' })).toBe(2);
    expect(s.value('iip_workspace_platform_calls_total', { chat: 'slack', workspace: 'T1', operation: 'P001' })).toBe(1);

    await h.restart();
    const kept = await usageNote('UADMIN');
    expect(kept).toContain('`ask`: 2 · 2');
    expect(kept).toContain('ask · the answer (AI07): 2 · 2');
  }, 40_000);
});
