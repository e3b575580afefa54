/** `/iip novelty [quick] <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD] [--family-merge] [--let-others-confirm]`. */
import type { HandlerContext } from '../../core/handler.js';
import type { OutgoingMessage } from '../../core/message.js';
import { othersNote } from '../shared/problem-args.js';
import { othersData } from '../shared/others-confirm.js';
import { parentMessage, refuseCommand, startWorkflow, workflowHandler } from '../workflow/index.js';
import type { NoveltyData } from './data.js';
import { NOVELTY } from './definition.js';
import { parseNoveltyArgs, usageText, type NoveltyOptions } from './options.js';

function noveltyParent(userId: string, options: NoveltyOptions): OutgoingMessage {
  const range =
    (options.from || options.to ? ` · published ${options.from ?? 'any time'} – ${options.to ?? 'today'}` : '') +
    (options.familyMerge ? ' · one hit per patent family' : '');
  const steps = options.quick ? 'the report link follows when it is ready' : 'each step waits for your confirmation here';
  const started = options.quick ? 'started a one-shot novelty report' : 'started a novelty search';
  return parentMessage(
    userId,
    started,
    options.idea,
    `Language ${options.lang}${range} · ${steps}${options.othersMayConfirm ? `.${othersNote(true)}` : ''}`,
  );
}

export const noveltyHandler = workflowHandler<NoveltyData>(NOVELTY, {
  verbs: ['novelty'],
  help: {
    summary:
      'guided novelty search: confirm or edit the solution, features, search elements and references step by step, then get the report; `quick` for the one-shot report',
    usage: 'novelty [quick] <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD] [--family-merge] [--let-others-confirm]',
    example: 'novelty A phone camera that reads text from captured images and shows it on the display --from 20150101',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseNoveltyArgs(args, ctx.settings.lang);
    if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usageText);
    const { options } = parsed;
    const data: NoveltyData = {
      idea: options.idea,
      lang: options.lang,
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
      ...(options.familyMerge ? { familyMerge: true } : {}),
      ...othersData(!!options.othersMayConfirm),
    };
    await startWorkflow(ctx, NOVELTY, {
      incoming,
      parent: noveltyParent(incoming.user.id, options),
      start: options.quick ? 'quick' : 'guided',
      data,
      input: undefined,
    });
  },
});
