/** Turns the state of the answer into the message one part should show right now. */
import type { Lang, Translate } from '../../i18n/index.js';
import { markdown, type Block, type Button, type OutgoingMessage } from '../message.js';
import type { AnswerDocument } from './answer-document.js';
import type { DeltaReader } from './delta-reader.js';
import type { RenderFn } from './types.js';

/** The note under an answer that stopped early, said with `t`. */
export const interruptedNote = (t: Translate): string => t('core:relay.interrupted');
export const emptyAnswer = (t: Translate): string => t('core:relay.empty');

/** One markdown block, in which an empty answer is said with `t`. */
export const defaultRender =
  (t: Translate): RenderFn =>
  (text) =>
    markdown(text === '' ? emptyAnswer(t) : text);

/** Adds the interruption note (said with `t`) and, when given, the retry button under a rendered message. */
export function markInterrupted(message: OutgoingMessage, retry: Button | undefined, t: Translate): OutgoingMessage {
  const body: Block[] = message.blocks ?? (message.text ? [{ type: 'markdown', text: message.text }] : []);
  const note = interruptedNote(t);
  const blocks: Block[] = [...body, { type: 'context', text: note }];
  if (retry) blocks.push({ type: 'actions', buttons: [retry] });
  return { text: message.text ? `${message.text}\n\n${note}` : note, blocks };
}

export interface Desired {
  message: OutgoingMessage;
  /** false while the message is only the placeholder */
  isAnswer: boolean;
  /** this is the last content the message will ever get */
  isLast: boolean;
  key: string;
}

export interface ComposeContext {
  doc: AnswerDocument;
  reader: DeltaReader;
  render: RenderFn;
  retry?: Button;
  placeholder?: string;
  /** the complete answer asks for feedback */
  feedback?: boolean;
  /** the relay's own words (the interruption note) in the language of the answer */
  t: Translate;
  /** the language the answer is written in, stamped on its messages for the adapter's own words; absent: none named */
  lang?: Lang;
}

/** What part `index` should show now; undefined while there is nothing to show yet. */
export function compose(ctx: ComposeContext, index: number): Desired | undefined {
  const ended = ctx.reader.ended;
  const part = ctx.doc.part(index, !ended);
  const final = ended && !part.sealed;
  if (part.text === '' && !final) {
    if (ctx.placeholder === undefined || index > 0) return undefined;
    return desired(ctx, { text: ctx.placeholder }, false, false);
  }
  const interrupted = final && ctx.reader.failed;
  const nothingArrived = interrupted && part.text === '' && index === 0;
  let message = nothingArrived ? { text: '' } : ctx.render(part.display, { final, interrupted, part: index });
  if (interrupted) message = markInterrupted(message, ctx.retry, ctx.t);
  else if (final && ctx.feedback) message = { ...message, feedback: true };
  return desired(ctx, message, true, final || part.sealed);
}

function desired(ctx: ComposeContext, written: OutgoingMessage, isAnswer: boolean, isLast: boolean): Desired {
  const message = ctx.lang && !written.lang ? { ...written, lang: ctx.lang } : written;
  return { message, isAnswer, isLast, key: JSON.stringify(message) };
}
