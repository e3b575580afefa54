/**
 * The AI32-4 and agent streams in the shape the simulator is set to. Their format is not published, so the
 * simulator can send each shape the platform uses elsewhere: `content` (data.content, the default), `output`
 * (data.output.content as AI07), `choices` (choices[0].delta.content as AI68-2), `plain` (bare text lines), or
 * `empty` (no text at all, only the end).
 */
import { success, type Reply, type SseEvent } from './envelope.js';

export const JOB_STREAM_SHAPES = ['content', 'output', 'choices', 'plain', 'empty'] as const;
export type JobStreamShape = (typeof JOB_STREAM_SHAPES)[number];

export interface JobEvent {
  job_id: string;
  status: 'running' | 'finished';
  step?: string;
  content: string;
}

/** SSE data holding text as it is: each line of it a `data:` line, which the reader joins with newlines. */
const plainLine = (text: string): SseEvent => ({ raw: text.split('\n').join('\ndata: ') });

function shaped(shape: JobStreamShape, event: JobEvent): SseEvent[] {
  const finished = event.status === 'finished';
  switch (shape) {
    case 'content':
      return [{ envelope: success(event) }];
    case 'output':
      return [{ envelope: success({ output: { content: event.content, status: event.status } }) }];
    case 'choices':
      return [{ envelope: success({ choices: [{ index: 0, delta: { content: event.content }, finish_reason: finished ? 'stop' : null }] }) }];
    case 'plain':
      return finished ? [{ raw: '[DONE]' }] : event.content ? [plainLine(event.content)] : [];
    case 'empty':
      return finished ? [{ envelope: success({ ...event, content: '' }) }] : [];
  }
}

export function jobStream(shape: JobStreamShape, events: readonly JobEvent[]): Reply {
  return { type: 'stream', events: events.flatMap((event) => shaped(shape, event)) };
}
