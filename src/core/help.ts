/** The help text: every verb with its usage and one example, written the way the user invokes the bot. */
import type { Handler } from './handler.js';
import type { OutgoingMessage } from './message.js';

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
    'Replies in a thread continue its conversation; mention the bot there with `status` or `cancel`.',
  ].join('\n');
  return { text, blocks: [{ type: 'markdown', text }] };
}

export function unknownVerbMessage(verb: string, invocation: string): OutgoingMessage {
  const safe = verb.replace(/[`<>&*_~]/g, '').slice(0, 40);
  const text = `Unknown command \`${safe}\`. Try \`${invocation}help\` for the list.`;
  return { text, blocks: [{ type: 'markdown', text }] };
}
