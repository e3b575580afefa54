/**
 * What the user types, turned into `Incoming` values (the rule is in input.ts) or handled here: thread
 * management, numbers that pick choices (choice-prompt.ts), forms in progress (form-prompt.ts), lines continued
 * with a trailing `\`, and Ctrl-C. Lines are handled one at a time, in order. Its own words (threads, Ctrl-C, the
 * prompt) are about no message, so they are in the terminal's language (language.ts).
 */
import type { Incoming } from '../../core/incoming.js';
import type { FormSpec } from '../../core/message.js';
import type { ConversationId, ThreadId } from '../../core/thread-id.js';
import { silentLogger, type Logger } from '../../log.js';
import { ChoicePrompt } from './choice-prompt.js';
import { Dispatcher, type DispatchHost } from './dispatcher.js';
import { FormPrompt } from './form-prompt.js';
import { classifyLine, threadList } from './input.js';
import { translatorFor } from '../../i18n/index.js';
import type { LayoutOptions } from './markdown-terminal.js';
import type { MessageBook, StoredMessage } from './messages.js';
import type { ThreadBook } from './sessions.js';
import type { Terminal } from './terminal.js';
import type { ConsoleAdapterOptions, ConsoleThread } from './types.js';
import { formatDuration } from '../../i18n/format.js';

/** What the line handler needs from the adapter. */
export interface ConsoleHost extends DispatchHost {
  readonly book: ThreadBook;
  readonly messages: MessageBook;
  readonly conversation: ConversationId;
  layout(): LayoutOptions;
  /** shows a message again (for `switch N`) */
  reprint(stored: StoredMessage): void;
}

/** A second Ctrl-C this soon after the first quits. */
const QUIT_WINDOW_MS = 3000;

export class LineHandler {
  private terminal: Terminal | undefined;
  private queue: Promise<void> = Promise.resolve();
  private continued: string[] = [];
  private lastEdited: ThreadId | undefined;
  private lastInterruptAt: number | undefined;
  private readonly verbs: ReadonlySet<string>;
  private readonly threadVerbs: ReadonlySet<string>;
  private readonly logger: Logger;
  private readonly dispatcher: Dispatcher;
  private readonly choices: ChoicePrompt;
  private readonly forms: FormPrompt;

  constructor(
    private readonly host: ConsoleHost,
    onIncoming: (incoming: Incoming) => Promise<void>,
    private readonly options: ConsoleAdapterOptions,
  ) {
    this.verbs = new Set((options.verbs ?? []).map((v) => v.toLowerCase()));
    this.threadVerbs = new Set((options.threadVerbs ?? ['status', 'cancel']).map((v) => v.toLowerCase()));
    this.logger = options.logger ?? silentLogger;
    this.dispatcher = new Dispatcher(host, onIncoming, this.logger);
    this.choices = new ChoicePrompt(host, this.dispatcher);
    this.forms = new FormPrompt(host, this.dispatcher, () => this.refreshPrompt());
  }

  attach(terminal: Terminal): void {
    this.terminal = terminal;
    const current = this.host.book.current && this.host.book.get(this.host.book.current);
    if (current) {
      const t = translatorFor();
      this.note(this.host.style.dim(t('console:threads.backIn', { n: current.number, title: current.title })));
      const waiting = this.host.messages.latest(current.id as ThreadId, true);
      if (waiting) this.host.reprint(waiting);
    }
    this.refreshPrompt();
    terminal.show();
  }

  enqueue(line: string): void {
    this.queue = this.queue.then(() => this.handle(line)).catch((error: unknown) => this.logger.error({ err: error }, 'console: a line failed'));
  }

  enqueueClose(finish: () => Promise<void>): void {
    this.queue = this.queue.then(finish, finish);
  }

  noteEdit(thread: ThreadId): void {
    this.lastEdited = thread;
  }

  openForm(thread: ThreadId, form: FormSpec): void {
    this.forms.open(thread, form);
  }

  refreshPrompt(): void {
    this.terminal?.setPrompt(this.promptText());
  }

