/**
 * The encyclopedia's search options (AI68-1 `data_source`, `deep_search`, `long_think`, `search_website`): parsed
 * from the flags that open a question, kept in the thread's record for its follow-ups, and sent with every turn.
 */
import type { RequestOf } from '../../platform/operations.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';

/** AI68-1's `data_source` values as the contract numbers them, with the word a user types for each (shown: sourceName). */
export const DATA_SOURCES = [
  { value: 1, word: 'all' },
  { value: 2, word: 'papers' },
  { value: 3, word: 'patents' },
  { value: 4, word: 'clinical-trials' },
  { value: 5, word: 'fda-labels' },
  { value: 6, word: 'financial-reports' },
  { value: 7, word: 'clinical-guidelines' },
  { value: 8, word: 'epidemiology' },
] as const;

export type DataSource = (typeof DATA_SOURCES)[number]['value'];

export interface EncyclopediaOptions {
  source: DataSource;
  deepSearch: boolean;
  longThink: boolean;
  searchWebsite: boolean;
}

export type Toggle = 'deepSearch' | 'longThink' | 'searchWebsite';

export const DEFAULT_OPTIONS: EncyclopediaOptions = { source: 1, deepSearch: false, longThink: false, searchWebsite: false };

/** The on/off flags and their names in a command (in the thread: toggleName). */
export const TOGGLES: readonly { key: Toggle; flag: string }[] = [
  { key: 'deepSearch', flag: '--deep' },
  { key: 'longThink', flag: '--long-think' },
  { key: 'searchWebsite', flag: '--web' },
];

export const OPTIONS_HELP = `\`--source ${DATA_SOURCES.map((s) => s.word).join('|')}\`, ${TOGGLES.map((t) => `\`${t.flag}\``).join(', ')}`;

const sourceList = DATA_SOURCES.map((s) => `\`${s.word}\``).join(', ');

/** A source's name and a switch's name (lower case, as in a sentence) in `t`'s language. */
export const sourceName = (word: (typeof DATA_SOURCES)[number]['word'], t: Translate): string => t(`encyclopedia:source.${word}`);
export const toggleName = (key: Toggle, t: Translate): string => t(`encyclopedia:toggle.${key}`);

/** `clinical trials`, `Clinical_Trials` and `clinical-trial` all name the same source. */
const normalise = (word: string): string =>
  word
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/s$/, '');

export function sourceNamed(word: string): DataSource | undefined {
  const wanted = normalise(word);
  return DATA_SOURCES.find((s) => normalise(s.word) === wanted)?.value;
}

export const sourceLabel = (value: DataSource, t: Translate): string => sourceName(DATA_SOURCES.find((s) => s.value === value)?.word ?? 'all', t);

/**
 * The options that open `text` (`--source patents --deep What is …`), then the question. Flags end at the first
 * word that is not one, so a question may itself contain `--`.
 */
export function takeOptions(text: string, t: Translate): { options: EncyclopediaOptions; question: string } | { problem: string } {
  const options = { ...DEFAULT_OPTIONS };
  let rest = text.trimStart();
  for (;;) {
    const flag = /^--([a-z][a-z-]*)(?:=(\S*))?(?:\s+|$)/i.exec(rest);
    if (!flag) break;
    rest = rest.slice(flag[0].length);
    const name = `--${flag[1]!.toLowerCase()}`;
    const toggle = TOGGLES.find((t) => t.flag === name);
    if (toggle) {
      if (flag[2] !== undefined) return { problem: t('encyclopedia:problem.toggleValue', { flag: toggle.flag }) };
      options[toggle.key] = true;
      continue;
    }
    if (name !== '--source') return { problem: t('encyclopedia:problem.unknown', { name: name.slice(0, 24), options: OPTIONS_HELP }) };
    let word = flag[2];
    if (word === undefined) {
      const next = /^(\S+)(?:\s+|$)/.exec(rest);
      word = next?.[1];
      if (next) rest = rest.slice(next[0].length);
    }
    const source = word && !word.startsWith('--') ? sourceNamed(word) : undefined;
    if (source === undefined) {
      return word && !word.startsWith('--')
        ? { problem: t('encyclopedia:problem.sourceNotOne', { sources: sourceList, word: truncate(word, 30) }) }
        : { problem: t('encyclopedia:problem.sourceNeeded', { sources: sourceList }) };
    }
    options.source = source;
  }
  return { options, question: rest };
}

/** The options a thread's record keeps, or the defaults for a record written before there were any. */
export function optionsOf(data: Record<string, unknown>): EncyclopediaOptions {
  const saved = (data.options ?? {}) as Partial<Record<keyof EncyclopediaOptions, unknown>>;
  const source = DATA_SOURCES.find((s) => s.value === saved.source)?.value ?? DEFAULT_OPTIONS.source;
  return { source, deepSearch: saved.deepSearch === true, longThink: saved.longThink === true, searchWebsite: saved.searchWebsite === true };
}

/** AI68-1's option fields. */
export function requestFields(o: EncyclopediaOptions): Pick<RequestOf<'AI68-1'>, 'data_source' | 'deep_search' | 'long_think' | 'search_website'> {
  return { data_source: o.source, deep_search: o.deepSearch, long_think: o.longThink, search_website: o.searchWebsite };
}

/** "Patents · deep search" — what the answers of the thread are searched with. */
export function describeOptions(o: EncyclopediaOptions, t: Translate): string {
  const on = TOGGLES.filter((toggle) => o[toggle.key]).map((toggle) => toggleName(toggle.key, t));
  return [sourceLabel(o.source, t), ...on].join(' · ');
}
