/**
 * The raw bytes of a stream response, with read failures (idle timeout, reset connection, the caller's abort)
 * already translated into platform errors, so the stream parser never sees an undici error or its URL.
 */
import { transportError, type ExchangeContext } from './http.js';

export async function* guardStreamBody(
  body: AsyncIterable<Uint8Array>,
  context: ExchangeContext,
  callerSignal?: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
  try {
    for await (const chunk of body) yield chunk;
  } catch (error) {
    throw transportError(error, context, callerSignal);
  }
}
