/**
 * The adapter as one relay run sees it when its request carries a guard (a lease's fence): every chat call the
 * relay makes (post, edit, remove, a native stream's open, append and stop) asks the guard first, so once the
 * guard refuses (the lease was lost to another replica) the relay makes no further call into the thread.
 */
import type { ChatAdapter, NativeStream } from '../adapter.js';
import { delegating } from '../fence.js';

/** Why the relay stopped: its guard refused a call, which was therefore not made. */
export class RelayHaltedError extends Error {
  constructor(readonly reason: unknown) {
    super('the relay was stopped by its guard: no further chat call is made');
    this.name = 'RelayHaltedError';
  }
}

type Guard = () => Promise<void>;

async function asked(guard: Guard): Promise<void> {
  try {
    await guard();
  } catch (error) {
    throw new RelayHaltedError(error);
  }
}

const guardedStream = (stream: NativeStream, guard: Guard): NativeStream => ({
  append: async (delta) => {
    await asked(guard);
    return stream.append(delta);
  },
  stop: async (final) => {
    await asked(guard);
    return stream.stop(final);
  },
});

const GUARDED: ReadonlySet<string> = new Set(['post', 'edit', 'removeMessage']);

/** `adapter` with each of the relay's chat calls made only once `guard` resolves. */
export function guardedAdapter(adapter: ChatAdapter, guard: Guard): ChatAdapter {
  return delegating(adapter, (name, call) => {
    if (GUARDED.has(name))
      return async (...args) => {
        await asked(guard);
        return call(...args);
      };
    if (name !== 'nativeStream') return undefined;
    return async (...args) => {
      await asked(guard);
      const stream = (await call(...args)) as NativeStream | undefined;
      return stream && guardedStream(stream, guard);
    };
  });
}
