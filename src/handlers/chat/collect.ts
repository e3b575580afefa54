/** What a chat turn reads from the platform's stream besides the text: references, usage, ids, and why it stopped. */
import { PlatformError } from '../../platform/errors.js';
import type { PlatformReference, StreamEvent, Usage } from '../../platform/events.js';
import { isRetryable } from '../../core/user-errors.js';

export interface Collected {
  references: PlatformReference[];
  usage?: Usage;
  ids: Record<string, string>;
  /** an error inside the stream that a Retry cannot fix (quota, a rejected key): the answer ends with its reason */
  stopped?: PlatformError;
}

/**
 * The stream's text deltas; everything else goes into `into`. An error a Retry can help with is rethrown (the
 * relay marks the answer interrupted and offers Retry); one it cannot help with ends the text instead.
 */
export async function* textOf(events: AsyncIterable<StreamEvent>, into: Collected): AsyncIterable<string> {
  try {
    for await (const event of events) {
      if (event.type === 'text') yield event.text;
      else collect(event, into);
    }
  } catch (error) {
    if (!(error instanceof PlatformError) || isRetryable(error)) throw error;
    into.stopped = error;
  }
}

function collect(event: StreamEvent, into: Collected): void {
  if (event.type === 'references') into.references = event.references;
  else if (event.type === 'usage') into.usage = event.usage;
  else if (event.type === 'session') {
    if (event.sessionId) into.ids.session_id = event.sessionId;
    if (event.chatId) into.ids.chat_id = event.chatId;
    if (event.chatItemId) into.ids.chat_item_id = event.chatItemId;
  }
}
