/** The three chat families: which platform operation answers, its input limit, and how to ask it. */
import type { Platform } from '../../platform/client.js';
import type { PlatformReference, StreamEvent } from '../../platform/events.js';
import type { PlatformIds } from '../../core/state.js';
import { truncate } from '../../core/text.js';
import type { EncyclopediaRefDoc } from '../../platform/payloads.js';
import { DEFAULT_OPTIONS, requestFields, type EncyclopediaOptions } from './encyclopedia-options.js';
import type { Text, Translate } from '../../i18n/index.js';

export interface ChatTurn {
  events: AsyncIterable<StreamEvent>;
  /** references known before the stream starts (AI68-1's ref_doc) */
  references: PlatformReference[];
  ids: PlatformIds;
}

/** What a turn knows of the thread before it: the platform's ids, the last answered question, the search options. */
export interface PreviousTurns {
  ids: PlatformIds;
  lastQuestion?: string;
  /** the encyclopedia's AI68-1 options the thread was started with or changed to */
  options?: EncyclopediaOptions;
  /** the thread's language, the one a follow-up's query is written in */
  t: Translate;
}

export interface ChatFamily {
  verb: 'ask' | 'pharm' | 'encyclopedia';
  label: Text;
  /** the stream the answer comes from: what a turn's record says it waits for while answering */
  operation: 'AI07' | 'AI20' | 'AI68-2';
  /** the platform's published input limit, in characters */
  maxChars: number;
  start(platform: Platform, question: string, previous: PreviousTurns, signal?: AbortSignal): Promise<ChatTurn>;
}

export const ASK: ChatFamily = {
  verb: 'ask',
  label: (t) => t('chat:family.ask'),
  operation: 'AI07',
  maxChars: 500,
  // AI07 has no conversation id: every turn stands alone
  async start(platform, question, _previous, signal) {
    return { events: await platform.stream('AI07', { prompt: question, stream: true }, { signal }), references: [], ids: {} };
  },
};

export const PHARM: ChatFamily = {
  verb: 'pharm',
  label: (t) => t('chat:family.pharm'),
  operation: 'AI20',
  maxChars: 16_000,
  async start(platform, question, previous, signal) {
    const request = previous.ids.session_id ? { query: question, session_id: previous.ids.session_id } : { query: question };
    return { events: await platform.stream('AI20', request, { signal }), references: [], ids: {} };
  },
};

export const ENCYCLOPEDIA: ChatFamily = {
  verb: 'encyclopedia',
  label: (t) => t('chat:family.encyclopedia'),
  operation: 'AI68-2',
  maxChars: 16_000,
  // AI68-1 takes no chat id, so a follow-up carries the previous question in its text instead, in the thread's language
  async start(platform, question, previous, signal) {
    const { t } = previous;
    const query = previous.lastQuestion ? t('chat:followUpQuery', { previous: previous.lastQuestion, question }) : question;
    const chat = await platform.call('AI68-1', { query, ...requestFields(previous.options ?? DEFAULT_OPTIONS) }, { signal });
    if (!chat.chat_id || !chat.chat_item_id) throw new Error('AI68-1 returned no chat ids');
    const references = (chat.ref_doc ?? []).map((doc, i) => referenceFromDoc(doc, i));
    const events = await platform.stream('AI68-2', { chat_id: chat.chat_id, chat_item_id: chat.chat_item_id }, { signal });
    return { events, references, ids: { chat_id: chat.chat_id, chat_item_id: chat.chat_item_id } };
  },
};

export const CHAT_FAMILIES: Record<ChatFamily['verb'], ChatFamily> = { ask: ASK, pharm: PHARM, encyclopedia: ENCYCLOPEDIA };

/** AI68-1's ref_doc has no title field: the display text (or the start of the text) stands for it. */
function referenceFromDoc(doc: EncyclopediaRefDoc, i: number): PlatformReference {
  const index = Number.parseInt(doc.index ?? '', 10);
  const title = firstLine(doc._text_display) ?? firstLine(doc.text) ?? `Reference ${i + 1}`;
  return {
    index: Number.isFinite(index) ? index : i + 1,
    title,
    url: doc.link ?? undefined,
    kind: doc.doc_type_detail ?? doc.type ?? undefined,
  };
}

/** A reference title made from a document's first line is cut to this. */
const MAX_TITLE_CHARS = 140;

function firstLine(text: string | null | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .find((l) => l.trim())
    ?.trim();
  if (!line) return undefined;
  return truncate(line, MAX_TITLE_CHARS);
}
