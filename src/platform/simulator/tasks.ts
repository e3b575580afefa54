/**
 * Time-based task stages. A stage is running until the task duration has passed since it began (times its
 * weight), then it has succeeded; a failed stage stays failed. The duration is read at every poll, so
 * `setTaskDuration` also moves stages that already began.
 */

export interface Stage {
  readonly startedAt: number;
  /** multiples of the task duration this stage takes */
  readonly weight: number;
  failed: boolean;
}

export type StageState =
  | { state: 'running' /** 0 <= progress < 1 */; progress: number }
  | { state: 'succeeded'; progress: 1 }
  | { state: 'failed'; progress: number };

export class TaskClock {
  constructor(
    public durationMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(weight = 1): Stage {
    return { startedAt: this.now(), weight, failed: false };
  }

  stateOf(stage: Stage): StageState {
    const total = this.durationMs * stage.weight;
    const progress = total <= 0 ? 1 : Math.min(1, (this.now() - stage.startedAt) / total);
    if (stage.failed) return { state: 'failed', progress };
    return progress >= 1 ? { state: 'succeeded', progress: 1 } : { state: 'running', progress };
  }
}

/** The status encodings the task families use. */
export const encodeStatus = {
  /** AI33, AI34, AI73 */
  word: (s: StageState) => (({ running: 'RUNNING', succeeded: 'SUCCEED', failed: 'FAILED' }) as const)[s.state],
  /** AI32-2, AI35-2/4/6/11, AI39-2 and the older novelty group: 1 running, 2 success, 3 failed */
  number: (s: StageState) => (({ running: 1, succeeded: 2, failed: 3 }) as const)[s.state],
  /** AI35-8 task_status: waiting, then running, then success (or failed) */
  lower: (s: StageState) => (s.state === 'running' ? (s.progress < 0.25 ? 'waiting' : 'running') : s.state === 'succeeded' ? 'success' : 'failed'),
  /** AI32-3 job_status: 0 pending, 1 exporting, 2 success, 3 exception */
  job: (s: StageState) => (s.state === 'running' ? (s.progress < 0.5 ? 0 : 1) : s.state === 'succeeded' ? 2 : 3),
};

/** A map of tasks by id with one place to look them up. */
export class TaskTable<T> {
  private readonly byId = new Map<string, T>();

  /** Every task, for a snapshot of the simulator's state. */
  entries(): [string, T][] {
    return [...this.byId];
  }

  add(id: string, task: T): T {
    this.byId.set(id, task);
    return task;
  }

  get(id: string | undefined | null): T | undefined {
    return id ? this.byId.get(id) : undefined;
  }

  get size(): number {
    return this.byId.size;
  }
}
