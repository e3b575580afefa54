/**
 * A running job's live stream (an agent's narration) followed while a step waits for it: its current step and
 * the latest of its text are handed to `show`, at most once per interval. Best effort: a stream that fails or
 * ends early leaves the wait as it is; it is never reopened, and `stop` ends it when the wait is over.
 */
import type { Logger } from '../../../log.js';
import type { StreamEvent } from '../../../platform/events.js';

/** the end of the streamed text that a progress message shows */
export const LIVE_TAIL_CHARS = 1_500;
export const LIVE_INTERVAL_MS = 1_000;

/** What the stream said so far: its steps in order (the last one runs), and all of its text. */
export interface LiveText {
  steps: string[];
  text: string;
}

export interface LiveStream {
  stop(): void;
}

/** The note a progress message shows for a stream: its step in italics and the end of its text. */
export function liveNote(step: string | undefined, text: string): string {
  const chars = Array.from(text.trim());
  const tail = chars.length > LIVE_TAIL_CHARS ? `…${chars.slice(-LIVE_TAIL_CHARS).join('')}` : chars.join('');
  return [step ? `_${step}_` : '', tail].filter(Boolean).join('\n');
}

export function followStream(
  open: (signal: AbortSignal) => Promise<AsyncIterable<StreamEvent>>,
  signal: AbortSignal,
  show: (note: string, live: LiveText) => void,
  logger: Logger,
  intervalMs = LIVE_INTERVAL_MS,
): LiveStream {
  const controller = new AbortController();
  const linked = AbortSignal.any([signal, controller.signal]);
  let step: string | undefined;
  const steps: string[] = [];
  let stepSaidSomething = false;
  let text = '';
  let shownAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    shownAt = Date.now();
    if (!linked.aborted) show(liveNote(step, text), { steps: [...steps], text });
  };
  const schedule = () => {
    if (!timer) timer = setTimeout(flush, Math.max(0, shownAt + intervalMs - Date.now()));
  };
  void (async () => {
    try {
      for await (const event of await open(linked)) {
        if (linked.aborted) break;
        if (event.type === 'progress') {
          step = event.step;
          steps.push(event.step);
          stepSaidSomething = false;
        } else if (event.type === 'text') {
          text += event.text;
          stepSaidSomething = true;
        } else if (event.type === 'done' && !stepSaidSomething) {
          // a step the stream names only as it finishes ("done") is no step of the work
          steps.splice(-1, 1);
          continue;
        } else continue;
        schedule();
      }
      clearTimeout(timer);
      flush();
    } catch (error) {
      if (!linked.aborted) logger.debug({ err: error }, 'workflow: the live stream of a wait ended early');
    }
  })();
  return {
    stop() {
      clearTimeout(timer);
      controller.abort();
    },
  };
}
