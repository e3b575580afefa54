/**
 * How a multi-step platform workflow declares itself. A workflow is a set of named steps; each step may wait
 * for a platform task (`poll`), then either asks the user to review the result (`review`: Confirm, forms,
 * select menus) or continues at once (`proceed`). What a confirmation sends is a `Send`. The machinery owns the
 * record, buttons, permissions, durable waits, progress, failures with Retry, and restarts.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { Block, Choice, FormField, OutgoingMessage } from '../../core/message.js';
import type { PlanTask } from '../../core/adapter.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { StreamEvent } from '../../platform/events.js';
import type { CallOperationId, OperationId } from '../../platform/operations.js';
import type { TaskState } from '../../platform/task-state.js';
import type { PlatformIds, ThreadRecord } from '../../core/state.js';
import { UserProblem } from '../../lib/failures.js';
import type { Text } from '../../i18n/index.js';
import type { ZodType } from 'zod';

/** The workflow's own small data (the command's options, confirmed selections); kept in the thread record. */
export type WorkflowData = Record<string, unknown>;

/** What every step function is given. */
export interface StepContext<D extends WorkflowData> {
  ctx: HandlerContext;
  thread: ThreadId;
  record: ThreadRecord;
  ids: PlatformIds;
  data: D;
}

/** Where a workflow goes after a confirmation or an automatic step; `next` is one of the workflow's step names `S`. */
export type Transition<D extends WorkflowData, S extends string = string> =
  | { next: S; ids?: PlatformIds; data?: Partial<D> }
  | { done: OutgoingMessage; ids?: PlatformIds; data?: Partial<D> };

/**
 * A request that advances the workflow on the platform (a create: never repeated without the user's Retry).
 * `result` gives the platform result of the step it confirms (cached, or read again), for requests built from it.
 */
export interface Send<D extends WorkflowData, I = unknown, R = unknown, S extends string = string> {
  /** the operation, recorded as the thread's wait while the request is out */
  operation: OperationId;
  /** for messages: "Sending the confirmed features" → "Sending the confirmed features failed: …" */
  label: Text;
  run(sc: StepContext<D>, input: I, result: () => Promise<R>): Promise<Transition<D, S>>;
}

