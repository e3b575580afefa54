/**
 * What every command handler does before its work starts, in one place: answering the user who typed the
 * command (a refusal says "Nothing was sent." above the usage line, written for how this chat addresses the
 * bot), and the parent message that opens the thread (who started what, their text quoted).
 */
import type { HandlerContext } from '../../core/handler.js';
import type { CommandIncoming } from '../../core/incoming.js';
import { markdown, mention, type OutgoingMessage } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { quoteBlock } from '../shared/text.js';

/** How much of the user's text a parent message quotes. */
const QUOTED_CHARS = 600;

/** A command's usage line, given how users address the bot in this chat (`/iip `, `@iip `, nothing), said with `t`. */
export type UsageText = (invocation: string, t: Translate) => string;

/** `problem` followed by "Nothing was sent.": said wherever a request was refused before reaching the platform. */
export const nothingSent = (problem: string, t: Translate): string => t('workflow:nothingSent', { problem });

/** The usage line as this chat writes it. */
export const usageLine = (ctx: HandlerContext, usage: UsageText): string => usage(ctx.messenger.invocation, ctx.t);

/** A note to the user who typed the command, where they typed it (only they see it where the chat allows). */
export function answerCommand(ctx: HandlerContext, incoming: CommandIncoming, message: string | OutgoingMessage): Promise<void> {
  const where = { thread: incoming.thread, conversation: incoming.conversation };
  return ctx.messenger.notify(where, incoming.user.id, typeof message === 'string' ? markdown(message) : message);
}

/** Refuses the command: what is wrong with it, "Nothing was sent.", and the usage line. */
export function refuseCommand(ctx: HandlerContext, incoming: CommandIncoming, problem: string, usage: UsageText): Promise<void> {
  return answerCommand(ctx, incoming, `${nothingSent(problem, ctx.t)}\n${usageLine(ctx, usage)}`);
}

/**
 * The message that opens a thread: "@user <started>:" with the user's text quoted below (clipped), and an
 * optional context line; without `quote`, only "@user <started>".
 */
export function parentMessage(
  userId: string,
  started: string,
  quote: string | undefined,
  context: string | undefined,
  t: Translate,
): OutgoingMessage {
  const text =
    quote === undefined
      ? `${mention(userId)} ${started}`
      : `${mention(userId)} ${t('workflow:quoting', { started })}\n${quoteBlock(truncate(quote, QUOTED_CHARS))}`;
  return { text, blocks: [{ type: 'markdown', text }, ...(context === undefined ? [] : [{ type: 'context' as const, text: context }])] };
}