  /**
   * Ctrl-C: the first press stops what runs (a form, a half-typed choice or line, a stream or wait), and a second
   * within QUIT_WINDOW_MS quits, whatever the first one did.
   */
  interrupt(): void {
    const { style, book } = this.host;
    const now = (this.options.now ?? Date.now)();
    if (this.lastInterruptAt !== undefined && now - this.lastInterruptAt <= QUIT_WINDOW_MS) return this.terminal?.close();
    this.lastInterruptAt = now;
    const t = translatorFor();
    const again = t('console:interrupt.again', { within: formatDuration(QUIT_WINDOW_MS, t.lang) });
    if (this.forms.active) {
      // the half-typed answer goes with the form, or it would lead the next command ("half typedstatus")
      this.terminal?.clearTyped();
      this.note(style.dim(t('console:interrupt.formCancelled', { again })));
      return this.forms.cancel();
    }
    if (this.choices.cancel() || this.continued.length > 0) {
      this.continued = [];
      this.terminal?.clearTyped();
      return this.refreshPrompt();
    }
    for (const thread of new Set([book.current, this.lastEdited])) {
      if (thread && this.options.onInterrupt?.(thread)) return this.note(style.dim(t('console:interrupt.stopped', { again })));
    }
    if (this.terminal?.typed) this.terminal.clearTyped();
    else this.note(style.dim(again));
  }

  private async handle(raw: string): Promise<void> {
    this.host.screen.beforeInput();
    // without a terminal nothing echoes what was typed: the transcript shows it after its prompt
    const secret = this.forms.active && this.forms.secret;
    const masked = '•'.repeat(Math.min(raw.length, 12));
    if (!this.host.interactive) this.note(`${this.promptText()}${secret ? masked : raw}`);
    else if (secret) this.terminal?.replaceLastLine(`${this.promptText()}${masked}`);
    try {
      if (raw.endsWith('\\') && !this.forms.active) {
        this.continued.push(raw.slice(0, -1));
        return;
      }
      const line = [...this.continued, raw].join('\n');
      this.continued = [];
      await this.act(line);
    } finally {
      this.refreshPrompt();
      this.terminal?.show();
    }
  }

  private async act(line: string): Promise<void> {
    const { book, messages, style } = this.host;
    const t = translatorFor();
    if (this.forms.active) return this.forms.answer(line);
    if (await this.choices.answer(line)) return;
    const current = book.current;
    const intent = classifyLine(line, {
      current,
      currentHasBotMessages: current !== undefined && book.hasBotMessages(current),
      currentHasChoices: messages.latest(current, true) !== undefined,
      verbs: this.verbs,
      threadVerbs: this.threadVerbs,
    });
    switch (intent.kind) {
      case 'empty':
        return;
      case 'exit':
        return this.terminal?.close();
      case 'new':
        book.setCurrent(undefined);
        return this.note(style.dim(t('console:threads.left')));
      case 'clear':
        this.host.screen.clear?.();
        if (!intent.thread) return;
        book.touch(intent.thread);
        return this.dispatcher.send({ kind: 'reply', text: 'clear', thread: intent.thread, mentioned: true });
      case 'threads':
        return this.note(...threadList(book.list(), current, (this.options.now ?? Date.now)(), style, await this.statesOf(book.list()), t));
      case 'switch': {
        const thread = book.byNumber(intent.number);
        if (!thread) return this.note(style.danger(t('console:threads.noSuch', { n: intent.number })));
        book.setCurrent(thread.id as ThreadId);
        this.note(style.dim(t('console:threads.nowIn', { n: thread.number, title: thread.title })));
        // where it stands: its latest message, and the latest one with choices if that is an earlier one
        const last = messages.latest(thread.id as ThreadId);
        const waiting = messages.latest(thread.id as ThreadId, true);
        if (waiting && waiting !== last) this.host.reprint(waiting);
        return last ? this.host.reprint(last) : undefined;
      }
      case 'choose':
        return this.choices.choose(current, intent.keys);
      case 'command': {
        const reserved = book.reserve(intent.text);
        book.setCurrent(reserved);
        return this.dispatcher.send({ kind: 'command', text: intent.text, conversation: this.host.conversation, thread: reserved }, reserved);
      }
      case 'reply':
        book.touch(intent.thread);
        return this.dispatcher.send({ kind: 'reply', text: intent.text, thread: intent.thread, mentioned: true });
    }
  }

  private promptText(): string {
    const special = this.forms.promptText ?? (this.continued.length > 0 ? '… ' : this.choices.promptText);
    if (special) return special;
    const thread = this.host.book.current && this.host.book.get(this.host.book.current);
    const t = translatorFor();
    return thread ? t('console:threads.prompt', { n: thread.number }) : 'iip> ';
  }

  /** Each thread's state in words, as home shows it; a thread whose state cannot be read is listed without one. */
  private async statesOf(threads: ConsoleThread[]): Promise<Map<string, string>> {
    const stateOf = this.options.threadState;
    if (!stateOf) return new Map();
    const states = await Promise.all(
      threads.map(async (thread) => [thread.id, await stateOf(thread.id as ThreadId).catch(() => undefined)] as const),
    );
    return new Map(states.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
  }

  private note(...lines: string[]): void {
    this.host.screen.note(lines);
  }
}
