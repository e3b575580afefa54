/**
 * The intake's replay of an inbox entry a process left pending, through the real Intake, record writer and memory
 * stores: an event is handled again unless the record it wrote carries its stamp, which the very write that took it
 * over adds. The case the stamp closes: a click whose write lost to another writer (a step message's id being
 * saved) and whose process then died. The version it expected is behind the record by then, which the older rule
 * read as "written"; the click was lost. And the event's chat writes: made before the hand-over, they are the
 * replay's to make again, so the outbox journals them without what they wrote; after it, with it.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { HandlerContext } from '../../src/core/handler.js';
import type { InboxEntry } from '../../src/core/inbox.js';
import type { ActionIncoming, CommandIncoming, Incoming } from '../../src/core/incoming.js';
import { inboxHandOver, Intake } from '../../src/core/intake.js';
import { keepingLanguage } from '../../src/core/language.js';
import { RecordWriter } from '../../src/core/records.js';
import { threadId, type ThreadId } from '../../src/core/thread-id.js';
import { markdown } from '../../src/core/message.js';
import { silentLogger } from '../../src/log.js';
import { MemoryInbox } from '../../src/state/inbox-memory.js';
import { startWorld, type World } from '../handlers/workflow/world.js';
import { recordInput } from '../state/helpers.js';

let world: World;
let ctx: HandlerContext;
let inbox: MemoryInbox;
let work: Promise<void>[];
let acted: number;
let behaviour: (ctx: HandlerContext, incoming: Incoming) => Promise<void>;
let intake: Intake;
let threads = 0;

beforeEach(async () => {
  world = await startWorld();
  ctx = { ...world.contexts.slack, records: RecordWriter.create(world.state, [keepingLanguage, inboxHandOver]) };
  inbox = new MemoryInbox();
  work = [];
  acted = 0;
  intake = new Intake(inbox, {
    chat: 'slack',
    logger: silentLogger,
    admits: () => true,
    refuseWorkspace: () => Promise.resolve(),
    continued: () => Promise.resolve(undefined),
    contextFor: () => ctx,
    act: (handling, incoming) => {
      acted += 1;
      return behaviour(handling, incoming);
    },
    track: (done) => void work.push(done),
  });
});
afterEach(() => world.close());

const settled = async () => {
  while (work.length) await Promise.allSettled(work.splice(0));
};

const newThread = (): ThreadId => threadId('slack', 'T1', 'C1', `1950.${++threads}`);

const click = (thread: ThreadId, eventId: string): ActionIncoming => ({
  kind: 'action',
  eventId,
  thread,
  messageId: '1950.9',
  action: 'confirm',
  value: 'v1',
  selections: {},
  user: { id: 'U1' },
  workspaceId: 'T1',
});

/** What the store's record says a click confirmed: the step it wrote. */
const confirmStep = async (handling: HandlerContext, thread: ThreadId) => {
  const current = (await handling.state.get(thread))!;
  return handling.records.update(current, { step: 'confirmed' }, { handOver: handling.handOver });
};

test('a click whose write lost to another writer, its process then dead, is handled again on replay', async () => {
  const thread = newThread();
  await world.state.compareAndSet(thread, 0, recordInput(thread));
  behaviour = async (handling) => {
    const read = (await handling.state.get(thread))!;
    // the step message's id is saved meanwhile, without the lock
    await world.state.compareAndSet(thread, read.version, { ...recordInput(thread), data: { message: '1950.9' } });
    expect(await handling.records.update(read, { step: 'confirmed' }, { handOver: handling.handOver })).toBeUndefined();
    throw new Error('the process died before judging the click again');
  };
  await intake.accept(click(thread, 'Ev1'));
  await settled();
  const [entry] = await inbox.pending(0);
  // the click's own thread needs no note: a replay reads it anyway
  expect(entry).toMatchObject({ id: 'slack:Ev1' });
  expect(entry!.handover).toBeUndefined();

  behaviour = async (handling) => void (await confirmStep(handling, thread));
  expect(intake.replay(entry!)).toBe(true);
  await settled();
  expect(acted).toBe(2);
  expect(await world.state.get(thread)).toMatchObject({ step: 'confirmed', handedOver: ['slack:Ev1'], version: 3 });
  expect(await inbox.pendingEntry('slack:Ev1')).toBeUndefined();
});

