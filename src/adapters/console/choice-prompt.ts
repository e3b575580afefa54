/**
 * Numbers typed for the latest message with choices in the current thread (numbering in choices.ts). Naming a
 * button or select option sends an ActionIncoming with the ticks of the message's multi-selects; naming only
 * multi-select options ticks them and asks "Then: [1] Confirm  [2] Cancel" (the message's buttons): the next
 * number clicks one, Enter keeps the ticks without clicking, and any other text is an ordinary line.
 */
import { randomUUID } from 'node:crypto';
import type { Button } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import { parseNumbers, resolveNumbers, selectionsOf } from './choices.js';
import type { Dispatcher } from './dispatcher.js';
import type { MessageBook, StoredMessage } from './messages.js';
import type { Screen } from './screen.js';
import type { Style } from './style.js';

interface Choice {
  action: string;
  value: string;
  label: string;
}

export class ChoicePrompt {
  private pending: { stored: StoredMessage; buttons: Button[] } | undefined;

  constructor(
    private readonly host: { style: Style; screen: Screen; messages: MessageBook },
    private readonly dispatcher: Dispatcher,
  ) {}

  get promptText(): string | undefined {
    return this.pending ? `then [1-${this.pending.buttons.length}]> ` : undefined;
  }

  cancel(): boolean {
    const had = this.pending !== undefined;
    this.pending = undefined;
    return had;
  }

  async choose(thread: ThreadId | undefined, numbers: number[]): Promise<void> {
    const { messages, style } = this.host;
    const stored = messages.latest(thread, true);
    if (!stored) return;
    const outcome = resolveNumbers(numbers, stored.message, stored.ticks);
    if (outcome.kind === 'error') return this.note(style.danger(outcome.text));
    stored.ticks = outcome.ticks;
    if (outcome.kind === 'choose') {
      const { entry } = outcome;
      return entry.kind === 'button' ? this.click(stored, entry.button) : this.click(stored, entry);
    }
    const ticked = Object.values(selectionsOf(stored.message, stored.ticks)).flat();
    const options = (stored.message.blocks ?? []).flatMap((b) => (b.type === 'multiSelect' ? b.options : []));
    const labels = options.filter((o) => ticked.includes(o.value)).map((o) => o.label);
    const summary = `Ticked: ${labels.length > 0 ? labels.join(', ') : 'nothing'}.`;
    if (outcome.buttons.length === 0) return this.note(summary);
    this.pending = { stored, buttons: outcome.buttons };
    this.note(summary, `Then: ${outcome.buttons.map((b, i) => `[${i + 1}] ${b.label}`).join('  ')}`);
  }

  /** The line after "Then:"; false when it is not an answer and should be handled as an ordinary line. */
  async answer(line: string): Promise<boolean> {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return false;
    if (line.trim() === '') {
      this.note(this.host.style.dim('No button chosen; the ticks are kept.'));
      return true;
    }
    const numbers = parseNumbers(line);
    if (!numbers) return false;
    const button = numbers.length === 1 ? pending.buttons[(numbers[0] ?? 0) - 1] : undefined;
    if (button) await this.click(pending.stored, button);
    else {
      this.pending = pending;
      this.note(this.host.style.danger(`Type one number from 1 to ${pending.buttons.length}.`));
    }
    return true;
  }

  private click(stored: StoredMessage, choice: Choice): Promise<void> {
    this.note(this.host.style.dim(`→ ${choice.label}`));
    return this.dispatcher.send({
      kind: 'action',
      thread: stored.thread,
      messageId: String(stored.number),
      action: choice.action,
      value: choice.value,
      selections: selectionsOf(stored.message, stored.ticks),
      triggerId: `console:${randomUUID()}`,
    });
  }

  private note(...lines: string[]): void {
    this.host.screen.note(lines);
  }
}
