/**
 * Teams native streaming (1:1 chats only): `typing` activities carrying the text so far and a `streaminfo`
 * entity (streamType `streaming`, streamSequence 1, 2, 3, …; the first answer's id is the streamId), then the
 * final `message` with streamType `final` and no sequence, which becomes the message the user keeps.
 * The relay paces appends (Teams asks for about one a second) and falls back to editing when the first
 * append fails; a refusal (403 ContentStreamNotAllowed) is remembered for the chat.
 *
 * The stream fields go in the `streaminfo` entity (where Teams reads them) and in `channelData` (as the Teams AI
 * library sends them too); botbuilder's connector would trim the entity to its `type`, so the connector's
 * pipeline puts them back on the wire (./stream-entity-policy.ts).
 */
import type { Activity } from 'botbuilder';
import type { MessageRef, NativeStream } from '../../core/adapter.js';
import type { OutgoingMessage } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { Connector, ConnectorPlace } from './connector.js';
import { TeamsApiError } from './errors.js';
import type { TeamsMessage } from './render/limits.js';

export interface NativeStreamDeps {
  connector: Connector;
  place: ConnectorPlace;
  thread: ThreadId;
  render(message: OutgoingMessage): TeamsMessage[];
  toActivity(page: TeamsMessage): Partial<Activity>;
  /** called when Teams refuses streaming in this chat */
  onRefused(): void;
}

type StreamType = 'streaming' | 'final';

function streamInfo(type: StreamType, streamId: string | undefined, sequence: number | undefined): Record<string, unknown> {
  return {
    streamType: type,
    ...(streamId !== undefined ? { streamId } : {}),
    ...(sequence !== undefined ? { streamSequence: sequence } : {}),
  };
}

export function createNativeStream(deps: NativeStreamDeps): NativeStream {
  const { connector, place } = deps;
  let streamId: string | undefined;
  let sequence = 0;
  let text = '';

  return {
    async append(delta) {
      const next = sequence + 1;
      const info = streamInfo('streaming', streamId, next);
      // the text so far, as Teams streams it; kept only once Teams took it (the relay resends a failed chunk)
      const shown = text + delta;
      const activity: Partial<Activity> = {
        type: 'typing',
        text: shown,
        entities: [{ type: 'streaminfo', ...info }],
        channelData: info,
      };
      try {
        const id = await connector.send(place, activity);
        streamId ??= id || undefined;
        sequence = next;
        text = shown;
      } catch (error) {
        if (error instanceof TeamsApiError && error.status === 403 && streamId === undefined) deps.onRefused();
        throw error;
      }
    },

    async stop(final: OutgoingMessage): Promise<MessageRef> {
      const [first, ...rest] = deps.render(final) as [TeamsMessage, ...TeamsMessage[]];
      let last: string;
      if (streamId === undefined) {
        last = await connector.send(place, deps.toActivity(first));
      } else {
        const info = streamInfo('final', streamId, undefined);
        const activity = deps.toActivity(first);
        await connector.send(place, { ...activity, entities: [...(activity.entities ?? []), { type: 'streaminfo', ...info }], channelData: info });
        last = streamId;
      }
      for (const page of rest) last = await connector.send(place, deps.toActivity(page));
      return { thread: deps.thread, messageId: last };
    },
  };
}
