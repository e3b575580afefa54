/**
 * AI07 and AI20 (model chats): text in `data.output.content`, the end in `data.output.status`
 * (running | finished | length, and `stop` seen in the wild), `usage`; AI20 adds `references[]` (sent when
 * finished) and `session_id` (the next turn needs it).
 */
import type { PlatformReference, StreamEvent } from '../events.js';
import { AI07ChatCcGptStream_AiCcGptResponse } from '../schemas/generated/ai07.js';
import { AI20ChatPharmGptStream_AiPharmGptResponse, type AI20ChatPharmGptStream_RefdocInfo } from '../schemas/generated/ai20.js';
import { changeTracker, compactUsage, orUndefined, parseData, type Normalizer, type StreamContext } from './normalizer.js';
import { TextAccumulator } from './text-accumulator.js';

const FINAL_STATUSES = new Set(['finished', 'length', 'stop']);

export function createChatNormalizer(family: 'ai07' | 'ai20', context: StreamContext): Normalizer {
  const schema = family === 'ai20' ? AI20ChatPharmGptStream_AiPharmGptResponse : AI07ChatCcGptStream_AiCcGptResponse;
  const text = new TextAccumulator();
  const sessionChanged = changeTracker<string>();
  const usageChanged = changeTracker<unknown>();
  const referencesChanged = changeTracker<PlatformReference[]>();

  return (data) => {
    const output = parseData(schema, data, context)?.output;
    if (!output) return [];
    const events: StreamEvent[] = [];
    const sessionId = 'session_id' in output ? output.session_id : undefined;
    if (typeof sessionId === 'string' && sessionId && sessionChanged(sessionId)) events.push({ type: 'session', sessionId });
    const added = text.push(output.content);
    if (added) events.push({ type: 'text', text: added });
    const references = 'references' in output && Array.isArray(output.references) ? output.references.map(toReference) : [];
    if (references.length && referencesChanged(references)) events.push({ type: 'references', references });
    const usage =
      output.usage &&
      compactUsage({
        inputTokens: orUndefined(output.usage.input_tokens),
        outputTokens: orUndefined(output.usage.output_tokens),
        totalTokens: orUndefined(output.usage.total_tokens),
      });
    if (usage && usageChanged(usage)) events.push({ type: 'usage', usage });
    const status = output.status?.toLowerCase();
    if (status && FINAL_STATUSES.has(status)) events.push({ type: 'done', reason: status });
    return events;
  };
}

function toReference(ref: AI20ChatPharmGptStream_RefdocInfo, position: number): PlatformReference {
  const reference: PlatformReference = {
    title: ref.text?.trim() || ref.doc_id || ref.link || `Reference ${ref.index ?? position + 1}`,
  };
  if (typeof ref.index === 'number') reference.index = ref.index;
  if (ref.link) reference.url = ref.link;
  if (ref.text_summary) reference.snippet = ref.text_summary;
  const kind = ref.doc_type || ref.type;
  if (kind) reference.kind = kind;
  return reference;
}
