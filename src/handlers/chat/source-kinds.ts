/** A cited source's type as a word (`clinical_trial` is "clinical trial"), never the platform's raw code. */
import type { Lang, Translate } from '../../i18n/index.js';

const KNOWN = ['paper', 'patent', 'clinical_trial', 'drug_dev_status', 'synapse', 'news', 'web_site', 'zhihu'] as const;

/** AI68-1 may send a type per language (`<cn>知乎</cn><us>zhihu</us>`): the one of the reader's language. */
function inLanguage(kind: string, lang: Lang): string {
  const tagged = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(kind)?.[1]?.trim();
  return (lang === 'zh' ? (tagged('cn') ?? tagged('us')) : (tagged('us') ?? tagged('cn'))) || kind;
}

/** The source type in the reader's words (`t`'s language); an unknown one with its underscores and hyphens as spaces. */
export function sourceKindWord(kind: string | undefined, t: Translate): string | undefined {
  const raw = kind?.trim() ? inLanguage(kind.trim(), t.lang) : undefined;
  if (!raw) return undefined;
  const code = raw.toLowerCase().replace(/[\s-]+/g, '_');
  const known = KNOWN.find((k) => k === code);
  return known ? t(`chat:sourceKind.${known}`) : raw.replace(/[_-]+/g, ' ');
}
