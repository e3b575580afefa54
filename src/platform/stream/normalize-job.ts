/**
 * AI32-4 (disclosure) and the agent stream: `data.content`, `data.status` (running | finished | failed) and,
 * for agents, `data.step`, reported as progress when it changes. These two are not in the published
 * document; the status words of the neighbouring task polls (SUCCEED / FAILED) are accepted too.
 */
import { TaskFailedError } from '../errors.js';
import type { StreamEvent } from '../events.js';
import { AgentSseEvent, AI32_4PatentDisclosureSseEvent } from '../schemas/spec-only.js';
import { changeTracker, parseData, type Normalizer, type StreamContext } from './normalizer.js';
import { TextAccumulator } from './text-accumulator.js';

const FINISHED = new Set(['finished', 'succeed', 'success']);
const FAILED = new Set(['failed', 'fail']);
const FAILURE_MESSAGE_MAX_CHARS = 300;

export function createJobNormalizer(family: 'disclosure' | 'agent', context: StreamContext): Normalizer {
  const schema = family === 'agent' ? AgentSseEvent : AI32_4PatentDisclosureSseEvent;
  const text = new TextAccumulator();
  const stepChanged = changeTracker<string>();

  return (data) => {
    const event = parseData(schema, data, context);
    if (!event) return [];
    const status = event.status?.toLowerCase();
    if (status && FAILED.has(status)) {
      const platformMessage = event.content?.trim().slice(0, FAILURE_MESSAGE_MAX_CHARS) || undefined;
      throw new TaskFailedError({ ...context, platformMessage });
    }
    const events: StreamEvent[] = [];
    const step = 'step' in event ? event.step : undefined;
    if (typeof step === 'string' && step && stepChanged(step)) events.push({ type: 'progress', step });
    const added = text.push(event.content);
    if (added) events.push({ type: 'text', text: added });
    if (status && FINISHED.has(status)) events.push({ type: 'done', reason: status });
    return events;
  };
}
