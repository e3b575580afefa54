/**
 * Records written by the code before records had a schema (test/fixtures/records) resume in today's engine: the
 * bot restarts over each one, through the real Bolt app, the simulator with that record's tasks and a lowdb
 * state folder. A waiting record resumes its wait and moves on (a send that was out is offered with Retry, and
 * Retry moves on); a review accepts its confirmation. Whatever the new code writes carries this code's format.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ThreadRecord } from '../../src/core/state.js';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { seqOf } from '../../src/handlers/workflow/record/flow.js';
import { RECORD_SCHEMA_VERSION } from '../../src/handlers/workflow/record/migrations.js';
import { PRODUCT_PNG, shareInThread } from './slack-design-steps.js';
import { buttonsOf, textOf } from './slack-novelty-steps.js';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { botWithRecord, recordFixtures, type FixtureBot, type RecordFixture } from './record-fixtures-bot.js';

type Flow = { phase?: string; message?: string; pending?: { step: string }; failure?: { during: string; text: string } };
const flowOf = (record: ThreadRecord): Flow => (record.data.flow ?? {}) as Flow;

let bot: FixtureBot | undefined;
afterEach(async () => {
  await bot?.h.close();
  bot = undefined;
});

const fixtures = recordFixtures();
const waiting = fixtures.filter((f) => /\.(poll|send)$/.test(f.name));
const reviews = fixtures.filter((f) => f.name.endsWith('.review'));
const chatsAtRest = fixtures.filter((f) => f.name.startsWith('chat/') && !f.name.endsWith('.answering'));
const answering = fixtures.filter((f) => f.name.startsWith('chat/') && f.name.endsWith('.answering'));

/** Polls the state file until `check` holds for the record (state writes land between the bot's steps). */
async function recordWhere(b: FixtureBot, check: (record: ThreadRecord) => boolean, what: string): Promise<ThreadRecord> {
  let last: ThreadRecord | undefined;
  const poll = async () => {
    last = await b.read();
    return check(last) ? last : undefined;
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await poll();
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}; the record at version ${last?.version}, step ${last?.step}, status ${last?.status}, flow ${JSON.stringify(last?.data.flow).slice(0, 800)}; the thread: ${b.h.slack
          .threadMessages('C1', b.parentTs)
          .map((m) => m.text.slice(0, 100))
          .join(' | ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Past the fixture's place: another step, or the same step in a later phase than the one it was left in. */
const movedOn = (fixture: RecordFixture) => (record: ThreadRecord) => {
  const phase = flowOf(record).phase;
  if (phase === 'failed' || phase === 'send') return false;
  return record.step !== fixture.record.step || phase !== flowOf(fixture.record).phase || record.status === 'done';
};

/**
 * Past a review the user confirmed: moved on, or back in the same step's review after a transition (a material
 * plan: the chosen node's plan is polled and shown in the same step, and a poll of the file under load can miss
 * the phase in between).
 */
const confirmedOn = (fixture: RecordFixture) => (record: ThreadRecord) =>
  movedOn(fixture)(record) || (flowOf(record).phase === 'review' && seqOf(record) > seqOf(fixture.record));

const requestsOf = (b: FixtureBot, operation: string | undefined) => b.h.sim.requests.filter((r) => r.operation === operation).length;

const click = (b: FixtureBot, record: ThreadRecord, action: string) =>
  b.h.click(
    { action_id: `${action}:0`, value: `${record.workflow}:${record.step}:v${seqOf(record)}` },
    { messageTs: flowOf(record).message ?? b.parentTs, threadTs: b.parentTs },
  );

function expectWrittenByThisCode(record: ThreadRecord) {
  expect(record.schemaVersion).toBe(RECORD_SCHEMA_VERSION);
  expect(flowOf(record).failure).toBeUndefined();
  expect(record.status).not.toBe('failed');
}

describe('records of the format before schemaVersion', () => {
  test('there is a fixture waiting and in review for every workflow', () => {
    const workflows = new Set(fixtures.map((f) => f.name.split('/')[0]));
    expect([...workflows].sort()).toEqual(['chat', 'design', 'disclosure', 'material', 'novelty', 'report', 'solution']);
    for (const workflow of [...workflows].filter((w) => w !== 'chat')) {
      expect(waiting.some((f) => f.name.startsWith(`${workflow}/`))).toBe(true);
      expect(reviews.some((f) => f.name.startsWith(`${workflow}/`))).toBe(true);
    }
    expect(fixtures.every((f) => f.record.schemaVersion === undefined)).toBe(true);
  });

  test.each(waiting.map((f) => [f.name, f] as const))('%s resumes its wait after a restart and moves on', async (_name, fixture) => {
    bot = await botWithRecord(fixture);
    const b = bot;
    const operation = fixture.record.wait?.operation;
    if (flowOf(fixture.record).phase === 'send') {
      // the request may or may not have reached the platform: the user gets Retry, which sends it once
      const offered = await recordWhere(b, (r) => flowOf(r).phase === 'failed', 'the interrupted send offered with Retry');
      expect(flowOf(offered).failure?.during).toBe('send');
      expect(requestsOf(b, operation)).toBe(0);
      await click(b, offered, 'retry');
      const moved = await recordWhere(b, movedOn(fixture), 'the step after the retried send');
      expect(requestsOf(b, operation)).toBeLessThanOrEqual(1);
      expectWrittenByThisCode(moved);
      return;
    }
    const moved = await recordWhere(b, movedOn(fixture), 'the step after the resumed wait');
    expect(requestsOf(b, operation)).toBeGreaterThan(0);
    expectWrittenByThisCode(moved);
  });

  /** How each review is confirmed: its Confirm button, or the form that confirms it (the report's title). */
  async function confirm(b: FixtureBot, record: ThreadRecord): Promise<void> {
    if (record.workflow === 'novelty' && record.step === 'title') {
      const before = b.h.slack.views.length;
      await click(b, record, 'form-title');
      const opened = await waitFor(() => b.h.slack.views[before], 'the title form');
      await b.h.submitForm(opened.view, { title: 'Camera phone that dials addresses' });
      return;
    }
    if (record.workflow === 'material' && record.step !== 'recommend') {
      // choosing a node of the mind map is the confirmation: the first node below the root
      const value = `${record.workflow}:${record.step}:v${seqOf(record)}:1`;
      await b.h.choose({ action_id: 'select-node:select', value }, { messageTs: flowOf(record).message ?? b.parentTs, threadTs: b.parentTs });
      return;
    }
    await click(b, record, 'confirm');
  }

  test('design/image.review accepts its confirmation, an image shared in the thread, after a restart and moves on', async () => {
    const fixture = reviews.find((f) => f.name === 'design/image.review')!;
    bot = await botWithRecord(fixture, { PUBLIC_URL: 'https://iip-bot.example.test' });
    const b = bot;
    expect(await b.read()).toEqual(fixture.record);
    const file = b.h.slack.files.share({ name: 'earbuds.png', mimetype: 'image/png', data: PRODUCT_PNG });
    await shareInThread(b.h, b.h.slack.message('C1', b.parentTs)!, { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size });
    const moved = await recordWhere(b, movedOn(fixture), 'the step after the upload');
    expect(requestsOf(b, 'AI39-1')).toBe(1);
    expectWrittenByThisCode(moved);
  });

  test.each(reviews.filter((f) => f.name !== 'design/image.review').map((f) => [f.name, f] as const))(
    '%s accepts its confirmation after a restart and moves on',
    async (_name, fixture) => {
      bot = await botWithRecord(fixture);
      const b = bot;
      const loaded = await b.read();
      expect(loaded).toEqual(fixture.record);
      await confirm(b, loaded);
      const moved = await recordWhere(b, confirmedOn(fixture), 'the step after the confirmation');
      expectWrittenByThisCode(moved);
      expect(b.h.sim.requests.length).toBeGreaterThan(0);
    },
  );

  /** the chat operation a family's question goes to */
  const QUESTION_OPS: Record<string, string> = { ask: 'AI07', pharm: 'AI20', encyclopedia: 'AI68-2' };

  test.each(answering.map((f) => [f.name, f] as const))(
    '%s, cut by the restart, is marked once with Retry, and Retry asks the question again',
    async (_name, fixture) => {
      bot = await botWithRecord(fixture);
      const b = bot;
      const operation = QUESTION_OPS[fixture.record.step];
      const thread = () => b.h.slack.threadMessages('C1', b.parentTs);
      const note = await waitFor(() => thread().find((m) => textOf(m).includes(RESTART_NOTE)), 'the note on the cut answer');
      const marked = await recordWhere(b, (r) => r.wait === undefined, 'the cut answer marked');
      expect(marked.data).toEqual(fixture.record.data);
      const retry = buttonsOf(note).find((button) => button.action_id.startsWith('retry'));
      expect(retry).toBeDefined();
      const asked = requestsOf(b, operation);
      await b.h.click({ action_id: retry!.action_id, value: retry!.value }, { messageTs: note.ts, threadTs: b.parentTs });
      await waitFor(() => requestsOf(b, operation) > asked, `the question asked again (${operation})`);
      await recordWhere(b, (r) => r.version > marked.version && r.wait === undefined, 'the answer finished');
      expect(thread().filter((m) => textOf(m).includes(RESTART_NOTE))).toHaveLength(1);
    },
  );

  test.each(chatsAtRest.map((f) => [f.name, f] as const))(
    '%s goes on after a restart: a follow-up in its thread is answered',
    async (_name, fixture) => {
      bot = await botWithRecord(fixture);
      const b = bot;
      const operation = QUESTION_OPS[fixture.record.step];
      const before = await b.read();
      expect(before).toEqual(fixture.record);
      await b.h.event(
        {
          type: 'message',
          channel: 'C1',
          channel_type: 'channel',
          user: 'U1',
          text: 'And what limits it?',
          ts: '1800000200.000001',
          thread_ts: b.parentTs,
        },
        'EvFollowUp1',
      );
      await waitFor(() => requestsOf(b, operation) > 0, `the follow-up asked (${operation})`);
      const answered = await recordWhere(b, (r) => r.version > before.version && r.wait === undefined, 'the follow-up answered');
      expect(answered.data.lastQuestion).toBe('And what limits it?');
    },
  );
});
