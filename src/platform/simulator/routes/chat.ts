/** AI07 and AI20 (model chats streaming `output.content`), AI68-1/-2 (encyclopedia chat, chat-completion chunks). */
import { randomBytes, randomUUID } from 'node:crypto';
import { splitText, tokenCount } from '../chunk.js';
import { chatAnswer } from '../content/chat.js';
import { chatReferences } from '../content/references.js';
import type { SimState } from '../state.js';
import type { Routes } from './types.js';
import type { LsChat, LsChatItem, PharmSession } from '../records.js';

type OutputStatus = 'running' | 'finished';

/** `output` objects for each piece of the answer: deltas, or the whole text so far in cumulative mode. */
function outputs(state: SimState, answer: string): { content: string; status: OutputStatus }[] {
  const pieces = splitText(answer, state.settings.streamChunkChars);
  let soFar = '';
  return pieces.map((piece, i) => {
    soFar += piece;
    return { content: state.settings.cumulativeContent ? soFar : piece, status: i === pieces.length - 1 ? 'finished' : 'running' };
  });
}

function usage(question: string, answer: string) {
  const input = tokenCount(question);
  const output = tokenCount(answer);
  return { input_tokens: input, output_tokens: output, total_tokens: input + output };
}

/** The session a request continues (a session id the simulator has not seen starts fresh under that id). */
export function pharmSession(state: SimState, sessionId: string | undefined): PharmSession {
  const id = sessionId || randomUUID();
  let session = state.sessions.get(id);
  if (!session) {
    session = { id, turns: 0 };
    state.sessions.set(id, session);
  }
  return session;
}

const hexId = (): string => randomBytes(16).toString('hex');

/** AI68-1's data sources (1 is all); a search narrowed to one returns documents of that kind only. */
const SOURCE_DOC_TYPES: Record<number, string> = {
  1: 'all',
  2: 'paper',
  3: 'patent',
  4: 'clinical-trial',
  5: 'fda-label',
  6: 'financial-report',
  7: 'clinical-guideline',
  8: 'epidemiology',
};

export const chatRoutes: Routes<'AI07' | 'AI20' | 'AI68-1' | 'AI68-2'> = {
  AI07: ({ body, state, ok, stream }) => {
    const answer = chatAnswer('general', body.prompt, { minChars: state.settings.minAnswerChars });
    if (body.stream === false) return ok({ output: { content: answer, status: 'finished', usage: usage(body.prompt, answer) } });
    const all = outputs(state, answer);
    return stream(all.map((output, i) => ({ output: i < all.length - 1 ? output : { ...output, usage: usage(body.prompt, answer) } })));
  },

  AI20: ({ body, state, stream }) => {
    const session = pharmSession(state, body.session_id);
    session.turns += 1;
    const references = chatReferences(body.query);
    const answer = chatAnswer('pharm', body.query, { turn: session.turns, citations: references.length });
    const events = outputs(state, answer).map((output, i, all) => ({
      output:
        i < all.length - 1
          ? { ...output, session_id: session.id }
          : {
              ...output,
              session_id: session.id,
              usage: usage(body.query, answer),
              references: references.map((r) => ({
                index: r.index,
                link: r.link,
                text: r.text,
                type: r.type,
                doc_id: r.docId,
                doc_type: r.docType,
                post_date: r.postDate,
                text_summary: r.title,
              })),
            },
    }));
    return stream(events);
  },

  'AI68-1': ({ body, state, ok, invalid }) => {
    const source = body.data_source ?? 1;
    if (!Number.isInteger(source) || !(source in SOURCE_DOC_TYPES)) return invalid(`data_source: ${source} is not one of 1-8`);
    const continued = typeof body.chat_id === 'string' ? state.chats.get(body.chat_id) : undefined;
    const chat: LsChat = continued ?? { id: hexId(), items: new Map() };
    state.chats.set(chat.id, chat);
    const itemId = hexId();
    chat.items.set(itemId, { question: body.query, turn: chat.items.size + 1 });
    const refDoc = chatReferences(body.query).map((r) => ({
      index: String(r.index),
      link: r.link,
      text: r.text,
      _text_display: r.title,
      type: source === 1 ? r.type : SOURCE_DOC_TYPES[source],
      doc_type_detail: source === 1 ? r.docType : SOURCE_DOC_TYPES[source],
      post_time: String(r.postDate),
    }));
    return ok({ chat_id: chat.id, chat_item_id: itemId, ref_doc: refDoc });
  },

  'AI68-2': ({ body, state, stream, invalid }) => {
    const item = state.chats.get(body.chat_id)?.items.get(body.chat_item_id);
    if (!item) return invalid('chat_id/chat_item_id: unknown chat; create it with AI68-1 first');
    const answer = lsAnswer(item);
    const ids = { chat_id: body.chat_id, chat_item_id: body.chat_item_id, system_fingerprint: 'fp_sim_1' };
    const chunks = splitText(answer, state.settings.streamChunkChars).map((content) => ({
      ...ids,
      choices: [{ index: 0, delta: { role: 'assistant', content } }],
    }));
    const prompt = tokenCount(item.question) * 40;
    const completion = tokenCount(answer);
    const flags = { detected: false, filtered: false };
    const final = {
      ...ids,
      choices: [
        {
          index: 0,
          delta: { role: 'assistant', content: '' },
          finish_reason: 'stop',
          content_filter_results: { hate: flags, sexual: flags, violence: flags, jailbreak: flags, profanity: flags, self_harm: flags },
        },
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
        image_tokens: 0,
        thinking_tokens: 0,
        prompt_tokens_details: { audio_tokens: 0, cached_tokens: 0, cache_read_tokens: 0, cached_creation_tokens: 0 },
        completion_tokens_details: { audio_tokens: 0, reasoning_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
    };
    return stream([...chunks, final], '[DONE]');
  },
};

/** The answer AI68-2 streams for a chat item. */
export function lsAnswer(item: LsChatItem): string {
  return chatAnswer('encyclopedia', item.question, { turn: item.turn, citations: chatReferences(item.question).length });
}
