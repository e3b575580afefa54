/**
 * Issue 29, the all-Chinese check in the terminal: a novelty search from the command to the report, every screen
 * on the way (each step, the Edit form, Add a patent, the verdict form, `threads`, `home`, `status`), in Chinese,
 * holds no English word of the bot's own: only the platform's content, commands, numbers and identifiers.
 */
import { afterEach, expect, test } from 'vitest';
import { VERBS } from '../../src/handlers/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { asciiPunctuationLeft, englishLeft, stringsIn } from '../helpers/chinese-text.js';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

const COMMAND_WORDS = [...VERBS, 'threads', 'switch', 'new', 'exit', 'cancel', 'clear', 'zh', 'en', 'cn'];

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

/** What the platform answered for the search (its references, verdict reasons, strategy): shown as it comes. */
async function platformContent(t: ConsoleBot): Promise<string[]> {
  const taskId = (t.requests().find((r) => r.operation === 'AI35-2')?.body as { task_id?: string } | undefined)?.task_id ?? '';
  const platform = new PlatformClient({ baseUrl: t.bot.simulator!.url, apiKey: 'sk-local-simulator' });
  try {
    const added = t.requests().filter((r) => r.operation === 'AI35-12');
    const compared = await Promise.all(added.map((r) => platform.call('AI35-12', r.body as never)));
    const strings = [
      ...stringsIn(await platform.call('AI35-8', { task_id: taskId })),
      ...stringsIn(await platform.call('AI35-6', { task_id: taskId })),
      ...stringsIn(compared),
    ];
    // a reference's document is its number and title; the list shows the title after the number's link
    return [...strings, ...strings.flatMap((text) => /^[A-Z]{2}\d+[A-Z]\d? (.+)$/.exec(text)?.slice(1) ?? [])];
  } finally {
    await platform.close();
  }
}

test('a whole novelty search in Chinese in the terminal leaves no English word of the bot’s own', { timeout: 120_000 }, async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' });
  const idea = '一种折叠屏手机铰链，采用液态金属阻尼层';
  term.type(`novelty ${idea} --lang cn`);
  for (const n of [1, 2, 3]) {
    await term.until((p) => p.includes(`第 ${n}/5 步`) && (p.split(`第 ${n}/5 步`).at(-1) ?? '').includes('[c] '), `step ${n}`, {
      timeoutMs: 20_000,
    });
    term.type('c');
  }
  await term.until((p) => p.includes('第 4/5 步') && (p.split('第 4/5 步').at(-1) ?? '').includes('[c] '), 'step 4', { timeoutMs: 30_000 });
  // Add a patent: a number that cannot be read asks again, a good one is compared and listed
  term.type('a');
  await term.until((p) => p.includes('公开号'), 'the Add a patent form', { poke: false });
  term.type('铰链');
  await term.until((p) => p.split('公开号').length > 3, 'the form again', { poke: false });
  term.type('CN118289111A');
  await term.until((p) => (p.split('第 4/5 步').at(-1) ?? '').includes('CN118289111A'), 'the added patent', { timeoutMs: 20_000 });
  term.type('threads');
  term.type('status');
  term.type('home');
  await term.until((p) => p.includes('开始对话'), 'home');
  // back in the search's thread (home opened a thread of its own): step 5 and the report
  term.type('switch 1');
  term.type('c');
  await term.until((p) => p.includes('第 5/5 步'), 'step 5', { timeoutMs: 20_000 });
  term.type(term.keyOf('生成报告'));
  await term.until((p) => (p.split('第 5/5 步').at(-1) ?? '').includes('报告标题'), 'the title form', { poke: false });
  term.type('');
  await term.until((p) => p.includes('.docx'), 'the report', { timeoutMs: 30_000 });
  // the saved report is named after its title, in Chinese (not 'novelty-report.docx')
  expect(withoutPokes(term.printed())).toMatch(/\/[0-9a-f]{8}-新颖性检索-一种折叠屏手机铰链-采用液态金属阻尼层\.docx/);
  // file paths are no words
  const printed = withoutPokes(term.printed()).replace(/\/tmp\/\S+/g, ' ');
  const content = [idea, ...(await platformContent(term))];
  expect(englishLeft(printed, content, COMMAND_WORDS)).toEqual([]);
  expect(asciiPunctuationLeft(printed, content)).toEqual([]);
  // one word per concept, Chinese punctuation in Chinese lines (home: "新颖性检索：“…”", not "新颖性检索: “…”")
  expect(printed).not.toContain('材料方案寻找');
  expect(printed).toContain('• 新颖性检索：“一种折叠屏手机铰链');
  // the features' weights in words, not the platform's codes ("F1 (topic)")
  expect(printed).toMatch(/F1 （主题） /);
});
