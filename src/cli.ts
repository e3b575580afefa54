/** `npm start`: runs the bot with the adapters the environment enables, or in the terminal when none is. */
import { mkdirSync, createWriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { ENV_HELP, startedAs } from './config-help.js';
import { createLogger } from './log.js';
import { SHUTDOWN_DEADLINE_MS, startBot, type RunningBot } from './bot.js';
import { wrapForOutput } from './adapters/console/text-width.js';
import { languageOf, setDefaultLanguage, translatorFor, type Lang } from './i18n/index.js';
import { formatDuration } from './i18n/format.js';
import { loadEnvFileIfPresent } from './env-file.js';

/**
 * The terminal's language: IIP_LANG when it is set (a deliberate choice, where LANG is often only the machine's
 * default), else the locale (LC_ALL, LC_MESSAGES, LANG), else English.
 */
export function terminalLanguage(env: NodeJS.ProcessEnv): Lang {
  return languageOf(env.IIP_LANG) ?? languageOf(env.LC_ALL || env.LC_MESSAGES || env.LANG) ?? 'en';
}

const usage = (command: string): string => `Usage: ${command} [--console] [--help]

Runs iip-bot. With Slack or Teams credentials in the environment it serves them; with none (or with
--console) it runs in this terminal. Without IIP_API_KEY it uses the built-in platform simulator.

Options:
  --console   run the terminal adapter even when chat credentials are set
  --help      this text

Configuration comes from the environment. A .env file in the working directory is read at start when there is
one (Node's process.loadEnvFile, one NAME=value a line); a variable the environment already sets keeps its value.

In production: npm ci && npm run build, then npm run start:prod (node with bounded heap flags, dist/cli.js);
docs/iip-bot.service is a systemd unit for it; docs/production.md takes you through it step by step.
Docs: README.md (what the bot does, its commands), docs/slack.md, docs/teams.md, docs/redis.md (replicas),
docs/configuration.md, docs/operations.md.

Environment:
${ENV_HELP.map(([name, what]) => `  ${name}\n      ${what}`).join('\n')}
`;

const COMMAND = startedAs(process.argv[1], process.env, process.cwd());
const USAGE = usage(COMMAND);

export async function runCli(argv: string[]): Promise<number> {
  try {
    loadEnvFileIfPresent(process.cwd());
  } catch (error) {
    process.stderr.write(`Could not read the .env file in ${process.cwd()}: ${(error as Error).message}\n`);
    return 2;
  }
  let args;
  try {
    args = parseArgs({ args: argv, options: { console: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\`${COMMAND} --help\` lists every variable.\n`);
      return 2;
    }
    throw error;
  }
  const useConsole = Boolean(args.console) || (!config.slack && !config.teams);
  // the terminal alone: its user's language is the bot's default; beside Slack or Teams, IIP_LANG stays theirs
  const language = useConsole && !config.slack && !config.teams ? terminalLanguage(process.env) : undefined;
  if (language) setDefaultLanguage(language);
  // said in the default language as it stands now: the terminal's, else English until the bot sets IIP_LANG's
  let t = translatorFor();
  const first = config.platform.apiKey ? t('cli:platform', { url: config.platform.baseUrl }) : t('cli:simulator');
  process.stdout.write(`${wrapForOutput(first, process.stdout)}\n`);

  // in the terminal, logs would tear through the conversation: they go to a file next to the state
  const logFile = join(dirname(config.state.file), 'iip-bot.log');
  if (useConsole) mkdirSync(dirname(logFile), { recursive: true });
  const logger = useConsole ? createLogger(config.logLevel, createWriteStream(logFile, { flags: 'a' })) : createLogger(config.logLevel);

  let bot: RunningBot | undefined;
  let closed: Promise<void> = new Promise(() => {});
  let banner: ((lines: string[]) => void) | undefined;
  // the terminal's adapter loads only where it is used: a Slack or Teams deployment does not hold it
  const { createConsoleAdapter } = useConsole ? await import('./adapters/console/index.js') : { createConsoleAdapter: undefined };
  try {
    bot = await startBot({
      config,
      logger,
      language,
      localFiles: useConsole,
      extraAdapters: createConsoleAdapter
        ? (verbs, _kept, _files, threadState) => {
            const adapter = createConsoleAdapter({
              threadState,
              input: process.stdin,
              output: process.stdout,
              verbs,
              sessionFile: join(dirname(config.state.file), 'console-sessions.json'),
              imageDir: join(dirname(config.state.file), 'images'),
              documentDir: join(dirname(config.state.file), 'documents'),
              onInterrupt: (thread) => bot?.interrupt(thread) ?? false,
              logger,
            });
            closed = adapter.closed;
            banner = (lines) => adapter.printBanner(lines);
            return [adapter];
          }
        : undefined,
    });
  } catch (error) {
    process.stderr.write(`iip-bot could not start: ${(error as Error).message}\n`);
    return 1;
  }
  // from here in the default the bot started with
  t = translatorFor();
  if (banner) banner([t('console:banner', { logFile })]);
  if (!useConsole || config.slack) process.stdout.write(`Listening${bot.httpUrl ? ` on ${bot.httpUrl}` : ''}. Stop with Ctrl-C.\n`);

  const signalled = new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    if (!useConsole) process.once('SIGINT', () => resolve());
  });
  const how = await Promise.race([closed.then(() => 'closed' as const), signalled.then(() => 'signal' as const)]);
  if (how === 'signal') process.stdout.write(`${t('cli:stopping', { duration: formatDuration(SHUTDOWN_DEADLINE_MS, t.lang) })}\n`);
  await bot.stop();
  return 0;
}

/** After a failed start nothing may keep the process alive: give output a moment to flush, then exit. */
const FAILED_EXIT_GRACE_MS = 2_000;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const code = await runCli(process.argv.slice(2));
  process.exitCode = code;
  if (code !== 0) setTimeout(() => process.exit(code), FAILED_EXIT_GRACE_MS).unref();
}
