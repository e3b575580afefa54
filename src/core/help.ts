/** The help text: every verb with its usage and one example, written the way the user invokes the bot; and the note for a word that is no verb. */
import type { Translate } from '../i18n/index.js';
import type { Handler } from './handler.js';
import type { OutgoingMessage } from './message.js';
import { truncate } from './text.js';
import type { WordMistake } from './verb-guess.js';

export function helpMessage(handlers: readonly Handler[], invocation: string, t: Translate): OutgoingMessage {
  const p = invocation;
  const lines = handlers.map((h) => {
    const [summary, usage, example] = [h.help.summary(t), h.help.usage(t), h.help.example(t)];
    const others = h.verbs.slice(1).map((v) => `\`${v}\``);
    const aliases = others.length ? t('help:aliases', { list: others.join(', ') }) : '';
    return t('help:verb', { usage: `${p}${usage}`, aliases, summary, example: `${p}${example}` });
  });
  const text = [
    t('help:title'),
    ...lines,
    t('help:status', { p }),
    t('help:help', { p }),
    t('help:threads', { hint: threadWordsHint(invocation, t) }),
  ].join('\n');
  return { text, blocks: [{ type: 'markdown', text }] };
}

/** How to say `status` or `cancel` in a thread: in a chat a reply must mention the bot, in the terminal it is typed as is. */
export function threadWordsHint(invocation: string, t: Translate): string {
  return invocation === '' ? t('help:hintTyped') : t('help:hintMention');
}

const shown = (word: string): string => truncate(word.replace(/[`<>&*_~]/g, ''), 40);

export function unknownVerbMessage(verb: string, invocation: string, mistake: WordMistake | undefined, t: Translate): OutgoingMessage {
  const word = shown(verb);
  const p = invocation;
  const text = mistake?.nearest
    ? t('help:unknownNearest', { word, p, nearest: mistake.nearest })
    : mistake?.hint
      ? t('help:unknownHint', { word, p, hint: mistake.hint })
      : t('help:unknown', { word, p });
  return { text, blocks: [{ type: 'markdown', text }] };
}

/** `cancel` where no workflow runs. */
export function nothingToCancelMessage(invocation: string, t: Translate): OutgoingMessage {
  const text = t('help:nothingToCancel', { p: invocation });
  return { text, blocks: [{ type: 'markdown', text }] };
}
