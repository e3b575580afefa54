/** A wait's live stream: its step and the end of its text are shown, at most once per interval, and stop ends it. */
import { describe, expect, test } from 'vitest';
import { followStream, LIVE_TAIL_CHARS, liveNote } from '../../../src/handlers/workflow/engine/live-stream.js';
import { silentLogger } from '../../../src/log.js';
import type { StreamEvent } from '../../../src/platform/events.js';
import { waitFor } from '../../helpers/slack-bot-harness.js';

/** Yields `first`, waits for `gate`, then yields `rest`. */
async function* events(first: StreamEvent[], gate: Promise<void>, rest: StreamEvent[] = []): AsyncIterable<StreamEvent> {
  for (const event of first) yield event;
  await gate;
  for (const event of rest) yield event;
}

function gated(): { gate: Promise<void>; release(): void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

describe('followStream', () => {
  test('shows the step and the text so far, throttled, and the whole text once the stream ends', async () => {
    const shown: string[] = [];
    const { gate, release } = gated();
    const first: StreamEvent[] = [
      { type: 'progress', step: 'problem analysis' },
      { type: 'text', text: 'The core ' },
    ];
    const rest: StreamEvent[] = [
      { type: 'text', text: 'contradiction.' },
      { type: 'progress', step: 'literature search' },
      { type: 'text', text: ' Screened 300 patents.' },
      { type: 'done', reason: 'finished' },
    ];
    followStream(
      async () => events(first, gate, rest),
      new AbortController().signal,
      (note) => shown.push(note),
      silentLogger,
      60_000,
    );
    await waitFor(() => shown.length === 1, 'the first note');
    expect(shown[0]).toBe('_problem analysis_\nThe core');
    release();
    await waitFor(() => shown.length === 2, 'the final note');
    expect(shown[1]).toBe('_literature search_\nThe core contradiction. Screened 300 patents.');
  });

  test('stop ends the stream and nothing more is shown; a failing stream is only logged', async () => {
    const shown: string[] = [];
    const { gate, release } = gated();
    let aborted = false;
    const live = followStream(
      async (signal) => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        return events([{ type: 'text', text: 'first' }], gate, [{ type: 'text', text: ' second' }]);
      },
      new AbortController().signal,
      (note) => shown.push(note),
      silentLogger,
      60_000,
    );
    await waitFor(() => shown.length === 1, 'the first note');
    live.stop();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(aborted).toBe(true);
    expect(shown).toEqual(['first']);

    const failing = followStream(
      async () => {
        throw new Error('stream refused');
      },
      new AbortController().signal,
      (note) => shown.push(note),
      silentLogger,
    );
    failing.stop();
    expect(shown).toEqual(['first']);
  });

  test('a long text is shown by its end', () => {
    const note = liveNote(undefined, `${'a'.repeat(LIVE_TAIL_CHARS)}END`);
    expect(note.startsWith('…')).toBe(true);
    expect(note.endsWith('END')).toBe(true);
    expect(Array.from(note).length).toBe(LIVE_TAIL_CHARS + 1);
  });
});
