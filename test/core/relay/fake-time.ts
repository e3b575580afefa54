/** Runs fake time forward until a promise settles, so relay tests never sleep for real. */
import { vi } from 'vitest';

export async function settle<T>(promise: Promise<T>, stepMs = 10, limitMs = 600_000): Promise<T> {
  let outcome: { value: T } | undefined;
  let failure: { error: unknown } | undefined;
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (failure = { error }),
  );
  for (let elapsed = 0; !outcome && !failure; elapsed += stepMs) {
    if (elapsed > limitMs) throw new Error(`still pending after ${limitMs} ms of fake time`);
    await vi.advanceTimersByTimeAsync(stepMs);
  }
  if (failure) throw failure.error;
  return outcome!.value;
}
