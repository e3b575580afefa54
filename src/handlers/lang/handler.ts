/**
 * `lang zh|en|auto`: the language the bot speaks to this user (in this chat and workspace), workflow results
 * included unless a command's `--lang` says otherwise; `auto` hands it back to the chat's locale. `lang` alone
 * says which language is in use and why.
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import type { CommandIncoming } from '../../core/incoming.js';
import { chooseLanguage, languageWithSource, speaking } from '../../core/language.js';
import { truncate } from '../../core/text.js';
import { translatorFor, type Lang, type Translate } from '../../i18n/index.js';
import { answerCommand, refuseCommand } from '../workflow/command.js';

/** The words a user may type for each choice; `auto` forgets the choice. */
const WORDS: Readonly<Record<string, Lang | 'auto'>> = {
  zh: 'zh',
  cn: 'zh',
  'zh-cn': 'zh',
  chinese: 'zh',
  中文: 'zh',
  en: 'en',
  english: 'en',
  英文: 'en',
  auto: 'auto',
};

const usage = (p: string, t: Translate): string => t('lang:usage', { p });

/** The answer to `lang auto`, said by a context speaking the language now in use (the chat's or the default). */
function answerAuto(ctx: HandlerContext, incoming: CommandIncoming, p: string): Promise<void> {
  const { t, lang } = ctx;
  return answerCommand(ctx, incoming, t('lang:auto', { language: t(`lang:names.${lang}`), p }));
}

export const langHandler: Handler = {
  verbs: ['lang', 'language'],
  workflow: 'lang',
  help: { summary: (t) => t('lang:summary'), usage: () => 'lang zh|en|auto', example: () => 'lang zh' },

  async command(ctx, { incoming, args }) {
    const { t } = ctx;
    const who = { workspaceId: incoming.workspaceId, userId: incoming.user.id, locale: incoming.locale };
    const p = ctx.messenger.invocation;
    const word = args.trim().toLowerCase();
    if (word === '') {
      const { lang, source } = await languageWithSource(ctx, who);
      return answerCommand(ctx, incoming, t(`lang:now.${source}`, { language: t(`lang:names.${lang}`), p }));
    }
    const choice = Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
    if (!choice) return refuseCommand(ctx, incoming, t('lang:unknown', { word: truncate(args.trim(), 20) }), usage);
    await chooseLanguage(ctx.state, ctx.messenger.chat, incoming.workspaceId, incoming.user.id, choice === 'auto' ? undefined : choice);
    // the answer is in the language just chosen
    if (choice !== 'auto') return answerCommand(speaking(ctx, choice), incoming, translatorFor(choice)('lang:chosen', { p }));
    // the chat's language (or the default) from now on, and the answer already in it
    const { lang } = await languageWithSource(ctx, who);
    return answerAuto(speaking(ctx, lang), incoming, p);
  },
};
