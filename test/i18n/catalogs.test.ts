/**
 * Every key of every namespace rendered in both languages with a value for each of its placeholders: none missing,
 * none left unfilled, none empty, plurals complete, and the Chinese text Chinese wherever the English has words.
 */
import { describe, expect, test } from 'vitest';
import { en } from '../../src/i18n/en/index.js';
import { zh } from '../../src/i18n/zh/index.js';
import { LANGS, translatorFor } from '../../src/i18n/index.js';

type Tree = { readonly [key: string]: string | Tree };

/** `a.b.c` paths of a catalog's leaves, with their text. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A text's placeholders by name, with the Intl format each asks for (`{{max, number}}`), if any. */
const placeholders = (text: string): [string, string][] =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*([^}]*))?\}\}/g)].map((m) => [m[1]!, m[2]?.trim() ?? '']);
/** A value of the kind the format takes: numbers for number formats, dates for datetime, else a marked string. */
const sample = (name: string, format: string): unknown =>
  format.startsWith('number') ? 1234 : format.startsWith('datetime') ? new Date(Date.UTC(2025, 0, 31, 9, 5)) : `‹${name}›`;
const SAMPLE_SHOWN: Record<string, RegExp> = { number: /1,234/, datetime: /2025/ };
/** Words too small to need a translation on their own (`{{first}} and {{second}}` is `{{first}}、{{second}}`). */
const LINKING_WORDS = new Set(['and', 'or', 'of', 'to', 'the']);

/** What the English says in words: without code, placeholders, links, markdown and punctuation. */
const wordsOf = (text: string): string =>
  text
    .replace(/`[^`]*`/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\b[A-Z][A-Z0-9_]+\b/g, ' ') // env names, IIP_SECRET
    .replace(/https?:\/\/\S+/g, ' ');
const hasWords = (text: string): boolean => (wordsOf(text).match(/[A-Za-z]{2,}/g) ?? []).some((word) => !LINKING_WORDS.has(word.toLowerCase()));
const isChinese = (text: string): boolean => /\p{Script=Han}/u.test(text);

const namespaces = Object.keys(en) as (keyof typeof en)[];

describe.each(namespaces)('namespace %s', (ns) => {
  const enLeaves = leaves(en[ns] as Tree);
  const zhLeaves = new Map(leaves(zh[ns] as Tree));

  test('has the same keys in Chinese as in English, and both plural forms wherever one is', () => {
    expect([...zhLeaves.keys()].sort()).toEqual(enLeaves.map(([key]) => key).sort());
    for (const [key] of enLeaves) {
      const base = key.replace(PLURAL, '');
      if (base !== key)
        expect(
          [`${base}_one`, `${base}_other`].every((k) => zhLeaves.has(k) && enLeaves.some(([e]) => e === k)),
          key,
        ).toBe(true);
    }
  });

  test.each(LANGS)('renders every key in %s with all placeholders filled', (lang) => {
    const t = translatorFor(lang) as unknown as (key: string, values?: Record<string, unknown>) => string;
    for (const [key, english] of enLeaves) {
      const base = key.replace(PLURAL, '');
      const found = new Map([...placeholders(english), ...placeholders(zhLeaves.get(key) ?? '')]);
      const names = new Set(found.keys());
      for (const count of base === key ? [undefined] : [1, 7]) {
        const values: Record<string, unknown> = Object.fromEntries([...found].map(([name, format]) => [name, sample(name, format)]));
        if (count !== undefined) values.count = count;
        if (names.has('count') && count === undefined) values.count = 3;
        const rendered = t(`${ns}:${base}`, values);
        expect(rendered, `${ns}:${key} (${lang})`).not.toBe(`${ns}:${base}`);
        expect(rendered, `${ns}:${key} (${lang})`).not.toBe(base);
        expect(rendered.trim().length, `${ns}:${key} (${lang}) is empty`).toBeGreaterThan(0);
        expect(rendered, `${ns}:${key} (${lang}) left a placeholder`).not.toMatch(/\{\{|\}\}/);
        expect(rendered, `${ns}:${key} (${lang}) formatted no number`).not.toContain('NaN');
        for (const [name, format] of found) {
          if (name === 'count') continue;
          const shown = SAMPLE_SHOWN[format.split(/[(\s]/)[0] ?? ''];
          if (shown)
            expect(rendered, `${ns}:${key} (${lang}) lost {{${name}, ${format}}}`).toMatch(
              lang === 'zh' && format.startsWith('number') ? /1,?234/ : shown,
            );
          else expect(rendered, `${ns}:${key} (${lang}) lost {{${name}}}`).toContain(`‹${name}›`);
        }
      }
    }
  });

  test('says in Chinese what the English says in words', () => {
    const english = enLeaves.filter(([, text]) => hasWords(text));
    const notChinese = english.filter(([key]) => !isChinese(zhLeaves.get(key) ?? '')).map(([key]) => key);
    expect(notChinese, `${ns}: keys whose Chinese has no Chinese`).toEqual([]);
  });
});

/** One Chinese word per concept (issue 29): the word the catalogs use, and the words they must not use beside it. */
const ONE_WORD: Record<string, readonly string[]> = {
  话题: ['线程', '消息列'],
  材料方案查找: ['材料方案寻找'],
};

test('the Chinese catalogs use one word per concept: a thread is always 话题', () => {
  const texts = Object.entries(zh).flatMap(([ns, tree]) => leaves(tree as Tree).map(([key, text]) => [`${ns}:${key}`, text] as const));
  const others = Object.entries(ONE_WORD).flatMap(([word, avoided]) =>
    texts.flatMap(([key, text]) => avoided.filter((other) => text.includes(other)).map((other) => `${key}: ${other} (use ${word})`)),
  );
  expect(others).toEqual([]);
  expect(texts.some(([, text]) => text.includes('话题'))).toBe(true);
});
