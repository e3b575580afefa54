/** Contract: forgetting one workspace of one chat (a Slack team that uninstalled the bot) and nothing else. */
import { expect, it } from 'vitest';
import { threadId, type ChatKind, type ThreadId } from '../../src/core/thread-id.js';
import type { StoreFactory } from './contract.js';
import { recordInput } from './helpers.js';

let counter = 0;
const threadIn = (chat: ChatKind, workspace: string): ThreadId => threadId(chat, workspace, 'C1', `${process.pid}.${++counter}`);

export function forgetContract(create: StoreFactory): void {
  it("forgets every thread of one workspace (open, waiting, finished) and keeps other workspaces' and other chats'", async () => {
    const store = await create({});
    const team = `TF${++counter}`;
    const open = threadIn('slack', team);
    const waiting = threadIn('slack', team);
    const done = threadIn('slack', team);
    const otherTeam = threadIn('slack', `${team}X`);
    const sameIdInTeams = threadIn('teams', team);
    await store.compareAndSet(open, 0, recordInput(open, { workspaceId: team, startedBy: 'U1' }));
    await store.compareAndSet(waiting, 0, recordInput(waiting, { workspaceId: team, wait: { operation: 'AI35-8', step: 's', since: 1 } }));
    await store.compareAndSet(done, 0, recordInput(done, { workspaceId: team, status: 'done' }));
    for (const kept of [otherTeam, sameIdInTeams]) await store.compareAndSet(kept, 0, recordInput(kept, { workspaceId: team, startedBy: 'U1' }));

    expect(await store.forgetWorkspace('slack', team)).toBe(3);
    for (const gone of [open, waiting, done]) expect(await store.get(gone)).toBeUndefined();
    expect((await store.listWaiting()).map((r) => r.thread)).not.toContain(waiting);
    expect((await store.listOpenByUser(team, 'U1')).map((r) => r.thread).sort()).toEqual([otherTeam, sameIdInTeams].sort());
    expect((await store.get(otherTeam))?.version).toBe(1);
    expect((await store.get(sameIdInTeams))?.version).toBe(1);
    expect(await store.forgetWorkspace('slack', team)).toBe(0);
  });

  it('refuses a write that still expects a forgotten record, so work in flight cannot bring it back', async () => {
    const store = await create({});
    const team = `TG${++counter}`;
    const thread = threadIn('slack', team);
    const written = await store.compareAndSet(thread, 0, recordInput(thread, { workspaceId: team }));
    await store.forgetWorkspace('slack', team);
    expect(await store.compareAndSet(thread, written?.version ?? 1, recordInput(thread, { workspaceId: team, step: 'next' }))).toBeUndefined();
    expect(await store.get(thread)).toBeUndefined();
  });
}
