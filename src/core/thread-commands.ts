/** `status` and `cancel`, which work the same in every workflow's thread. */
import { hasKey, t } from '../i18n/index.js';
import type { en } from '../i18n/en/index.js';
import { formatDateTime } from '../i18n/format.js';
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

const NOUNS = ['novelty', 'solution', 'material', 'report', 'disclosure', 'design'] as const;
type Workflow = (typeof NOUNS)[number];
const isWorkflow = (name: string): name is Workflow => (NOUNS as readonly string[]).includes(name);

/** A workflow's name as its user reads it (`novelty`: novelty search, 新颖性检索); a chat thread is a chat. */
export const workflowNoun = (workflow: string): string =>
  isWorkflow(workflow) ? t(`${workflow}:noun`) : workflow === 'chat' ? t('core:thread.chatNoun') : workflow;

/** A step's key in its workflow's catalog namespace: `novelty:steps.features`. */
type StepKey = { [W in Workflow]: `${W}:steps.${Extract<keyof (typeof en)[W]['steps'], string>}` }[Workflow];
const isStepKey = (key: string): key is StepKey => hasKey(key);

/**
 * A workflow's step as its user reads it in a sentence ('features review', '技术特征'), from the workflow's own
 * catalog; undefined for a chat's turn or a step the catalog does not name (never its internal id).
 */
export function stepName(workflow: string, step: string): string | undefined {
  const key = `${workflow}:steps.${step}`;
  return isWorkflow(workflow) && isStepKey(key) ? t(key) : undefined;
}

/** Where a thread stands: its workflow, the step it is at (not once it is done), its state and any wait. */
export function describe(record: ThreadRecord): string {
  const waiting = record.wait ? t('core:thread.waiting', { operation: record.wait.operation, since: formatDateTime(record.wait.since) }) : '';
  const status = t(`core:thread.status.${record.status}`);
  const workflow = workflowNoun(record.workflow);
  const step = record.status === 'done' ? undefined : stepName(record.workflow, record.step);
  return step ? t('core:thread.describe', { workflow, step, status, waiting }) : t('core:thread.describeBare', { workflow, status, waiting });
}

export async function threadCommand(ctx: HandlerContext, cmd: ThreadCommand): Promise<void> {
  const { messenger, state } = ctx;
  if (!cmd.thread || !cmd.record) {
    const open = (cmd.workspaceId ? await state.listOpenByUser(cmd.workspaceId, cmd.user) : []).slice(0, 20);
    const links = await Promise.all(open.map((r) => messenger.permalink(r.thread)));
    const text = open.length
      ? [
          t('core:thread.openTitle'),
          ...open.map((r, i) => {
            // a chat without links (the terminal) names the thread the way its user reaches it instead
            const link = links[i] ? (/^https?:\/\//.test(links[i]) ? t('core:thread.openLink', { url: links[i] }) : ` · ${links[i]}`) : '';
            return t('core:thread.openLine', { description: describe(r), started: formatDateTime(r.createdAt), link });
          }),
        ].join('\n')
      : t('core:thread.noneOpen');
    return messenger.notify({ conversation: cmd.conversation }, cmd.user, markdown(text));
  }
  const record = cmd.record;
  if (cmd.word === 'status') return messenger.notify({ thread: cmd.thread }, cmd.user, markdown(describe(record)));
  if (isFinished(record.status))
    return messenger.notify(
      { thread: cmd.thread },
      cmd.user,
      markdown(t('core:thread.alreadyFinished', { workflow: workflowNoun(record.workflow), status: t(`core:thread.status.${record.status}`) })),
    );
  // as for the workflow's own Cancel button: the starter, unless they let others confirm (`--let-others-confirm`)
  const othersMay = record.data?.othersMayConfirm === true;
  if (ctx.settings.confirmers === 'starter' && record.workflow !== 'chat' && !othersMay && cmd.user !== record.startedBy) {
    return messenger.notify({ thread: cmd.thread }, cmd.user, markdown(t('core:thread.onlyStarter')));
  }
  const saved = await ctx.records.update(record, { status: 'cancelled', wait: undefined });
  if (!saved) return messenger.notify({ thread: cmd.thread }, cmd.user, markdown(t('core:thread.changed')));
  // stops a wait still polling the platform and lets the shown step drop its buttons
  messenger.interrupt(cmd.thread);
  await messenger.post(cmd.thread, markdown(t('core:thread.cancelled', { who: mention(cmd.user), workflow: workflowNoun(record.workflow) })));
}
