/**
 * What a typed line means. The rule, in order:
 * 1. `exit`/`quit`, `new`, `threads`, `switch N` manage the terminal itself and never reach the bot; `clear` clears
 *    the screen (a shell habit), and in a thread is also sent there (a chat thread starts over).
 * 2. Option numbers and button letters only (`2`, `1 3 c`) while the current thread has a message with choices:
 *    pick those choices.
 * 3. With no current thread, or one where the bot has not posted yet: a command that starts a new thread.
 * 4. In a thread: a line whose first word is one of `verbs` starts a new thread as a command (unless the word is
 *    one of `threadVerbs`, such as `status` and `cancel`); any other line is a reply in the thread.
 */
import type { ThreadId } from '../../core/thread-id.js';
import { withoutCopiedInvocation } from '../../core/verb-guess.js';
import { formatDate, formatRelative } from '../../i18n/format.js';
import type { Translate } from '../../i18n/index.js';
import { parseKeys } from './choices.js';
import type { Style } from './style.js';
import { padEnd, truncate } from './text-width.js';
import type { ConsoleThread } from './types.js';

export type LineIntent =
  | { kind: 'empty' }
  | { kind: 'exit' }
  | { kind: 'new' }
  | { kind: 'threads' }
  | { kind: 'clear'; thread?: ThreadId }
  | { kind: 'switch'; number: number }
  | { kind: 'choose'; keys: string[] }
  | { kind: 'command'; text: string }
  | { kind: 'reply'; text: string; thread: ThreadId };

export interface LineContext {
  current: ThreadId | undefined;
  currentHasBotMessages: boolean;
  currentHasChoices: boolean;
  verbs: ReadonlySet<string>;
  threadVerbs: ReadonlySet<string>;
}

export function classifyLine(line: string, ctx: LineContext): LineIntent {
  // `/iip help` copied from the README is `help` here
  const text = withoutCopiedInvocation(line);
  const lower = text.toLowerCase();
  if (text === '') return { kind: 'empty' };
  if (lower === 'exit' || lower === 'quit') return { kind: 'exit' };
  if (lower === 'new') return { kind: 'new' };
  if (lower === 'threads') return { kind: 'threads' };
  if (lower === 'clear') return ctx.current && ctx.currentHasBotMessages ? { kind: 'clear', thread: ctx.current } : { kind: 'clear' };
  const switchTo = /^switch\s+(\d+)$/i.exec(text);
  if (switchTo) return { kind: 'switch', number: Number(switchTo[1]) };
  const keys = parseKeys(text);
  if (keys && ctx.currentHasChoices) return { kind: 'choose', keys };
  if (!ctx.current || !ctx.currentHasBotMessages) return { kind: 'command', text };
  const verb = lower.split(/\s+/)[0] ?? '';
  if (ctx.verbs.has(verb) && !ctx.threadVerbs.has(verb)) return { kind: 'command', text };
  return { kind: 'reply', text, thread: ctx.current };
}

/** How the terminal is used, in the language of `t`. */
export const consoleUsage = (t: Translate): string => t('console:usage');

/** A thread's last activity: `just now` under a minute, `10 minutes ago` / `10分钟前` within a week, else its day. */
export function ago(then: number, now: number, t: Translate): string {
  const ms = Math.max(0, now - then);
  if (ms < 60_000) return t('console:ago.justNow');
  if (ms < 7 * 86_400_000) return formatRelative(then, Math.max(now, then), t.lang);
  return formatDate(then, t.lang);
}

/**
 * The `threads` listing: number, first line, its state as home words it (`states`, by thread id: waiting for you,
 * working on the platform, done, failed ...), last activity; the current thread marked `*`.
 */
export function threadList(
  threads: ConsoleThread[],
  current: string | undefined,
  now: number,
  style: Style,
  states: ReadonlyMap<string, string>,
  t: Translate,
): string[] {
  if (threads.length === 0) return [style.dim(t('console:threads.none'))];
  const width = String(Math.max(...threads.map((thread) => thread.number))).length;
  return [
    style.bold(t('console:threads.title')),
    ...threads.map((thread) => {
      const mark = thread.id === current ? '*' : ' ';
      const state = states.get(thread.id);
      const title = padEnd(truncate(thread.title.split('\n')[0] ?? '', 44), 44);
      const when = style.dim(ago(thread.lastActivity, now, t));
      return `${mark} ${String(thread.number).padStart(width)}  ${title}  ${state ? `${state}${t('console:threads.stateSeparator')}` : ''}${when}`;
    }),
    style.dim(t('console:threads.switchHint')),
  ];
}
