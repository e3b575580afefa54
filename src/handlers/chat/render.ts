/** The chat messages: the answer with its citations and footer, failures, the usage line and the length limit. */
import { sourceKindWord } from './source-kinds.js';
import type { Block, Button, OutgoingMessage } from '../../core/message.js';
import type { PlatformReference, Usage } from '../../platform/events.js';
import { userMessage } from '../../core/user-errors.js';
import type { ChatFamily } from './families.js';
import { optionControls } from './encyclopedia-controls.js';
import { describeOptions, OPTIONS_HELP, type EncyclopediaOptions } from './encyclopedia-options.js';
import type { Translate } from '../../i18n/index.js';
import { formatNumber } from '../../i18n/format.js';

export interface AnswerExtras {
  references: PlatformReference[];
  usage?: Usage;
  family: ChatFamily;
  /** a line under the footer */
  note?: string;
  /** the encyclopedia's search options: named in the footer, with controls to change them for the next question */
  options?: EncyclopediaOptions;
  /** the answer was cut (collect.ts): a note under the text says so and why */
  cut?: 'cap' | 'too-large';
}

export function answerMessage(text: string, final: boolean, extras: AnswerExtras | undefined, t: Translate): OutgoingMessage {
  const blocks: Block[] = [{ type: 'markdown', text: text || '…' }];
  if (final && extras?.cut) blocks.push({ type: 'context', text: t(extras.cut === 'cap' ? 'chat:cutAtCap' : 'chat:cutTooLarge') });
  if (final && extras) {
    if (extras.references.length) {
      blocks.push({
        type: 'references',
        title: t('chat:sources'),
        items: extras.references.map((r) => ({ title: r.title, url: r.url, detail: sourceKindWord(r.kind, t) })),
      });
    }
    blocks.push({ type: 'context', text: footer(extras, t) });
    if (extras.note) blocks.push({ type: 'context', text: extras.note });
    if (extras.options) blocks.push(...optionControls(extras.options, t));
  }
  return { text: text || '…', blocks };
}

/** A failure before any text, with Retry when retrying can help. */
export function failureMessage(text: string, retry: Button | undefined): OutgoingMessage {
  return { text, blocks: [{ type: 'markdown', text }, ...(retry ? [{ type: 'actions' as const, buttons: [retry] }] : [])] };
}

/** The text that arrived before the stream stopped for a reason a Retry cannot fix, then that reason. */
export function stoppedMessage(text: string, error: unknown, t: Translate): OutgoingMessage {
  const note = t('chat:stopped', { why: userMessage(error, t) });
  const blocks: Block[] = text ? [{ type: 'markdown', text }] : [];
  blocks.push({ type: 'context', text: note });
  return { text: text ? `${text}\n\n${note}` : note, blocks };
}

function footer({ family, usage, options }: AnswerExtras, t: Translate): string {
  const tokens = usage?.totalTokens ?? (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);
  const label = options ? `${family.label(t)} · ${describeOptions(options, t)}` : family.label(t);
  return tokens ? t('chat:tokens', { label, n: formatNumber(tokens, t.lang) }) : label;
}

export function usageLine(family: ChatFamily, invocation: string, t: Translate): OutgoingMessage {
  const flags = family.verb === 'encyclopedia' ? t('chat:usageFlags') : '';
  const options = family.verb === 'encyclopedia' ? t('chat:usageOptions', { options: OPTIONS_HELP }) : '';
  const text = t('chat:usage', { invocation, verb: family.verb, flags, max: formatNumber(family.maxChars, t.lang), options });
  return { text, blocks: [{ type: 'markdown', text }] };
}

export function tooLongMessage(family: ChatFamily, length: number, t: Translate): OutgoingMessage {
  const text = t('chat:tooLong', { verb: family.verb, max: formatNumber(family.maxChars, t.lang), length: formatNumber(length, t.lang) });
  return { text, blocks: [{ type: 'markdown', text }] };
}
