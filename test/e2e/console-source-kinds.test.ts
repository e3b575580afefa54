/** Issue 29: the sources under a chat answer name their type in words, not the platform's codes (`clinical_trial`). */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const RAW = /\b(clinical_trial|drug_dev_status|zhihu|web-site|synapse)\b/;

test('a pharm answer lists its sources with their types in words, in English and in Chinese', { timeout: 90_000 }, async () => {
  for (const [env, heading, words] of [
    [{}, 'Sources', /^(clinical trial|drug development status|Zhihu article|web page|paper|drug database)$/],
    [{ IIP_LANG: 'zh' }, '参考来源', /^(临床试验|药物研发进展|知乎文章|网页|论文|药物数据库)$/],
  ] as const) {
    term = await startConsoleBot(env);
    term.type('pharm What are the indications for siRNA drugs and which trials are running?');
    const printed = await term.until((p) => p.includes(heading) && /\[\d\]/.test(p.split(heading).at(-1) ?? ''), 'the sources', {
      timeoutMs: 30_000,
    });
    // each source's type is the indented line under it
    const types = (printed.split(heading).at(-1) ?? '').split('\n').filter((line) => /^ {4}\S/.test(line));
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      expect(type.trim()).toMatch(words);
      expect(type).not.toMatch(RAW);
    }
    await term.stop();
    term = undefined;
  }
});
