/**
 * What the engine does with a record that is not in this code's format: an older format is migrated on load (a
 * ticked list kept as bare positions, as before format 1), and one it cannot read (a draft of the wrong shape, a
 * format from a newer bot) is set aside with a message: nothing is sent, nothing is thrown, the bot goes on.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { ThreadRecord } from '../../src/core/state.js';
import { seqOf } from '../../src/handlers/workflow/record/flow.js';
import { RECORD_SCHEMA_VERSION } from '../../src/handlers/workflow/record/migrations.js';
import { translatorFor } from '../../src/i18n/index.js';
import { silentLogger } from '../../src/log.js';
import { scanThreadFiles } from '../../src/state/thread-files.js';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { botWithRecord, recordFixtures, type FixtureBot, type RecordFixture } from './record-fixtures-bot.js';
import { bodiesOf, textOf } from './slack-novelty-steps.js';

let bots: FixtureBot[] = [];
afterEach(async () => {
  await Promise.all(bots.map((b) => b.h.close()));
  bots = [];
});

const fixture = (name: string): RecordFixture => {
  const found = recordFixtures().find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};

/** The fixture with its flow changed as `change` says (the rest of the record as the old code wrote it). */
function withFlow(base: RecordFixture, change: Record<string, unknown>, record: Partial<ThreadRecord> = {}): RecordFixture {
  const flow = base.record.data.flow as Record<string, unknown>;
  return { ...base, record: { ...base.record, ...record, data: { ...base.record.data, flow: { ...flow, ...change } } } };
}

async function start(f: RecordFixture): Promise<FixtureBot> {
  const b = await botWithRecord(f);
  bots.push(b);
  return b;
}

const confirm = (b: FixtureBot, record: ThreadRecord) =>
  b.h.click(
    { action_id: 'confirm:0', value: `${record.workflow}:${record.step}:v${seqOf(record)}` },
    { messageTs: (record.data.flow as { message: string }).message, threadTs: b.parentTs },
  );

async function recordWhere(b: FixtureBot, check: (r: ThreadRecord) => boolean, what: string): Promise<ThreadRecord> {
  let found: ThreadRecord | undefined;
  const deadline = Date.now() + 15_000;
  while (!found) {
    const record = await b.read();
    if (check(record)) found = record;
    else if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(record).slice(0, 400)}`);
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return found;
}

const UNREADABLE = (noun: string) => translatorFor('en')('workflow:failure.unreadable', { noun });
const noteIn = (b: FixtureBot, text: string) => b.h.slack.threadMessages('C1', b.parentTs).filter((m) => textOf(m).includes(text));

describe('record formats', () => {
  test('a ticked list kept as bare positions (before format 1) is migrated on load and sends what the same ticks send today', async () => {
    const base = fixture('solution/options.review');
    const legacy = await start(withFlow(base, { draft: [0] }));
    const today = await start(withFlow(base, { draft: { chosen: [0], own: [] } }));
    for (const b of [legacy, today]) await confirm(b, await b.read());
    const sent = await Promise.all(
      [legacy, today].map((b) => waitFor(() => bodiesOf(b.h, 'AI33-3').at(0) as Record<string, unknown> | undefined, 'AI33-3')),
    );
    expect(sent[0]).toEqual(sent[1]);
    const moved = await recordWhere(legacy, (r) => r.step === 'directions', 'the next step');
    expect(moved.schemaVersion).toBe(RECORD_SCHEMA_VERSION);
  });

  test('a draft of the wrong shape is set aside with a message: the click sends nothing and the data is kept', async () => {
    const broken = withFlow(fixture('novelty/features.review'), { draft: 'not a feature list' });
    const b = await start(broken);
    await confirm(b, await b.read());
    const failed = await recordWhere(b, (r) => r.status === 'failed', 'the record set aside');
    expect(failed.data).toEqual(broken.record.data);
    expect(failed.wait).toBeUndefined();
    await waitFor(() => noteIn(b, UNREADABLE('novelty search')).length === 1, 'the message in the thread');
    expect(bodiesOf(b.h, 'AI35-5')).toHaveLength(0);
    // the bot goes on: a new search starts, in this code's format
    await b.h.command('novelty A hinge with a liquid-metal damping layer');
    await waitFor(() => bodiesOf(b.h, 'AI35-1').length === 1, 'a new search');
    const records = await scanThreadFiles(join(b.h.stateDir, 'state.threads'), silentLogger);
    const started = records.find((r) => r.thread !== broken.record.thread);
    expect(started?.workflow).toBe('novelty');
    expect(started?.schemaVersion).toBe(RECORD_SCHEMA_VERSION);
  });

  test('a waiting record of a newer format is not run by this code: set aside at the start, nothing polled', async () => {
    const newer = fixture('novelty/features.poll');
    const b = await start({ ...newer, record: { ...newer.record, schemaVersion: RECORD_SCHEMA_VERSION + 1 } });
    const failed = await recordWhere(b, (r) => r.status === 'failed', 'the record set aside');
    expect(failed.wait).toBeUndefined();
    expect(failed.data).toEqual(newer.record.data);
    expect(failed.schemaVersion).toBe(RECORD_SCHEMA_VERSION + 1);
    await waitFor(() => noteIn(b, UNREADABLE('novelty search')).length === 1, 'the message in the thread');
    expect(bodiesOf(b.h, 'AI35-4')).toHaveLength(0);
  });
});
