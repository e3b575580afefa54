/**
 * Chats (1:1 and group) as conversations. A chat has no reply chains, so the adapter keeps each chat's current
 * thread: a message that starts with a verb (`novelty …`, `help`) or with `new` starts a new thread and becomes
 * the current one; any other message (a follow-up question, `status`, `cancel`) is a reply in the current
 * thread, addressed to the bot. The footer of a chat thread's messages says how to start over.
 */
import type { Block, OutgoingMessage } from '../../core/message.js';
import { translatorFor, type Translate } from '../../i18n/index.js';

/** The word that starts a new conversation in a chat, whatever follows it. */
export const START_OVER_WORD = 'new';

/** Words that stay in the current thread although they are verbs: they act on it. */
const THREAD_WORDS = new Set(['status', 'cancel']);

/** How to start over in a chat, in the language of `t`. */
export const startOverHint = (t: Translate): string => t('teams:startOverHint', { word: START_OVER_WORD });

export type ChatTurn =
  /** a new thread rooted at the message, with this text as its command (`new` removed before a verb) */
  | { kind: 'start'; text: string }
  /** a reply in the chat's current thread */
  | { kind: 'continue'; text: string };

/** What a chat message does, given the verbs that start a thread and whether the chat has a current thread. */
export function chatTurn(text: string, verbs: ReadonlySet<string>, hasCurrent: boolean): ChatTurn {
  const first = (text.split(/\s+/)[0] ?? '').toLowerCase();
  if (first === START_OVER_WORD) {
    // `new novelty …` runs the verb; `New materials for …?` is a question that starts over, word kept
    const rest = text.slice(first.length).trim();
    const second = (rest.split(/\s+/)[0] ?? '').toLowerCase();
    return { kind: 'start', text: rest === '' || verbs.has(second) ? rest : text };
  }
  if (!hasCurrent || first === '' || (verbs.has(first) && !THREAD_WORDS.has(first))) return { kind: 'start', text };
  return { kind: 'continue', text };
}

/**
 * The message with the start-over hint, in the message's language, added to its last footer (a message without a
 * footer stays as it is).
 */
export function withStartOverHint(message: OutgoingMessage): OutgoingMessage {
  const blocks = message.blocks;
  if (!blocks) return message;
  const hint = startOverHint(translatorFor(message.lang));
  let last = -1;
  blocks.forEach((block, i) => {
    if (block.type === 'context') last = i;
  });
  if (last < 0) return message;
  const hinted = blocks.map((block, i): Block => (i === last && block.type === 'context' ? { ...block, text: `${block.text} · ${hint}` } : block));
  return { ...message, blocks: hinted };
}
