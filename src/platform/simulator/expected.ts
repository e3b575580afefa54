/** The exact text a stream will produce, so tests can compare what a client assembled. */
import { OPERATIONS, type StreamOperationId } from '../operations.js';
import { chatAnswer } from './content/chat.js';
import { chatReferences } from './content/references.js';
import { lsAnswer } from './routes/chat.js';
import { disclosureText } from './routes/disclosure.js';
import { agentSteps } from './routes/solution.js';
import type { SimState } from './state.js';

export type ChatOperationId = 'AI07' | 'AI20' | 'AI68-2';

export interface ChatAnswerContext {
  /** the turn of the session or chat the request is (default 1, the first question) */
  turn?: number;
  /** AI68-2 only: the question the chat item was created with (the AI68-1 `query`) */
  question?: string;
}

const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') throw new Error(`expected a request body with a string "${name}"`);
  return value;
};

/**
 * The whole answer a chat stream sends for a request body: AI07 `{prompt}`, AI20 `{query}` (pass the turn
 * for a continued session), AI68-2 (pass the AI68-1 question, and its turn in the chat if not the first).
 */
export function expectedChatAnswer(operationId: ChatOperationId, requestBody: unknown, context: ChatAnswerContext = {}): string {
  switch (operationId) {
    case 'AI07':
      return chatAnswer('general', field(requestBody, 'prompt'));
    case 'AI20': {
      const query = field(requestBody, 'query');
      return chatAnswer('pharm', query, { turn: context.turn ?? 1, citations: chatReferences(query).length });
    }
    case 'AI68-2':
      if (context.question === undefined) throw new Error('AI68-2 answers depend on the AI68-1 question: pass context.question');
      return lsAnswer({ question: context.question, turn: context.turn ?? 1 });
  }
}

/** What the next request with this body will stream, given the simulator's state. */
export function expectedStreamText(state: SimState, operationId: StreamOperationId, requestBody: unknown): string {
  const parsed = OPERATIONS[operationId].request.safeParse(requestBody);
  if (!parsed.success) throw new Error(`${operationId}: the request body is invalid, so the answer would be an error envelope`);
  switch (operationId) {
    case 'AI07':
      return chatAnswer('general', field(requestBody, 'prompt'), { minChars: state.settings.minAnswerChars });
    case 'AI20': {
      const sessionId = (requestBody as { session_id?: string }).session_id;
      const turns = sessionId ? (state.sessions.get(sessionId)?.turns ?? 0) : 0;
      return expectedChatAnswer('AI20', requestBody, { turn: turns + 1 });
    }
    case 'AI68-2': {
      const item = state.chats.get(field(requestBody, 'chat_id'))?.items.get(field(requestBody, 'chat_item_id'));
      if (!item) throw new Error('AI68-2: unknown chat_id/chat_item_id');
      return lsAnswer(item);
    }
    case 'AI32-4': {
      const job = state.disclosures.get(field(requestBody, 'job_id'));
      if (!job) throw new Error('AI32-4: unknown job_id');
      return disclosureText(job);
    }
    case 'AGENT-SSE': {
      const jobId = field(requestBody, 'job_id');
      const issues = state.solutions.get(jobId)?.issues ?? state.materials.get(jobId)?.input;
      if (issues === undefined) throw new Error('AGENT-SSE: unknown job_id');
      return agentSteps(issues)
        .map((s) => s.text)
        .join('');
    }
  }
}
