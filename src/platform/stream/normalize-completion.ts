/**
 * AI68-2 (life-science chat answer): chat-completion chunks. Text in `data.choices[0].delta.content` (always
 * a delta), a non-null `finish_reason` ends the answer, `usage` in OpenAI's names, and the conversation ids
 * `chat_id` / `chat_item_id`.
 */
import type { StreamEvent } from '../events.js';
import { AI68_2ChatAiLsStream_EurekalsChatResponse } from '../schemas/generated/ai68-2.js';
import { changeTracker, compactUsage, orUndefined, parseData, type Normalizer, type StreamContext } from './normalizer.js';

export function createCompletionNormalizer(context: StreamContext): Normalizer {
  const sessionChanged = changeTracker<unknown>();
  const usageChanged = changeTracker<unknown>();

  return (data) => {
    const chunk = parseData(AI68_2ChatAiLsStream_EurekalsChatResponse, data, context);
    if (!chunk) return [];
    const events: StreamEvent[] = [];
    const chatId = chunk.chat_id || undefined;
    const chatItemId = chunk.chat_item_id || undefined;
    if ((chatId || chatItemId) && sessionChanged({ chatId, chatItemId })) {
      events.push({ type: 'session', ...(chatId && { chatId }), ...(chatItemId && { chatItemId }) });
    }
    const choice = chunk.choices?.[0];
    const content = choice?.delta?.content;
    if (content) events.push({ type: 'text', text: content });
    const usage =
      chunk.usage &&
      compactUsage({
        inputTokens: orUndefined(chunk.usage.prompt_tokens),
        outputTokens: orUndefined(chunk.usage.completion_tokens),
        totalTokens: orUndefined(chunk.usage.total_tokens),
      });
    if (usage && usageChanged(usage)) events.push({ type: 'usage', usage });
    if (choice?.finish_reason) events.push({ type: 'done', reason: choice.finish_reason });
    return events;
  };
}
