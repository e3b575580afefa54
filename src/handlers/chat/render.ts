/** The chat messages: the answer with its citations and footer, failures, the usage line and the length limit. */
import type { Block, Button, OutgoingMessage } from '../../core/message.js';
import type { PlatformReference, Usage } from '../../platform/events.js';
import { userMessage } from '../../core/user-errors.js';
import type { ChatFamily } from './families.js';
import { optionControls } from './encyclopedia-controls.js';
import { describeOptions, OPTIONS_HELP, type EncyclopediaOptions } from './encyclopedia-options.js';

export interface AnswerExtras {
  references: PlatformReference[];
  usage?: Usage;
  family: ChatFamily;
  /** a line under the footer */
  note?: string;
  /** the encyclopedia's search options: named in the footer, with controls to change them for the next question */
  options?: EncyclopediaOptions;
}

export function answerMessage(text: string, final: boolean, extras: AnswerExtras | undefined): OutgoingMessage {
  const blocks: Block[] = [{ type: 'markdown', text: text || '…' }];
  if (final && extras) {
    if (extras.references.length) {
      blocks.push({
        type: 'references',
        title: 'Sources',
        items: extras.references.map((r) => ({ title: r.title, url: r.url, detail: r.kind })),
      });
    }
    blocks.push({ type: 'context', text: footer(extras) });
    if (extras.note) blocks.push({ type: 'context', text: extras.note });
    if (extras.options) blocks.push(...optionControls(extras.options));
  }
  return { text: text || '…', blocks };
}

/** A failure before any text, with Retry when retrying can help. */
export function failureMessage(text: string, retry: Button | undefined): OutgoingMessage {
  return { text, blocks: [{ type: 'markdown', text }, ...(retry ? [{ type: 'actions' as const, buttons: [retry] }] : [])] };
}

/** The text that arrived before the stream stopped for a reason a Retry cannot fix, then that reason. */
export function stoppedMessage(text: string, error: unknown): OutgoingMessage {
  const note = `⚠️ The answer stopped here. ${userMessage(error)}`;
  const blocks: Block[] = text ? [{ type: 'markdown', text }] : [];
  blocks.push({ type: 'context', text: note });
  return { text: text ? `${text}\n\n${note}` : note, blocks };
}

function footer({ family, usage, options }: AnswerExtras): string {
  const tokens = usage?.totalTokens ?? (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);
  const label = options ? `${family.label} · ${describeOptions(options)}` : family.label;
  return tokens ? `${label} · ${tokens.toLocaleString('en-US')} tokens` : label;
}

export function usageLine(family: ChatFamily, invocation: string): OutgoingMessage {
  const flags = family.verb === 'encyclopedia' ? ' [options]' : '';
  const options = family.verb === 'encyclopedia' ? ` Options: ${OPTIONS_HELP}.` : '';
  const text = `Usage: \`${invocation}${family.verb}${flags} <question>\` (up to ${family.maxChars.toLocaleString('en-US')} characters).${options}`;
  return { text, blocks: [{ type: 'markdown', text }] };
}

export function tooLongMessage(family: ChatFamily, length: number): OutgoingMessage {
  const text = `Questions for \`${family.verb}\` can be at most ${family.maxChars.toLocaleString('en-US')} characters; yours has ${length.toLocaleString('en-US')}. Nothing was sent to the platform.`;
  return { text, blocks: [{ type: 'markdown', text }] };
}
