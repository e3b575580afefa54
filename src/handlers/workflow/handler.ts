/** A workflow definition as a `Handler`: the command starts it, the machinery answers clicks, forms and restarts. */
import type { CommandInput, Handler, HandlerContext } from '../../core/handler.js';
import { markdown } from '../../core/message.js';
import { speaking } from '../../core/language.js';
import { textOfKey, translatorFor } from '../../i18n/index.js';
import type { ThreadRules } from '../../core/thread-kinds.js';
import type { ThreadRecord } from '../../core/state.js';
import { mayAct } from './clicks/permission.js';
import { lockKey } from './record/deliver.js';
import { threadControlsHint } from '../shared/text.js';
import { onAction } from './clicks/actions.js';
import { onForm } from './clicks/forms.js';
import { resumeRecord } from './engine/resume.js';
import { withLoaded } from './record/load.js';
import type { WorkflowData, WorkflowDefinition } from './types.js';

export interface WorkflowHandlerSpec {
  verbs: readonly string[];
  help: Handler['help'];
  /** parses the command and calls `startWorkflow` (or refuses it with `refuseCommand`, see command.ts) */
  command(ctx: HandlerContext, input: CommandInput): Promise<void>;
}

/** Every record reaches the engine through `withLoaded`: migrated and checked, or set aside with a message. */
export function workflowHandler<D extends WorkflowData, S extends string = string>(
  def: WorkflowDefinition<D, S>,
  spec: WorkflowHandlerSpec,
): Handler {
  return {
    verbs: spec.verbs,
    workflow: def.name,
    help: spec.help,
    command: spec.command,
    // a thread's clicks, forms and resumed waits speak the language it started in, whoever's event moves it on:
    // its steps, and the timers and waits they start, render in the record's language, not the clicker's
    action: (ctx, incoming, stored) =>
      inItsLanguage(ctx, stored, (spoken) => withLoaded(spoken, def, stored, (record) => onAction(spoken, def, incoming, record))),
    form: (ctx, incoming, stored) =>
      inItsLanguage(ctx, stored, (spoken) => withLoaded(spoken, def, stored, (record) => onForm(spoken, def, incoming, record))),
    resume: (ctx, stored, reason) =>
      inItsLanguage(ctx, stored, (spoken) => withLoaded(spoken, def, stored, (record) => resumeRecord(spoken, def, record, reason))),
    threads: workflowThreads(def),
    async reply(ctx, incoming) {
      if (!incoming.mentioned) return;
      const { t } = ctx;
      const text = t('workflow:threadRuns', { noun: def.noun(t), hint: threadControlsHint(ctx.messenger.chat, t) });
      await ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown(text));
    },
  };
}

/**
 * Runs `fn` with `ctx` speaking the language the thread started in; a record written before languages were kept
 * leaves it the event's.
 */
function inItsLanguage<T>(ctx: HandlerContext, record: ThreadRecord, fn: (spoken: HandlerContext) => Promise<T>): Promise<T> {
  const { language } = record;
  return language ? fn(speaking(ctx, language)) : fn(ctx);
}

/** What a workflow's threads are called and who may cancel one: its starter (see `mayAct`), under the workflow's lock. */
function workflowThreads<D extends WorkflowData, S extends string>(def: WorkflowDefinition<D, S>): ThreadRules {
  return {
    noun: (lang) => def.noun(translatorFor(lang)),
    stepName: (step, lang) => textOfKey(lang, `${def.name}:steps.${step}`),
    mayCancel: (settings, record, userId) => mayAct(settings, record, userId),
    lockKey,
  };
}
