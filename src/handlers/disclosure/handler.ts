/** `/iip disclosure <technical idea> [--lang en|cn]`: a technical disclosure drafted in a thread (AI32). */
import { markdown, mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { startWorkflow } from '../workflow/start.js';
import { workflowHandler } from '../workflow/handler.js';
import { clip } from '../novelty/text.js';
import type { DisclosureData } from './data.js';
import { DISCLOSURE } from './definition.js';
import { parseDisclosureArgs, usageText } from './options.js';

const PREFIX = { slack: '/iip ', teams: '@iip ', console: '' } as const;

function parentMessage(userId: string, idea: string, lang: string): OutgoingMessage {
  const text = `${mention(userId)} started a technical disclosure:\n> ${quoteUserText(clip(idea, 600)).replace(/\n/g, '\n> ')}`;
  return { text, blocks: [{ type: 'markdown', text }, { type: 'context', text: `Template language ${lang} · review the key elements here, then Generate` }] };
}

export const disclosureHandler = workflowHandler<DisclosureData>(DISCLOSURE, {
  verbs: ['disclosure'],
  help: {
    summary: 'technical disclosure drafting: review or edit the extracted key elements, Generate, watch the text being written, then download the document',
    usage: 'disclosure <technical idea> [--lang en|cn]',
    example: 'disclosure A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer --lang en',
  },
  async command(ctx, { incoming, args }) {
    const parsed = parseDisclosureArgs(args, ctx.settings.lang);
    const prefix = PREFIX[ctx.messenger.chat];
    const where = { thread: incoming.thread, conversation: incoming.conversation };
    if ('usage' in parsed) return ctx.messenger.notify(where, incoming.user.id, markdown(usageText(prefix)));
    if ('problem' in parsed) return ctx.messenger.notify(where, incoming.user.id, markdown(`${parsed.problem} Nothing was sent.\n${usageText(prefix)}`));
    await startWorkflow(ctx, DISCLOSURE, {
      incoming, parent: parentMessage(incoming.user.id, parsed.idea, parsed.lang), start: 'main', data: { idea: parsed.idea, lang: parsed.lang }, input: undefined,
    });
  },
});
