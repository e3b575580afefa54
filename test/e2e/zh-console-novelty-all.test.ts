/**
 * Issue 29, the all-Chinese check in the terminal: a novelty search from the command to the report, every screen
 * on the way (each step, the Edit form, Add a patent, the verdict form, `threads`, `home`, `status`), in Chinese,
 * holds no English word of the bot's own: only the platform's content, commands, numbers and identifiers.
 */
import { afterEach, expect, test } from 'vitest';
import { VERBS } from '../../src/handlers/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { englishLeft, stringsIn } from '../helpers/chinese-text.js';
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
    return [...stringsIn(await platform.call('AI35-8', { task_id: taskId })), ...stringsIn(await platform.call('AI35-6', { task_id: taskId }))];
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
  term.type('threads');
  term.type('status');
  term.type('home');
  await term.until((p) => p.includes('开始对话'), 'home');
  const printed = withoutPokes(term.printed());
  const left = englishLeft(printed, [idea, ...(await platformContent(term))], COMMAND_WORDS);
  expect(left).toEqual([]);
  // the features' weights in words, not the platform's codes ("F1 (topic)")
  expect(printed).toMatch(/F1 \(主题\) /);
});
