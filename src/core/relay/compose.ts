/** Turns the state of the answer into the message one part should show right now. */
import { t } from '../../i18n/index.js';
import { markdown, type Block, type Button, type OutgoingMessage } from '../message.js';
import type { AnswerDocument } from './answer-document.js';
import type { DeltaReader } from './delta-reader.js';
import type { RenderFn } from './types.js';

/** The note under an answer that stopped early, in the current language. */
export const interruptedNote = (): string => t('core:relay.interrupted');
export const emptyAnswer = (): string => t('core:relay.empty');

export const defaultRender: RenderFn = (text) => markdown(text === '' ? emptyAnswer() : text);

/** Adds the interruption note and, when given, the retry button under a rendered message. */
export function markInterrupted(message: OutgoingMessage, retry?: Button): OutgoingMessage {
  const body: Block[] = message.blocks ?? (message.text ? [{ type: 'markdown', text: message.text }] : []);
  const note = interruptedNote();
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
}

/** What part `index` should show now; undefined while there is nothing to show yet. */
export function compose(ctx: ComposeContext, index: number): Desired | undefined {
  const ended = ctx.reader.ended;
  const part = ctx.doc.part(index, !ended);
  const final = ended && !part.sealed;
  if (part.text === '' && !final) {
    if (ctx.placeholder === undefined || index > 0) return undefined;
    return desired({ text: ctx.placeholder }, false, false);
  }
  const interrupted = final && ctx.reader.failed;
  const nothingArrived = interrupted && part.text === '' && index === 0;
  let message = nothingArrived ? { text: '' } : ctx.render(part.display, { final, interrupted, part: index });
  if (interrupted) message = markInterrupted(message, ctx.retry);
  else if (final && ctx.feedback) message = { ...message, feedback: true };
  return desired(message, true, final || part.sealed);
}

const desired = (message: OutgoingMessage, isAnswer: boolean, isLast: boolean): Desired => ({
  message,
  isAnswer,
  isLast,
  key: JSON.stringify(message),
});
