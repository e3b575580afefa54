/**
 * What a waiting step shows while the platform works: the status line (where the chat has one), and its progress
 * as a plan of tasks where the step names its platform steps (`poll.plan`, or the steps its live stream goes
 * through) and the chat shows plans; otherwise, or once the chat refuses the plan, as notes in the step's
 * progress message (the poll's note and the end of the live text).
 */
import type { PlanTask } from '../../../core/adapter.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import { truncateStart } from '../../../core/text.js';
import type { LiveText } from './live-stream.js';
import { seqOf } from '../record/flow.js';
import { progressMessage } from './messages.js';
import { PlanProgress, type PlanEnd } from './plan-progress.js';
import { ProgressNotes } from './progress.js';
import type { Poll, StepContext, WorkflowData, WorkflowDefinition } from '../types.js';

/** Slack drops a status line after two minutes without a message: it is said again before that. */
const STATUS_REPEAT_MS = 100_000;
/** how much of the live text a running task's details show */
const TASK_DETAILS_CHARS = 300;

export class WaitProgress<D extends WorkflowData> {
  readonly #notes: ProgressNotes;
  readonly #plan: PlanProgress;
  readonly #statusTimer: NodeJS.Timeout;
  /** the last status call: the clearing one goes after it, so a short wait leaves no status behind */
  #statusSet: Promise<void>;
  #pollNote: string | undefined;
  #live: string | undefined;
  #pollTasks: PlanTask[] | undefined;
  /** the live stream's steps so far, in order: the last one runs */
  #streamSteps: string[] = [];
  #liveText = '';

  constructor(
    private readonly ctx: HandlerContext,
    def: WorkflowDefinition<D>,
    private readonly record: ThreadRecord,
    private readonly poll: Poll<D>,
    messageId: string | undefined,
  ) {
    const { thread } = record;
    const { t } = ctx;
    this.#notes = new ProgressNotes(ctx, thread, messageId, () =>
      progressMessage(def, record.step, poll.label(t), this.#pollNote, seqOf(record), this.#live, t),
    );
    this.#plan = new PlanProgress(ctx, thread, record.startedBy, () => this.#refresh());
    const status = poll.status?.(t) ?? t('workflow:waitingStatus');
    this.#statusSet = ctx.messenger.setStatus(thread, status);
    this.#statusTimer = setInterval(() => {
      this.#statusSet = ctx.messenger.setStatus(thread, status);
    }, STATUS_REPEAT_MS);
    this.#statusTimer.unref();
  }

  fromPoll(result: unknown, sc: StepContext<D>): void {
    this.#pollNote = this.poll.progress?.(result, sc);
    this.#pollTasks = this.poll.plan?.(result, sc);
    this.#refresh();
  }

  fromStream(note: string, live: LiveText): void {
    this.#live = note;
    this.#streamSteps = live.steps.map((step) => `${step.charAt(0).toUpperCase()}${step.slice(1)}`);
    this.#liveText = live.text;
    this.#refresh();
  }

  /** `result`: the step's result, whose tasks the plan ends with (the last poll while running may have had fewer). */
  async close(end: PlanEnd, result?: { value: unknown; sc: StepContext<D> }): Promise<void> {
    clearInterval(this.#statusTimer);
    await this.#notes.close();
    await this.#plan.close(end, result && this.poll.plan?.(result.value, result.sc));
    await this.#statusSet;
    await this.ctx.messenger.setStatus(this.record.thread, '');
  }

  #tasks(): PlanTask[] {
    if (this.#pollTasks?.length) return this.#pollTasks;
    const text = this.#liveText.trim();
    const tail = truncateStart(text, TASK_DETAILS_CHARS);
    return this.#streamSteps.map((step, i, all) =>
      i < all.length - 1
        ? { id: `step-${i + 1}`, title: step, status: 'complete' }
        : { id: `step-${i + 1}`, title: step, status: 'in_progress', ...(tail ? { details: tail } : {}) },
    );
  }

  #refresh(): void {
    const tasks = this.#tasks();
    const { t } = this.ctx;
    if (this.#plan.showing && tasks.length > 0) return this.#plan.show(this.poll.label(t), tasks);
    const note = this.#pollNote || this.#live ? `${this.#pollNote ?? ''}\n${this.#live ?? ''}` : undefined;
    this.#notes.note(note);
  }
}
