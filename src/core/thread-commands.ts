/** `status` and `cancel`, which work the same in every workflow's thread. */
import { isFinished, type ThreadRecord } from './state.js';
import type { HandlerContext } from './handler.js';
import { markdown, mention } from './message.js';
import type { ConversationId, ThreadId } from './thread-id.js';

export interface ThreadCommand {
  word: 'status' | 'cancel';
  user: string;
  thread?: ThreadId;
  record?: ThreadRecord;
  conversation?: ConversationId;
  workspaceId?: string;
}

export function describe(record: ThreadRecord): string {
  const waiting = record.wait ? `, waiting for the platform (${record.wait.operation}) since ${new Date(record.wait.since).toISOString()}` : '';
  return `*${record.workflow}*: step \`${record.step}\`, ${record.status}${waiting}`;
}

export async function threadCommand(ctx: HandlerContext, cmd: ThreadCommand): Promise<void> {
  const { messenger, state } = ctx;
  if (!cmd.thread || !cmd.record) {
    const open = (cmd.workspaceId ? await state.listOpenByUser(cmd.workspaceId, cmd.user) : []).slice(0, 20);
    const links = await Promise.all(open.map((r) => messenger.permalink(r.thread)));
    const text = open.length
      ? [
          'Your open workflows:',
          ...open.map((r, i) => {
            // a chat without links (the terminal) names the thread the way its user reaches it instead
            const link = links[i] ? (/^https?:\/\//.test(links[i]) ? ` · [open the thread](${links[i]})` : ` · ${links[i]}`) : '';
            return `• ${describe(r)} (started ${new Date(r.createdAt).toISOString().slice(0, 16)})${link}`;
          }),
        ].join('\n')
      : 'You have no open workflows.';
    return messenger.notify({ conversation: cmd.conversation }, cmd.user, markdown(text));
  }
  const record = cmd.record;
  if (cmd.word === 'status') return messenger.notify({ thread: cmd.thread }, cmd.user, markdown(describe(record)));
  if (isFinished(record.status))
    return messenger.notify({ thread: cmd.thread }, cmd.user, markdown(`This ${record.workflow} is already ${record.status}.`));
  if (ctx.settings.confirmers === 'starter' && record.workflow !== 'chat' && cmd.user !== record.startedBy) {
    return messenger.notify({ thread: cmd.thread }, cmd.user, markdown('Only the person who started this workflow can cancel it.'));
  }
  const { version: _v, updatedAt: _u, wait: _w, ...rest } = record;
  const saved = await state.compareAndSet(cmd.thread, record.version, { ...rest, status: 'cancelled' });
  if (!saved) return messenger.notify({ thread: cmd.thread }, cmd.user, markdown('This workflow changed meanwhile; look at the latest message.'));
  // stops a wait still polling the platform and lets the shown step drop its buttons
  messenger.interrupt(cmd.thread);
  await messenger.post(
    cmd.thread,
    markdown(`Cancelled by ${mention(cmd.user)}. Nothing more will be sent to the platform for this ${record.workflow}.`),
  );
}
