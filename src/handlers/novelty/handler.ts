/** `/iip novelty [quick] <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD]`. */
import type { HandlerContext } from '../../core/handler.js';
import { markdown, mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { startWorkflow } from '../workflow/start.js';
import { workflowHandler } from '../workflow/handler.js';
import type { NoveltyData } from './data.js';
import { NOVELTY } from './definition.js';
import { parseNoveltyArgs, usageText, type NoveltyOptions } from './options.js';
import { clip } from './text.js';

const PREFIX = { slack: '/iip ', teams: '@iip ', console: '' } as const;

function parentMessage(userId: string, options: NoveltyOptions): OutgoingMessage {
  const kind = options.quick ? 'a one-shot novelty report' : 'a novelty search';
  const text = `${mention(userId)} started ${kind}:\n> ${quoteUserText(clip(options.idea, 600)).replace(/\n/g, '\n> ')}`;
  const range = options.from || options.to ? ` · published ${options.from ?? 'any time'} – ${options.to ?? 'today'}` : '';
  const steps = options.quick ? 'the report link follows when it is ready' : 'each step waits for your confirmation here';
  return { text, blocks: [{ type: 'markdown', text }, { type: 'context', text: `Language ${options.lang}${range} · ${steps}` }] };
}

export const noveltyHandler = workflowHandler<NoveltyData>(NOVELTY, {
  verbs: ['novelty'],
  help: {
    summary: 'guided novelty search: confirm or edit the solution, features, search elements and references step by step, then get the report; `quick` for the one-shot report',
    usage: 'novelty [quick] <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD]',
    example: 'novelty A phone camera that reads text from captured images and shows it on the display --from 20150101',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseNoveltyArgs(args, ctx.settings.lang);
    if ('problem' in parsed) {
      const where = { thread: incoming.thread, conversation: incoming.conversation };
      return ctx.messenger.notify(where, incoming.user.id, markdown(`${parsed.problem} Nothing was sent.\n${usageText(PREFIX[ctx.messenger.chat])}`));
    }
    const { options } = parsed;
    const data: NoveltyData = { idea: options.idea, lang: options.lang, ...(options.from ? { from: options.from } : {}), ...(options.to ? { to: options.to } : {}) };
    await startWorkflow(ctx, NOVELTY, {
      incoming, parent: parentMessage(incoming.user.id, options), start: options.quick ? 'quick' : 'guided', data, input: undefined,
    });
  },
});
