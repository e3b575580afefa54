/**
 * The adapter as one relay run sees it when its request wants to know when text is first in front of the user
 * (the event's first-text delay): told once, after the first post, edit or native append or stop that succeeded.
 */
import type { ChatAdapter, NativeStream } from '../adapter.js';
import { delegating } from '../fence.js';

const SHOWS_TEXT: ReadonlySet<string> = new Set(['post', 'edit']);

export function noticedAdapter(adapter: ChatAdapter, shown: () => void): ChatAdapter {
  let told = false;
  const noticed = <T>(result: Promise<T>): Promise<T> => {
    if (told) return result;
    return result.then((value) => {
      if (!told) {
        told = true;
        shown();
      }
      return value;
    });
  };
  const noticedStream = (stream: NativeStream): NativeStream => ({
    append: (delta) => noticed(stream.append(delta)),
    stop: (final) => noticed(stream.stop(final)),
  });
  return delegating(adapter, (name, call) => {
    if (SHOWS_TEXT.has(name)) return (...args) => noticed(call(...args) as Promise<unknown>);
    if (name !== 'nativeStream') return undefined;
    return async (...args) => {
      const stream = (await call(...args)) as NativeStream | undefined;
      return stream && noticedStream(stream);
    };
  });
}
