/**
 * The bot's one AsyncLocalStorage: what the work in hand carries without being passed (its language, its event's
 * scope, its Slack command, the terminal's command), each in a slot of its own. One store, not one per slot: Node 20
 * runs every enabled store's propagation on every promise created anywhere in the process and writes each
 * store's value onto it: with five stores the production start used about 14% more CPU answering 100 streamed
 * answers, and peaked a few MB higher (docs/development.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Slots = Readonly<Record<symbol, unknown>>;

const store = new AsyncLocalStorage<Slots>();

export interface AmbientSlot<T> {
  /** the value the work in hand runs with; undefined outside any `run` of this slot */
  get(): T | undefined;
  /** runs `fn` (and everything it awaits or schedules) with `value` in this slot, the other slots as they were */
  run<R>(value: T, fn: () => R): R;
}

/** A slot of the ambient store; `name` only names its key (for a debugger). */
export function ambientSlot<T>(name: string): AmbientSlot<T> {
  const key = Symbol(name);
  return {
    get: () => store.getStore()?.[key] as T | undefined,
    run: (value, fn) => store.run({ ...store.getStore(), [key]: value }, fn),
  };
}
