/** `/iip novelty [quick] <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD] [--family-merge] [--let-others-confirm]`. */
import type { BotSettings, HandlerContext } from '../../core/handler.js';
import type { OutgoingMessage } from '../../core/message.js';
import type { Translate } from '../../i18n/index.js';
import { othersNote } from '../shared/problem-args.js';
import { othersData, othersMayConfirmIn } from '../shared/others-confirm.js';
import { parentMessage, refuseCommand, startWorkflow, workflowHandler } from '../workflow/index.js';
import type { NoveltyData } from './data.js';
import { NOVELTY } from './definition.js';
import { parseNoveltyArgs, usageText, type NoveltyOptions } from './options.js';

function noveltyParent(userId: string, options: NoveltyOptions, settings: BotSettings, t: Translate): OutgoingMessage {
  const range =
    (options.from || options.to
      ? t('novelty:parent.published', { from: options.from ?? t('novelty:parent.anyTime'), to: options.to ?? t('novelty:parent.today') })
      : '') + (options.familyMerge ? t('novelty:parent.familyMerge') : '');
  const steps = options.quick ? t('novelty:parent.quickSteps') : t('novelty:parent.guidedSteps');
  const started = options.quick ? t('novelty:parent.startedQuick') : t('novelty:parent.started');
  // the results' language by its name (中文, Chinese), not the option's code (`cn`)
  const language = t(options.lang === 'cn' ? 'lang:names.zh' : 'lang:names.en');
  const context = othersMayConfirmIn(settings, options.othersMayConfirm, { reviews: !options.quick })
    ? t('novelty:parent.contextOthers', { language, range, steps, others: othersNote(true, t) })
    : t('novelty:parent.context', { language, range, steps });
  return parentMessage(userId, started, options.idea, context, t);
}

export const noveltyHandler = workflowHandler<NoveltyData>(NOVELTY, {
  verbs: ['novelty'],
  help: {
    summary: (t) => t('novelty:help.summary'),
    usage: (t) => t('novelty:help.usage'),
    example: (t) => t('novelty:help.example'),
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const { t } = ctx;
    const parsed = parseNoveltyArgs(args, ctx.settings.lang, t);
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
      parent: noveltyParent(incoming.user.id, options, ctx.settings, t),
      start: options.quick ? 'quick' : 'guided',
      data,
      input: undefined,
    });
  },
});
