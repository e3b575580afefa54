/** Bolt and the WebClient log through the bot's pino logger (secrets redacted there; the OAuth client secret here). */
import { LogLevel, type Logger as SlackLogger } from '@slack/bolt';
import type { Logger } from '../../log.js';

const PINO_LEVEL: Record<LogLevel, string> = {
  [LogLevel.DEBUG]: 'debug',
  [LogLevel.INFO]: 'info',
  [LogLevel.WARN]: 'warn',
  [LogLevel.ERROR]: 'error',
};

function describePart(part: unknown): string {
  if (typeof part === 'string') return part;
  if (part instanceof Error) return part.message;
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}

/** The WebClient logs request bodies at debug: oauth.v2.access carries the app's client secret in its body. */
const redactClientSecret = (text: string): string => text.replace(/("?client_secret"?\s*[:=]\s*"?)[^"&\s,}]+/gi, '$1***');

const describe = (parts: unknown[]): string => redactClientSecret(parts.map(describePart).join(' '));

export function toSlackLogger(logger: Logger): SlackLogger {
  let target = logger.child({ component: 'slack' });
  const levelOf = (): LogLevel => {
    const found = (Object.keys(PINO_LEVEL) as LogLevel[]).find((level) => PINO_LEVEL[level] === target.level);
    return found ?? LogLevel.ERROR;
  };
  return {
    debug: (...parts: unknown[]) => target.debug(describe(parts)),
    info: (...parts: unknown[]) => target.info(describe(parts)),
    warn: (...parts: unknown[]) => target.warn(describe(parts)),
    error: (...parts: unknown[]) => target.error(describe(parts)),
    // Bolt sets its default level on loggers it is given; the bot's LOG_LEVEL stays in charge.
    setLevel: () => {},
    getLevel: levelOf,
    setName: (name: string) => {
      target = logger.child({ component: name });
    },
  };
}
