/** The help text: every verb with its usage and one example, written the way the user invokes the bot; and the note for a word that is no verb. */
import type { Handler } from './handler.js';
import type { OutgoingMessage } from './message.js';
import type { WordMistake } from './verb-guess.js';

export function helpMessage(handlers: readonly Handler[], invocation: string): OutgoingMessage {
  const p = invocation;
  const lines = handlers.map((h) => {
    const aliases =
      h.verbs.length > 1
        ? ` (also ${h.verbs
            .slice(1)
            .map((v) => `\`${v}\``)
            .join(', ')})`
        : '';
    return `• \`${p}${h.help.usage}\`${aliases}: ${h.help.summary}\n    e.g. \`${p}${h.help.example}\``;
  });
  const text = [
    '*iip: patent and bio-pharma intelligence in your threads*',
    ...lines,
    `• \`${p}status\`: your open workflows; in a thread, where its workflow stands`,
    `• \`${p}help\`: this list`,
    `Replies in a thread continue its conversation; ${threadWordsHint(invocation)} there. \`clear\` in a chat thread starts the conversation over.`,
  ].join('\n');
  return { text, blocks: [{ type: 'markdown', text }] };
}

/** How to say `status` or `cancel` in a thread: in a chat a reply must mention the bot, in the terminal it is typed as is. */
export function threadWordsHint(invocation: string): string {
  return invocation === '' ? 'type `status` or `cancel`' : 'mention the bot with `status` or `cancel`';
}

const shown = (word: string): string => word.replace(/[`<>&*_~]/g, '').slice(0, 40);

export function unknownVerbMessage(verb: string, invocation: string, mistake?: WordMistake): OutgoingMessage {
  const safe = shown(verb);
  const text = mistake?.nearest
    ? `Unknown command \`${safe}\`: did you mean \`${invocation}${mistake.nearest}\`? Nothing was sent to the platform; \`${invocation}help\` lists the commands.`
    : mistake?.hint
      ? `Unknown command \`${safe}\`: ${mistake.hint}. Nothing was sent to the platform; \`${invocation}help\` lists the commands.`
      : `Unknown command \`${safe}\`. Try \`${invocation}help\` for the list.`;
  return { text, blocks: [{ type: 'markdown', text }] };
}

/** `cancel` where no workflow runs. */
export function nothingToCancelMessage(invocation: string): OutgoingMessage {
  const text = `There is nothing to cancel here: \`cancel\` works in the thread of a workflow. \`${invocation}status\` lists your open workflows.`;
  return { text, blocks: [{ type: 'markdown', text }] };
}