test('an event its record carries the stamp of is not handled again: the entry is only marked done', async () => {
  const thread = newThread();
  await world.state.compareAndSet(thread, 0, recordInput(thread, { handedOver: ['slack:Ev0', 'slack:Ev2'] }));
  // later events moved the record on since
  await world.state.compareAndSet(thread, 1, recordInput(thread, { handedOver: ['slack:Ev0', 'slack:Ev2', 'slack:Ev3'] }));
  const entry: InboxEntry = { id: 'slack:Ev2', chat: 'slack', incoming: click(thread, 'Ev2'), receivedAt: Date.now() };
  await inbox.record(entry);
  behaviour = () => Promise.reject(new Error('handled twice'));
  intake.replay(entry);
  await settled();
  expect(acted).toBe(0);
  expect(await inbox.pendingEntry(entry.id)).toBeUndefined();
});

test('a command that starts a thread notes which one; on replay the record without its stamp means the write never happened', async () => {
  const thread = newThread();
  const command: CommandIncoming = {
    kind: 'command',
    eventId: 'Ev4',
    text: 'novelty a hinge',
    conversation: 'slack:T1:C1' as CommandIncoming['conversation'],
    user: { id: 'U1' },
    workspaceId: 'T1',
  };
  behaviour = async (handling) => {
    // another start of the same thread won the create
    await world.state.compareAndSet(thread, 0, recordInput(thread));
    expect(await handling.records.create(handling.handOver, recordInput(thread, { step: 'mine' }))).toBeUndefined();
    throw new Error('the process died');
  };
  await intake.accept(command);
  await settled();
  const [entry] = await inbox.pending(0);
  expect(entry!.handover).toEqual({ thread, version: 0, stamped: true });

  behaviour = () => Promise.resolve();
  intake.replay(entry!);
  await settled();
  expect(acted).toBe(2);
});

test('an entry noted by the code before the stamps is judged as that code judged it: past the noted version, written', async () => {
  const thread = newThread();
  await world.state.compareAndSet(thread, 0, recordInput(thread));
  await world.state.compareAndSet(thread, 1, recordInput(thread, { step: 'moved' }));
  const written: InboxEntry = {
    id: 'slack:Ev5',
    chat: 'slack',
    incoming: click(thread, 'Ev5'),
    receivedAt: Date.now(),
    handover: { thread, version: 1 },
  };
  const notYet: InboxEntry = { ...written, id: 'slack:Ev6', incoming: click(thread, 'Ev6'), handover: { thread, version: 2 } };
  await inbox.record(written);
  await inbox.record(notYet);
  behaviour = () => Promise.resolve();
  intake.replay(written);
  intake.replay(notYet);
  await settled();
  expect(acted).toBe(1);
  expect(await inbox.pending(0)).toEqual([]);
});

test("an event's chat writes before its hand-over are journaled without their message, the ones after it with it", async () => {
  const thread = newThread();
  await world.state.compareAndSet(thread, 0, recordInput(thread));
  behaviour = async (handling) => {
    await handling.messenger.post(thread, markdown('before the hand-over'));
    await confirmStep(handling, thread);
    await handling.messenger.post(thread, markdown('after the hand-over'));
  };
  await intake.accept(click(thread, 'Ev7'));
  await settled();
  const journaled = (await world.contexts.slack.messenger.outbox.journal.recent()).filter((e) => e.thread === thread);
  expect(journaled.map((e) => [e.what, e.payload === undefined ? 'no payload' : 'payload'])).toEqual([
    ['post', 'no payload'],
    ['post', 'payload'],
  ]);
});
