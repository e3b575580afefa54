/**
 * A waiting step's platform steps as a plan of tasks, where the chat shows plans (Slack): opened with the first
 * tasks, then one update at a time, the latest tasks winning, and finished with their last states when the wait
 * ends. Where the chat has no plan or refuses it (also mid-way), `fallBack` is called once and the step's progress
 * message shows the notes instead, as without a plan.
 */
import type { Plan, PlanDisplay, PlanTask } from '../../../core/adapter.js';
import { ChatRateLimitedError } from '../../../core/chat-errors.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { sleep } from '../../../platform/retry.js';

/**
 * How the wait ended: every task done; the running ones failed (a failure, a cancel); or left as they were (the
 * bot stops: the next start resumes the wait under a plan of its own).
 */
export type PlanEnd = 'complete' | 'error' | 'paused';

export function endedTasks(tasks: readonly PlanTask[], end: PlanEnd): PlanTask[] {
  if (end === 'complete') return tasks.map((task) => ({ ...task, status: 'complete' }));
  if (end === 'paused') return [...tasks];
  return tasks.map((task) => (task.status === 'in_progress' ? { ...task, status: 'error' } : task));
}

export class PlanProgress {
  #display: PlanDisplay | undefined;
  #latest: Plan | undefined;
  #shown: Plan | undefined;
  #inFlight: Promise<void> | undefined;
  #closed = false;
  #failed = false;

  constructor(
    private readonly ctx: HandlerContext,
    private readonly thread: ThreadId,
    private readonly recipientUserId: string,
    private readonly fallBack: () => void,
  ) {}

  /** Whether the plan shows the progress (false once the chat refused it: the progress message does). */
  get showing(): boolean {
    return !this.#failed;
  }

  show(title: string, tasks: readonly PlanTask[]): void {
    if (this.#closed || this.#failed || tasks.length === 0) return;
    this.#latest = { title, tasks };
    this.#inFlight ??= this.#pump().finally(() => {
      this.#inFlight = undefined;
    });
  }

  /** Waits for the update in flight, then leaves the tasks as the wait ended them (`final`: as the result has them). */
  async close(end: PlanEnd, final?: readonly PlanTask[]): Promise<void> {
    this.#closed = true;
    await this.#inFlight;
    const last = this.#latest && final?.length ? { title: this.#latest.title, tasks: final } : this.#latest;
    if (!this.#display || !last) return;
    await this.#display
      .finish({ title: last.title, tasks: endedTasks(last.tasks, end) })
      .catch((error: unknown) => this.ctx.logger.debug({ err: error, thread: this.thread }, 'workflow: the plan was not finished'));
  }

  async #pump(): Promise<void> {
    while (!this.#closed && !this.#failed && this.#latest && this.#latest !== this.#shown) {
      const plan = this.#latest;
      try {
        if (this.#display) await this.#display.update(plan);
        else {
          this.#display = await this.ctx.messenger.startPlan(this.thread, this.recipientUserId, plan);
          if (!this.#display) return this.#fail();
        }
        this.#shown = plan;
      } catch (error) {
        if (!(error instanceof ChatRateLimitedError)) {
          this.ctx.logger.debug({ err: error, thread: this.thread }, 'workflow: the plan stopped; the progress message goes on');
          return this.#fail();
        }
        await sleep(Math.min(error.retryAfterMs, 5_000));
      }
    }
  }

  #fail(): void {
    this.#failed = true;
    this.fallBack();
  }
}
