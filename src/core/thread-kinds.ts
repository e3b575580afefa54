/**
 * What each handler says about the threads it owns, registered with it (handlers/index.ts): what they are called,
 * their steps' names, who may cancel one and the lock its records are written under. The core's thread commands
 * and the Home tab ask here by a record's `workflow` instead of keeping lists of their own.
 */
import type { Lang } from '../i18n/index.js';
import type { ThreadRecord } from './state.js';
import type { ThreadId } from './thread-id.js';

export interface ThreadRules {
  /** what its users call one of its threads, in `lang` ('novelty search', '新颖性检索') */
  noun(lang: Lang): string;
  /** a step as its user reads it in a sentence ('features review'); undefined for one it does not name */
  stepName?(step: string, lang: Lang): string | undefined;
  /** whether `userId` may cancel the thread (the word or the Cancel button) under the bot's IIP_CONFIRMERS; absent: anyone */
  mayCancel?(settings: { confirmers: 'starter' | 'anyone' }, record: ThreadRecord, userId: string): boolean;
  /** the lock its records are written under, which a cancel holds too; absent: a compare-and-set alone */
  lockKey?(thread: ThreadId): string;
}

/** A handler as the registry reads it. */
export interface OwnsThreads {
  readonly workflow: string;
  readonly threads?: ThreadRules;
}

export class ThreadKinds {
  private readonly byWorkflow = new Map<string, ThreadRules>();

  constructor(handlers: readonly OwnsThreads[]) {
    for (const handler of handlers) if (handler.threads) this.byWorkflow.set(handler.workflow, handler.threads);
  }

  rules(workflow: string): ThreadRules | undefined {
    return this.byWorkflow.get(workflow);
  }

  /** A thread's name as its user reads it; a workflow no handler here owns, by its id. */
  noun(workflow: string, lang: Lang): string {
    return this.byWorkflow.get(workflow)?.noun(lang) ?? workflow;
  }

  /** A step's name as its user reads it; undefined for a chat's turn or a step its workflow does not name (never its id). */
  stepName(workflow: string, step: string, lang: Lang): string | undefined {
    return this.byWorkflow.get(workflow)?.stepName?.(step, lang);
  }
}
