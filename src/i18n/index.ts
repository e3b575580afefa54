/**
 * The bot's own words in a user's language: i18next over the catalogs in en/ and zh/. Nothing here knows the
 * language of the work in hand: it is passed, as a translator (`ctx.t`, `translatorFor(lang)`), to whatever says
 * something; the default language (IIP_LANG) is only where nothing says otherwise.
 */
import i18next, { type TFunction } from 'i18next';
import { en } from './en/index.js';
import { zh } from './zh/index.js';

export type Lang = 'en' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'zh'];

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en, zh },
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(en),
  defaultNS: 'common',
  initAsync: false,
  // Chat text is markdown, not HTML: nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

let fallback: Lang = 'en';

/** The language used where no event set one (IIP_LANG); set once at start. */
export function setDefaultLanguage(lang: Lang): void {
  fallback = lang;
}

/** The workspace default (IIP_LANG), whatever language the work in hand speaks. */
export const defaultLanguage = (): Lang => fallback;

/** Every namespace: `t('workflow:…')` is typed against its own namespace, not only the default one. */
type AllNamespaces = (keyof typeof en)[];
export type Translate = TFunction<AllNamespaces> & { readonly lang: Lang };

/** A text of the bot's own, said in whichever language it is resolved with: `(t) => t('novelty:noun')`. */
export type Text = (t: Translate) => string;

/** A translator that also says its language (for the formatters, and the adapters' own words). */
const translator = (lang: Lang): Translate => Object.assign(i18n.getFixedT<AllNamespaces>(lang), { lang });
const fixed: Record<Lang, Translate> = { en: translator('en'), zh: translator('zh') };

/** Whether the catalog of `lang` (or English, which every language falls back to) has `key` (`novelty:steps.features`). */
export const hasKey = (key: string, lang: Lang): boolean => i18n.exists(key, { lng: lang });

type Untyped = (key: unknown, options?: unknown) => string;

/** The text of a key known only when the code runs (`novelty:steps.features`) in `lang`; undefined when no catalog has it. */
export const textOfKey = (lang: Lang, key: string): string | undefined => (hasKey(key, lang) ? (fixed[lang] as Untyped)(key) : undefined);

/**
 * The translator of one language (`translatorFor(recordLanguage(record))`); without one (a message that names
 * none, words said outside any user's work), of the workspace default.
 */
export const translatorFor = (lang?: Lang): Translate => fixed[lang ?? fallback];

/** Reads a locale as chat platforms and environments write it (`zh-CN`, `zh_CN.UTF-8`, `en-US`, `cn`). */
export function languageOf(locale: string | undefined): Lang | undefined {
  const tag = locale?.trim().toLowerCase();
  if (!tag) return undefined;
  if (tag === 'cn' || tag === 'zh' || tag.startsWith('zh-') || tag.startsWith('zh_')) return 'zh';
  if (tag === 'en' || tag.startsWith('en-') || tag.startsWith('en_')) return 'en';
  return undefined;
}

/** The platform's `lang` for a language ('cn' for Chinese, as the contract spells it). */
export const platformLang = (lang: Lang): 'en' | 'cn' => (lang === 'zh' ? 'cn' : 'en');
