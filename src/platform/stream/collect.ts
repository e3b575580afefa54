/** Ways to consume a stream: all at once (`collectEvents`), or as the text deltas the relay wants. */
import type { PlatformReference, StreamEvent, Usage } from '../events.js';

export interface StreamSession {
  sessionId?: string;
  chatId?: string;
  chatItemId?: string;
}

export interface StreamResult {
  text: string;
  /** the last references event (the platform sends the full list) */
  references: PlatformReference[];
  /** the last usage event */
  usage?: Usage;
  /** every session id the stream reported, merged */
  session?: StreamSession;
  /** the `done` reason, or `aborted` when the stream was aborted before it ended */
  doneReason: string;
}

export async function collectEvents(events: AsyncIterable<StreamEvent>): Promise<StreamResult> {
  const result: StreamResult = { text: '', references: [], doneReason: 'aborted' };
  for await (const event of events) {
    switch (event.type) {
      case 'text':
        result.text += event.text;
        break;
      case 'references':
        result.references = event.references;
        break;
      case 'usage':
        result.usage = event.usage;
        break;
      case 'session': {
        const { type: _type, ...ids } = event;
        result.session = { ...result.session, ...ids };
        break;
      }
      case 'done':
        result.doneReason = event.reason;
        break;
      case 'progress':
        break;
    }
  }
  return result;
}

/**
 * Only the text deltas, for the stream relay; every other event goes to `onEvent` as it arrives. Leaving the
 * loop early leaves the stream's loop too, which aborts the request.
 */
export async function* textDeltas(
  events: AsyncIterable<StreamEvent>,
  onEvent?: (event: Exclude<StreamEvent, { type: 'text' }>) => void,
): AsyncGenerator<string, void, undefined> {
  for await (const event of events) {
    if (event.type === 'text') yield event.text;
    else onEvent?.(event);
  }
}
