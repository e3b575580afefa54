/** The typed events every platform stream family is normalised into. */

export interface PlatformReference {
  /** the number the answer cites it by, when the platform gives one */
  index?: number;
  title: string;
  url?: string;
  snippet?: string;
  kind?: string;
}

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

export type StreamEvent =
  /** new text since the previous event (cumulative content is turned into deltas) */
  | { type: 'text'; text: string }
  | { type: 'references'; references: PlatformReference[] }
  | { type: 'usage'; usage: Usage; model?: string }
  /** conversation ids the next turn needs (AI20 session_id; AI68 chat ids) */
  | { type: 'session'; sessionId?: string; chatId?: string; chatItemId?: string }
  /** an agent job's current step */
  | { type: 'progress'; step: string }
  /** the platform said the answer is complete: finished, stop, length, [DONE], or the body ended cleanly */
  | { type: 'done'; reason: string };
