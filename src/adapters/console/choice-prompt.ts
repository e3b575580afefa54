/**
 * Keys typed for the latest message with choices in the current thread (keys in choices.ts). Naming a button or
 * select option sends an ActionIncoming with the ticks of the message's multi-selects; naming only multi-select
 * options ticks them and asks "Then: [c] Confirm  [x] Cancel" (the message's buttons): the next letter clicks one,
 * Enter keeps the ticks without clicking, and any other text is an ordinary line. A button that carries a
 * `confirm` (it throws work away) asks its question first ("Cancel the novelty search? y/N"): only `y` clicks it.
 */
import { randomUUID } from 'node:crypto';
import type { Button } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import { parseKeys, resolveKeys, selectionsOf, type ChoiceEntry } from './choices.js';
import type { Dispatcher } from './dispatcher.js';
import type { MessageBook, StoredMessage } from './messages.js';
import type { Screen } from './screen.js';
import type { Style } from './style.js';
import { translatorFor, type Translate } from '../../i18n/index.js';

interface Choice {
  action: string;
  value: string;
  label: string;
  confirm?: Button['confirm'];
}

type ButtonEntry = Extract<ChoiceEntry, { kind: 'button' }>;
type Pending = { kind: 'then'; stored: StoredMessage; buttons: ButtonEntry[] } | { kind: 'confirm'; stored: StoredMessage; choice: Choice };

/** The prompt speaks the language of the message whose choices it asks about. */
const wordsFor = (stored: StoredMessage): Translate => translatorFor(stored.message.lang);

export class ChoicePrompt {
  private pending: Pending | undefined;

  constructor(
    private readonly host: { style: Style; screen: Screen; messages: MessageBook },
    private readonly dispatcher: Dispatcher,
  ) {}

  get promptText(): string | undefined {
    if (!this.pending) return undefined;
    const t = wordsFor(this.pending.stored);
    if (this.pending.kind === 'confirm')
      return t('console:choice.confirmPrompt', { question: this.pending.choice.confirm?.title ?? t('console:choice.sure') });
    return t('console:choice.thenPrompt', { keys: this.pending.buttons.map((b) => b.key).join('/') });
  }

  cancel(): boolean {
    const had = this.pending !== undefined;
    this.pending = undefined;
    return had;
  }

  async choose(thread: ThreadId | undefined, keys: string[]): Promise<void> {
    const { messages, style } = this.host;
    const stored = messages.latest(thread, true);
    if (!stored) return;
    const t = wordsFor(stored);
    const outcome = resolveKeys(keys, stored.message, stored.ticks);
    if (outcome.kind === 'error') return this.note(style.danger(outcome.text));
    stored.ticks = outcome.ticks;
    if (outcome.kind === 'choose') {
      const { entry } = outcome;
      return entry.kind === 'button' ? this.click(stored, entry.button) : this.click(stored, entry);
    }
    const ticked = Object.values(selectionsOf(stored.message, stored.ticks)).flat();
    const options = (stored.message.blocks ?? []).flatMap((b) => (b.type === 'multiSelect' ? b.options : []));
    const labels = options.filter((o) => ticked.includes(o.value)).map((o) => o.label);
    const summary =
      labels.length > 0 ? t('console:choice.ticked', { labels: labels.join(t('console:choice.listSeparator')) }) : t('console:choice.tickedNothing');
    if (outcome.buttons.length === 0) return this.note(summary);
    this.pending = { kind: 'then', stored, buttons: outcome.buttons };
    this.note(summary, t('console:choice.thenPress', { buttons: outcome.buttons.map((b) => `[${b.key}] ${b.button.label}`).join('  ') }));
  }

  /** The line after "Then:" or a confirm question; false when it is not an answer and should be handled as an ordinary line. */
  async answer(line: string): Promise<boolean> {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return false;
    const t = wordsFor(pending.stored);
    if (pending.kind === 'confirm') {
      if (/^\s*(?:y(?:es)?|是|确定)\s*$/i.test(line)) await this.send(pending.stored, pending.choice);
      else this.note(this.host.style.dim(t('console:choice.notDone', { label: pending.choice.label })));
      return true;
    }
    if (line.trim() === '') {
      this.note(this.host.style.dim(t('console:choice.noButton')));
      return true;
    }
    const keys = parseKeys(line);
    if (!keys) return false;
    const entry = keys.length === 1 ? pending.buttons.find((b) => b.key === keys[0]) : undefined;
    if (entry) await this.click(pending.stored, entry.button);
    else {
      this.pending = pending;
      this.note(
        this.host.style.danger(t('console:choice.typeOneOf', { keys: pending.buttons.map((b) => b.key).join(t('console:choice.listSeparator')) })),
      );
    }
    return true;
  }

  private click(stored: StoredMessage, choice: Choice): Promise<void> {
    if (!choice.confirm) return this.send(stored, choice);
    this.pending = { kind: 'confirm', stored, choice };
    this.note(this.host.style.dim(choice.confirm.text));
    return Promise.resolve();
  }

  private send(stored: StoredMessage, choice: Choice): Promise<void> {
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
