import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { retryAfterGate } from '../../../src/adapters/slack/retry-after-gate.js';
import { ChatRateLimitedError } from '../../../src/core/chat-errors.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const limited = (ms: number) => () => Promise.reject(new ChatRateLimitedError(ms, 'T1', 'slack'));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

test('a call of a method Slack paused waits out the Retry-After right before it leaves; other workspaces do not wait', async () => {
  const gate = retryAfterGate();
  expect(await refusal(gate.send('T1', 'chat.update', 'C1', limited(2_000)))).toBeInstanceOf(ChatRateLimitedError);
  const sentAt: Record<string, number> = {};
  const started = Date.now();
  const held = gate.send('T1', 'chat.update', 'C2', async () => (sentAt.T1 = Date.now() - started));
  const other = gate.send('T2', 'chat.update', 'C1', async () => (sentAt.T2 = Date.now() - started));
  await vi.advanceTimersByTimeAsync(2_000);
  await Promise.all([held, other]);
  expect(sentAt).toEqual({ T1: 2_000, T2: 0 });
  expect(gate.held).toBe(1);
});

test('chat.postMessage is paused per channel, as Slack limits it', async () => {
  const gate = retryAfterGate();
  await refusal(gate.send('T1', 'chat.postMessage', 'C1', limited(1_000)));
  const request = vi.fn(async () => 'ok');
  expect(await gate.send('T1', 'chat.postMessage', 'C2', request)).toBe('ok');
  expect(gate.held).toBe(0);
});

test('a pause past a minute is left to the caller: the next call leaves at once', async () => {
  const gate = retryAfterGate();
  await refusal(gate.send('T1', 'chat.update', 'C1', limited(600_000)));
  expect(await gate.send('T1', 'chat.update', 'C1', async () => 'sent')).toBe('sent');
  expect(gate.held).toBe(0);
});

test("a form's views.open in a pause is refused at once with the time left: its trigger_id would expire while it waited", async () => {
  const gate = retryAfterGate();
  await refusal(gate.send('T1', 'views.open', undefined, limited(30_000)));
  await vi.advanceTimersByTimeAsync(10_000);
  const request = vi.fn(async () => 'opened');
  const error = await refusal(gate.send('T1', 'views.open', undefined, request));
  expect(error).toBeInstanceOf(ChatRateLimitedError);
  expect((error as ChatRateLimitedError).retryAfterMs).toBe(20_000);
  expect(request).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(20_000);
  expect(await gate.send('T1', 'views.open', undefined, request)).toBe('opened');
});

test('chat.startStream in a pause is refused at once with the time left, so the relay can open the answer as a post', async () => {
  const gate = retryAfterGate();
  await refusal(gate.send('T1', 'chat.startStream', 'C1', limited(40_000)));
  await vi.advanceTimersByTimeAsync(15_000);
  const request = vi.fn(async () => 'started');
  const error = await refusal(gate.send('T1', 'chat.startStream', 'C2', request));
  expect((error as ChatRateLimitedError).retryAfterMs).toBe(25_000);
  expect(request).not.toHaveBeenCalled();
  expect(gate.held).toBe(0);
  // appends of streams already open are not refused: they wait out their own method's pause only
  expect(await gate.send('T1', 'chat.appendStream', 'C1', async () => 'appended')).toBe('appended');
});
