/** `/iip report <technology question>`: a technology pre-research report (AI34, beta) in a thread. */
import { markdown, mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { startWorkflow } from '../workflow/start.js';
import { workflowHandler } from '../workflow/handler.js';
import { clip } from '../novelty/text.js';
import type { ReportData } from './data.js';
import { REPORT } from './definition.js';

const PREFIX = { slack: '/iip ', teams: '@iip ', console: '' } as const;
/** No published limit for AI34-1's question; a Slack command carries a few thousand characters at most anyway. */
export const MAX_QUESTION_CHARS = 2_000;
const MIN_QUESTION_CHARS = 5;

const usage = (prefix: string) => `Usage: \`${prefix}report <technology question>\`, e.g. \`${prefix}report Solid-state electrolytes for fast-charging EV batteries\`.`;

function parentMessage(userId: string, question: string): OutgoingMessage {
  const text = `${mention(userId)} asked for a technology pre-research report (beta):\n> ${quoteUserText(clip(question, 600)).replace(/\n/g, '\n> ')}`;
  return { text, blocks: [{ type: 'markdown', text }, { type: 'context', text: 'Review the outline here, then Generate; the report link follows when it is written.' }] };
}

export const reportHandler = workflowHandler<ReportData>(REPORT, {
  verbs: ['report'],
  help: {
    summary: 'technology pre-research report (beta): review or extend the outline, then get the report link with its head players and key patents',
    usage: 'report <technology question>',
    example: 'report Solid-state electrolytes for fast-charging electric vehicle batteries',
  },
  async command(ctx, { incoming, args }) {
    const question = args.replace(/\s+/g, ' ').trim();
    const where = { thread: incoming.thread, conversation: incoming.conversation };
    const prefix = PREFIX[ctx.messenger.chat];
    if (Array.from(question).length < MIN_QUESTION_CHARS) return ctx.messenger.notify(where, incoming.user.id, markdown(usage(prefix)));
    if (question.length > MAX_QUESTION_CHARS) {
      const text = `The technology question can be at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters; yours has ${question.length.toLocaleString('en-US')}. Nothing was sent.`;
      return ctx.messenger.notify(where, incoming.user.id, markdown(text));
    }
    await startWorkflow(ctx, REPORT, { incoming, parent: parentMessage(incoming.user.id, question), start: 'main', data: { question, outline: [] }, input: undefined });
  },
});
