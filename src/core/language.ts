/**
 * Which language the bot speaks to a user: their own choice (`/iip lang`, a setting per chat, workspace and user),
 * else the locale their chat gives (Teams: the activity's; Slack: users.info; the terminal: LANG), else the
 * workspace default (IIP_LANG). A thread record keeps the language it started in, for work that runs without
 * a user event (a wait resumed after a restart).
 */
import { defaultLanguage, languageOf, platformLang, translatorFor, type Lang } from '../i18n/index.js';
import type { HandlerContext } from './handler.js';
import type { RecordHook } from './records.js';
import type { StateStore, ThreadRecord } from './state.js';
import type { ChatKind } from './thread-id.js';

/** The setting that holds a user's own choice of language. */
export const languageSetting = (chat: ChatKind, workspaceId: string, userId: string): string => `lang:${chat}:${workspaceId}:${userId}`;

/** The language a user chose with `/iip lang`; undefined when they left it to their chat (`auto`). */
export async function chosenLanguage(state: StateStore, chat: ChatKind, workspaceId: string, userId: string): Promise<Lang | undefined> {
  return languageOf(await state.getSetting(languageSetting(chat, workspaceId, userId)));
}

/** Records a user's choice; `undefined` forgets it. */
export function chooseLanguage(state: StateStore, chat: ChatKind, workspaceId: string, userId: string, lang: Lang | undefined): Promise<void> {
  return state.putSetting(languageSetting(chat, workspaceId, userId), lang);
}

export interface Speaker {
  workspaceId: string;
  userId: string;
  /** the locale the event itself carries (Teams' activity locale) */
  locale?: string;
}

/** Where a user's language comes from: their own choice, their chat's locale, or the workspace default. */
export type LanguageSource = 'chosen' | 'chat' | 'default';

/** The language to use with a user now, and where it comes from. */
export async function languageWithSource(ctx: HandlerContext, who: Speaker): Promise<{ lang: Lang; source: LanguageSource }> {
  const chosen = await chosenLanguage(ctx.state, ctx.messenger.chat, who.workspaceId, who.userId);
  if (chosen) return { lang: chosen, source: 'chosen' };
  const fromChat = languageOf(who.locale) ?? languageOf(await ctx.messenger.userLocale(who.workspaceId, who.userId));
  // a chat that cannot tell the user's locale leaves it to the workspace default
  return fromChat ? { lang: fromChat, source: 'chat' } : { lang: defaultLanguage(), source: 'default' };
}

/** The language to use with a user now. */
export async function userLanguage(ctx: HandlerContext, who: Speaker): Promise<Lang> {
  return (await languageWithSource(ctx, who)).lang;
}

/**
 * What the bot speaks to a user, as an adapter may ask before any event of theirs reaches the router; `locale`:
 * the one the adapter's own request carries (Teams' activity locale), used when the user chose no language.
 */
export type UserLanguageOf = (workspaceId: string, userId: string, locale?: string) => Promise<Lang>;

/** `userLanguage` for an event's work: when it cannot be read (the state store is down), the workspace default. */
export function eventLanguage(ctx: HandlerContext, who: Speaker): Promise<Lang> {
  return userLanguage(ctx, who).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, "the user's language could not be read: the default is used");
    return defaultLanguage();
  });
}

/** The language a thread started in; the workspace default for a record written before languages were kept. */
export const recordLanguage = (record: ThreadRecord): Lang => record.language ?? defaultLanguage();

/**
 * The context of work done in `lang`: its texts are said in it (`ctx.t`), workflow results are asked for in it (unless
 * `--lang` says otherwise), the records it writes carry it (the writer's language hook, `keepingLanguage`), and so
 * do the messages and forms it writes, for the adapter's own words in them.
 */
export function speaking(ctx: HandlerContext, lang: Lang): HandlerContext {
  return {
    ...ctx,
    lang,
    t: translatorFor(lang),
    settings: { ...ctx.settings, lang: platformLang(lang) },
    records: ctx.records.speaking(lang),
    messenger: ctx.messenger.speaking(lang),
  };
}

/** The write hook that gives a record written without a language the one its writer speaks. */
export const keepingLanguage: RecordHook = {
  name: 'language',
  complete: (write) => (write.next.language || !write.lang ? write.next : { ...write.next, language: write.lang }),
};