/** A platform task the step waits for, read again and again until it is done. */
export interface Poll<D extends WorkflowData, R = unknown> {
  /** the polled operation: its task status decides (see platform/task-state.ts) unless `state` is given */
  operation: CallOperationId;
  /** "Extracting the technical features": shown while waiting and in failures */
  label: Text;
  read(sc: StepContext<D>, signal: AbortSignal): Promise<R>;
  state?(result: R): TaskState;
  /** a short progress note from a running answer ("3/5 search steps"); `sc.record.wait.since` says since when it waits */
  progress?(result: R, sc: StepContext<D>): string | undefined;
  /**
   * The task's platform steps as a plan's tasks (where the chat shows plans, instead of the note in the progress
   * message); without it a step with a live stream shows the stream's steps.
   */
  plan?(result: R, sc: StepContext<D>): PlanTask[] | undefined;
  /** what the bot does meanwhile, for the chat's status line ("is searching patents…") */
  status?: Text;
  /**
   * The job's live stream (an agent's narration), shown in the progress message while waiting. Best effort:
   * its failure never fails the step; it is opened once per wait and stopped when the wait ends.
   */
  stream?(sc: StepContext<D>, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>>;
  /**
   * Text the platform writes while the task runs (a disclosure), relayed into the thread as new messages once
   * per wait, before the polling; the progress message then moves below it. Its failure never fails the step.
   */
  relay?: {
    open(sc: StepContext<D>, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>>;
    /** what the progress message above the text says once the text is shown ("✍️ The disclosure as written:") */
    heading: Text;
  };
  /** how long to wait in all (default: the workflow's) */
  deadlineMs?: number;
}

/** A form a review offers (Edit, Add a patent, a report title). */
export interface FormDefinition<D extends WorkflowData, R = unknown, I = unknown> {
  /** the label of the button that opens it */
  button: Text;
  title: Text;
  submitLabel: Text;
  fields(result: R, draft: I | undefined, sc: StepContext<D>): FormField[];
  /** The submission as the step's input; throw `FormProblem` to refuse it with a note to the user. */
  apply(fields: Record<string, string | string[]>, result: R, draft: I | undefined, sc: StepContext<D>): I | Promise<I>;
  /**
   * `review`: the submission becomes the draft, shown again, and the step's Confirm sends it: every Edit form (and
   * Add your own) works so, its submit labelled Save. `confirm`: the submission is the confirmation, sent at once:
   * only for a form the step's own action opens, labelled with that action (Generate report's title)
   */
  submits: 'confirm' | 'review';
}

/** A select menu of a review: choosing an option changes the draft at once (remove a reference). */
export interface SelectDefinition<D extends WorkflowData, R = unknown, I = unknown> {
  label: Text;
  /** option values are the keys passed to `apply` (short: at most 50 characters) */
  options(result: R, draft: I | undefined, sc: StepContext<D>): Choice[];
  apply(key: string, result: R, draft: I | undefined, sc: StepContext<D>): I;
  /** true: choosing is itself the confirmation: `apply`'s result is sent at once with the review's confirm send */
  confirms?: boolean;
}

export interface Review<D extends WorkflowData, R = unknown, I = unknown, S extends string = string> {
  /** the message's heading, e.g. "Step 2 of 5 · Technical features" */
  title: Text;
  render(result: R, draft: I | undefined, sc: StepContext<D>): Block[];
  /** what Confirm (and every `submits: 'confirm'` form) sends */
  confirm: {
    /** the Confirm button's label; absent: only the forms confirm */
    button?: Text;
    /**
     * The input Confirm sends when no form gave one; `ticked` holds the message's multi-selects as they were
     * at the click, by block id (choices that travel with the Confirm/Continue button).
     */
    input(result: R, draft: I | undefined, sc: StepContext<D>, ticked: Record<string, string[]>): I;
    send: Send<D, I, R, S>;
  };
  forms?: Record<string, FormDefinition<D, R, I>>;
  selects?: Record<string, SelectDefinition<D, R, I>>;
  /**
   * Posts beside the review once it is shown after its wait (a picture of the result), on the replica that waited;
   * not again when the review is redrawn. Its failure is logged, never shown, and does not stop the review.
   */
  afterShown?(result: R, sc: StepContext<D>): Promise<void>;
}

export interface StepDefinition<D extends WorkflowData, R = unknown, I = unknown, S extends string = string> {
  /**
   * What the record keeps for this step while it waits on the user or the platform: its pending input and its
   * draft (selections, edits). The engine parses both with it when a record is loaded, so a record written by
   * other code than the one now running is refused with a message instead of reaching the step's functions.
   * Absent for steps without input (no review): their input must be absent.
   */
  stores?: ZodType<I>;
  /** absent: the step has no platform result (its review shows only the workflow's data) */
  poll?: Poll<D, R>;
  review?: Review<D, R, I, S>;
  /** no review: where to go as soon as the result is there */
  proceed?(result: R, sc: StepContext<D>): Transition<D, S> | Promise<Transition<D, S>>;
}

export interface WorkflowDefinition<D extends WorkflowData, S extends string = string> {
  /** the record's `workflow` and the prefix of its button values */
  name: string;
  /** "novelty search", in messages */
  noun: Text;
  /** every step by its name: `S` lists them, so a `next` naming no step does not compile */
  steps: { readonly [K in S]: StepDefinition<D, unknown, unknown, S> };
  /** what the record's `data` holds besides the engine's `flow` (parsed on load; unknown keys are kept) */
  data: ZodType<D>;
  /** the sends that start a run, by name (`startWorkflow(def, 'guided', ...)`) */
  starts: Record<string, { step: S; send: Send<D, unknown, unknown, S> }>;
  timing?: { intervalMs?: number; maxIntervalMs?: number; deadlineMs?: number };
  /**
   * Told how the workflow came out, to let go of what it keeps outside its record (a shelved upload): `done`,
   * a step `failed` (shown with Retry), or `cancelled` (seen by the process that runs or shows the step). It may
   * be told more than once; its errors are logged, never shown.
   */
  onOutcome?(sc: StepContext<D>, outcome: WorkflowOutcome): Promise<void>;
}

export type WorkflowOutcome = 'done' | 'failed' | 'cancelled';

/** A step that keeps an input in the record must say how that input is parsed back (`stores`). */
type Stored<I> = [I] extends [never] ? { stores?: undefined } : { stores: ZodType<I> };

/**
 * Types a step by its result `R`, its input `I` and the workflow's step names `S`, and widens `R` and `I` to
 * `unknown` for the definition's map: an assignment the compiler checks (step functions are methods), no cast.
 * What it cannot check, the input that comes back from a stored record, is parsed with `stores` on load.
 */
export function defineStep<D extends WorkflowData, R, I, S extends string = string>(
  step: StepDefinition<D, R, I, S> & Stored<I>,
): StepDefinition<D, unknown, unknown, S> {
  return step;
}

/** A start's send, typed by the workflow's step names; its input is widened to `unknown` (starts take none). */
export function defineSend<D extends WorkflowData, S extends string = string>(send: Send<D, undefined, void, S>): Send<D, unknown, unknown, S> {
  return send;
}

/**
 * The user's problem, thrown anywhere in a step (a form's `apply`, a select, Confirm's `input`, a send's `run`):
 * its message is shown and the step stays in (or returns to) its review. A `UserProblem` by its older name.
 */
export class FormProblem extends UserProblem {
  /**
   * `reask`: the submission could not be read (a patent number in no known form): where the chat can open a form
   * without a click (the terminal, Teams' inline card) the form opens again with this message and what was typed;
   * elsewhere (Slack) the message is a note ending with `reask.hint` (which button to press again); a field whose
   * `check` says what it reads as is checked in Slack's modal as it is submitted, which stays open saying why
   */
  constructor(
    message: string,
    readonly options: { reask?: { hint: string } } = {},
  ) {
    super(message);
  }
}
