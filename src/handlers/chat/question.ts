/** A question as typed, cleaned for the platform, and what is wrong with it if it cannot be asked. */
import type { OutgoingMessage } from '../../core/message.js';
import type { Translate } from '../../i18n/index.js';
import { charCount } from '../../core/text.js';
import type { ChatFamily } from './families.js';
import { tooLongMessage, usageLine } from './render.js';

// C0 and C1 control characters except tab and newline: invisible, meaningless to a model, and some break renderers
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function cleanQuestion(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '').trim();
}

/** The usage line or the limit a question breaks; undefined when it can be sent. */
export function problemWith(family: ChatFamily, question: string, invocation: string, t: Translate): OutgoingMessage | undefined {
  if (!question) return usageLine(family, invocation, t);
  // counted as the platform counts (code points): an emoji is one character, not two UTF-16 units
  const length = charCount(question);
  if (length > family.maxChars) return tooLongMessage(family, length, t);
  return undefined;
}
