/** What a route gets (typed body, state, fault hooks) and how it answers (typed data). */
import type { DataOf, OperationId } from '../../operations.js';
import type { BodyOf } from '../records.js';
import type { Reply } from '../envelope.js';
import type { SimState } from '../state.js';

export interface Ctx<K extends OperationId> {
  readonly operation: K;
  readonly body: BodyOf<K>;
  readonly state: SimState;
  /** true (once per use of an injected `task-fails` fault) when this request's task should fail */
  taskFails(): boolean;
  ok(data: DataOf<K>): Reply;
  /** envelope error 68300004 */
  invalid(message: string): Reply;
  /** a stream of success envelopes carrying these data objects, optionally ending with a raw `[DONE]` */
  stream(events: readonly DataOf<K>[], terminator?: string): Reply;
}

export type Route<K extends OperationId> = (ctx: Ctx<K>) => Reply;

export type Routes<Ks extends OperationId> = { [K in Ks]: Route<K> };
