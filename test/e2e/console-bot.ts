/**
 * The whole bot in the terminal, in process: the real console adapter on piped streams (the transcript a script
 * would read), against the built-in simulator and a lowdb state file in a temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createConsoleAdapter } from '../../src/adapters/console/index.js';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import type { Lang } from '../../src/i18n/index.js';
import { silentLogger } from '../../src/log.js';
import type { RecordedRequest } from '../../src/platform/simulator/types.js';

export interface ConsoleBot {
  bot: RunningBot;
  dir: string;
  /** types one line, as a person would end it with Enter */
  type(line: string): void;
  /** everything printed so far */
  printed(): string;
  /** what the simulator was asked (the platform's side) */
  requests(): RecordedRequest[];
  /**
   * Waits until `check` holds on the printed text; a piped transcript prints a message once it is final, when the
   * next line is read, so an empty line is typed now and then meanwhile (not with `poke: false`: while a form
   * asks its fields, an empty line answers one).
   */
  until(check: (printed: string) => boolean, what: string, options?: { timeoutMs?: number; poke?: boolean }): Promise<string>;
  /** the key the latest printed choice `label` is picked with (`[c] Confirm` gives `c`) */
  keyOf(label: string): string;
  stop(): Promise<void>;
}

/** The transcript without the empty lines `until` typed (each echoed after its prompt). */
export const withoutPokes = (printed: string): string =>
  printed
    .split('\n')
    .filter((line) => !/^iip( \[thread \d+\])?> $/.test(line))
    .join('\n');

/**
 * `language`: the terminal's language as the CLI derives it from LANG (src/cli.ts terminalLanguage); default IIP_LANG's.
 * `localFiles`: as `npm start` in the terminal runs it, `design` may name an image file on this computer.
 */
export async function startConsoleBot(
  env: Record<string, string> = {},
  options: { language?: Lang; localFiles?: boolean } = {},
): Promise<ConsoleBot> {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-bot-'));
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const config = loadConfig({ STATE_FILE: join(dir, 'state.json'), SIMULATOR_TASK_MS: '50', LOG_LEVEL: 'silent', ...env });
  const bot = await startBot({
    config,
    logger: silentLogger,
    ...(options.language ? { language: options.language } : {}),
    ...(options.localFiles ? { localFiles: true } : {}),
    extraAdapters: (verbs, _kept, _files, threadState) => [
      createConsoleAdapter({
        threadState,
        input,
        output,
        interactive: false,
        color: false,
        verbs,
        user: { id: 'u1', name: 'Ada' },
        imageDir: join(dir, 'images'),
        documentDir: join(dir, 'documents'),
        onInterrupt: (thread) => bot.interrupt(thread),
      }),
    ],
  });
  return {
    bot,
    dir,
    type: (line) => input.write(`${line}\n`),
    printed: () => printed,
    requests: () => bot.simulator?.requests ?? [],
    keyOf(label) {
      const keys = [...printed.matchAll(/\[(\w+)\] ([^[\n]+)/g)].filter((m) => m[2]?.trim() === label);
      const key = keys.at(-1)?.[1];
      if (!key) throw new Error(`no choice "${label}" was printed`);
      return key;
    },
    async until(check, what, { timeoutMs = 15_000, poke = true } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (let polls = 1; !check(printed); polls += 1) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; printed:\n${withoutPokes(printed).slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (poke && polls % 10 === 0) input.write('\n');
      }
      return printed;
    },
    async stop() {
      await bot.stop(1000);
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
