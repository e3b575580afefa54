/**
 * AI32-4 (disclosure) and the agent stream. Their event format is not published, so every shape the platform
 * uses elsewhere is read: `data.content` / `data.status` (running | finished | failed) and, for agents,
 * `data.step` (progress when it changes); `data.output.content` / `output.status` as AI07; `choices[0].delta
 * .content` / `finish_reason` as AI68-2; and plain text. The status words of the neighbouring task polls
 * (SUCCEED / FAILED) are accepted too.
 */
import { TaskFailedError, UnexpectedResponseError } from '../errors.js';
import type { StreamEvent } from '../events.js';
import { changeTracker, type Normalizer, type StreamContext } from './normalizer.js';
import { TextAccumulator } from './text-accumulator.js';

const FINISHED = new Set(['finished', 'succeed', 'success', 'stop', 'length']);
const FAILED = new Set(['failed', 'fail']);
const FAILURE_MESSAGE_MAX_CHARS = 300;

interface JobEvent {
  content?: string;
  status?: string;
  step?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string field, absent when null or missing; anything else breaks the contract. */
function text(value: unknown, field: string, context: StreamContext): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  throw new UnexpectedResponseError(context, `stream event: ${field}: expected a string, got ${Array.isArray(value) ? 'array' : typeof value}`);
}

/** The event's text, status and step, whichever shape it came in. */
export function readJobEvent(data: unknown, context: StreamContext): JobEvent {
  if (typeof data === 'string') return { content: data };
  if (!isObject(data)) throw new UnexpectedResponseError(context, 'stream event: data: expected an object or text');
  if (isObject(data.output)) {
    return { content: text(data.output.content, 'output.content', context), status: text(data.output.status, 'output.status', context) };
  }
  if (Array.isArray(data.choices)) {
    const choice: Json = isObject(data.choices[0]) ? data.choices[0] : {};
    const delta: Json = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
    const finish = text(choice.finish_reason, 'choices[0].finish_reason', context);
    return { content: text(delta.content, 'choices[0].delta.content', context), status: finish };
  }
  return {
    content: text(data.content, 'content', context),
    status: text(data.status, 'status', context),
    step: text(data.step, 'step', context),
  };
}

export function createJobNormalizer(context: StreamContext): Normalizer {
  const accumulated = new TextAccumulator();
  const stepChanged = changeTracker<string>();

  return (data) => {
    const event = readJobEvent(data, context);
    const status = event.status?.toLowerCase();
    if (status && FAILED.has(status)) {
      const platformMessage = event.content?.trim().slice(0, FAILURE_MESSAGE_MAX_CHARS) || undefined;
      throw new TaskFailedError({ ...context, platformMessage });
    }
    const events: StreamEvent[] = [];
    if (event.step && stepChanged(event.step)) events.push({ type: 'progress', step: event.step });
    const added = accumulated.push(event.content);
    if (added) events.push({ type: 'text', text: added });
    if (status && FINISHED.has(status)) events.push({ type: 'done', reason: status });
    return events;
  };
}
