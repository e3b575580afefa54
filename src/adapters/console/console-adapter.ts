/**
 * The console adapter: the bot in a terminal, for a person with no Slack or Teams at hand. Output side here
 * (threads, posts, edits, notes, forms); what typed lines mean is in line-handler.ts.
 */
import { randomUUID } from 'node:crypto';
import type { AdapterLimits, FetchedFile, MessageRef, OnBehalf, OutgoingFile } from '../../core/adapter.js';
import { MessageGoneError } from '../../core/chat-errors.js';
import type { Incoming } from '../../core/incoming.js';
import type { FormSpec, OutgoingMessage } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import { conversationId, threadId, type ConversationId, type ThreadId } from '../../core/thread-id.js';
import { silentLogger } from '../../log.js';
import { consoleUsage } from './input.js';
import { LineHandler, type ConsoleHost } from './line-handler.js';
import { defaultUser } from './local-user.js';
import { wrapText, type LayoutOptions } from './markdown-terminal.js';
import { hasChoices } from './choices.js';
import { MessageBook, type StoredMessage } from './messages.js';
import { renderMessage } from './render-terminal.js';
import { headerLine, LiveScreen, type PromptHost, type Screen, type ScreenMessage } from './screen.js';
import { fileSaver, imageSaver } from './save-image.js';
import { readLocalFile } from './local-file.js';
import { createSessionFile } from './session-file.js';
import { ThreadBook } from './sessions.js';
import { ansiStyle, plainStyle, type Style } from './style.js';
import { Terminal } from './terminal.js';
import { stripAnsi } from './text-width.js';
import { TranscriptScreen } from './transcript.js';
import type { ConsoleAdapter, ConsoleAdapterOptions } from './types.js';
import { translatorFor, type Lang } from '../../i18n/index.js';

export const CONSOLE_LIMITS: AdapterLimits = { maxMessageChars: 20_000 };

class ConsoleChatAdapter implements ConsoleAdapter, ConsoleHost {
  readonly chat = 'console' as const;
  readonly invocation = '';
  readonly limits = CONSOLE_LIMITS;
  readonly conversation: ConversationId;
  readonly closed: Promise<void>;
  readonly interactive: boolean;
  readonly style: Style;
  readonly book: ThreadBook;
  readonly messages = new MessageBook();
  readonly screen: Screen;
  readonly user: { id: string; name: string };
  readonly workspaceId: string;
  private readonly loaded: Promise<void>;
  /** the thread each command reserved (its prompt is already in it), by the command's event */
  private readonly reserved = new WeakMap<Incoming, ThreadId>();
  private terminal: Terminal | undefined;
  private lines: LineHandler | undefined;
  private resolveClosed!: () => void;
  private stopping = false;
  readonly uploadImage?: (thread: ThreadId, png: Buffer, title: string, lang?: Lang) => Promise<void>;
  readonly uploadFile?: (thread: ThreadId, file: OutgoingFile) => Promise<'attached'>;

  constructor(readonly options: ConsoleAdapterOptions) {
    const output = options.output as NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
    this.interactive = options.interactive ?? (output.isTTY === true && process.env.TERM !== 'dumb');
    this.style = this.interactive && (options.color ?? !process.env.NO_COLOR) ? ansiStyle : plainStyle;
    this.user = options.user ?? defaultUser();
    this.workspaceId = options.workspaceId ?? 'local';
    this.conversation = conversationId('console', this.workspaceId, 'terminal');
    const store = options.sessionStore ?? (options.sessionFile ? createSessionFile(options.sessionFile) : undefined);
    const now = options.now ?? Date.now;
    const logger = options.logger ?? silentLogger;
    this.book = new ThreadBook(
      store,
      () => threadId('console', this.workspaceId, 'terminal', randomUUID().slice(0, 8)),
      now,
      (error) => logger.warn({ err: error }, 'console: could not save the thread list'),
    );
    this.loaded = this.book
      .load()
      .then(() => this.messages.restore(this.book.list()))
      .catch((error: unknown) => logger.warn({ err: error }, 'console: could not load the thread list'));
    const promptHost: PromptHost = { cursorRows: () => this.terminal?.cursorRows(), restoreBelow: () => this.terminal?.restoreBelow() };
    const size = { columns: () => output.columns ?? 80, rows: () => output.rows ?? 24 };
    this.screen = this.interactive ? new LiveScreen(options.output, this.style, size, promptHost) : new TranscriptScreen(options.output, this.style);
    if (options.imageDir) this.uploadImage = imageSaver(options.imageDir, (thread, message) => this.post(thread, message));
    const documentDir = options.documentDir ?? options.imageDir;
    if (documentDir) this.uploadFile = fileSaver(documentDir, (thread, message) => this.post(thread, message));
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  layout(): LayoutOptions {
    const columns = (this.options.output as { columns?: number }).columns ?? 80;
    return { style: this.style, width: this.interactive ? columns : undefined };
  }

  async startThread(_conversation: ConversationId, message: OutgoingMessage, behalf?: OnBehalf): Promise<MessageRef> {
    await this.loaded;
    // the command this is made for reserved a thread (the prompt is already in it): its first message opens it
    const reserved = behalf?.event && this.reserved.get(behalf.event);
    const thread = reserved && !this.book.hasBotMessages(reserved) ? reserved : this.book.reserve(firstLine(message.text));
    return this.post(thread, message);
  }

  async post(thread: ThreadId, message: OutgoingMessage): Promise<MessageRef> {
    await this.loaded;
    const { thread: entry, number } = this.book.nextMessage(thread, firstLine(message.text));
    const stored = this.messages.add(thread, entry.number, number, message);
    this.book.setLatest(thread, number, hasChoices(message) ? message : undefined);
    this.lines?.refreshPrompt();
    this.screen.showMessage(this.screenMessage(stored), true);
    return { thread, messageId: String(number) };
  }

  async edit(ref: MessageRef, message: OutgoingMessage): Promise<void> {
    const stored = this.messages.get(ref.thread, ref.messageId);
    if (!stored) throw new MessageGoneError(ref);
    stored.message = message;
    this.book.setLatest(ref.thread, stored.number, hasChoices(message) ? message : undefined);
    this.book.touch(ref.thread, false);
    this.lines?.noteEdit(ref.thread);
    this.screen.showMessage(this.screenMessage(stored), false);
  }

  readLocalFile(path: string, maxBytes: number): Promise<FetchedFile> {
    return readLocalFile(path, maxBytes);
  }

  async postEphemeral(where: ThreadId | ConversationId, _userId: string, message: OutgoingMessage): Promise<void> {
    const t = translatorFor(message.lang);
    const body = renderMessage(message, this.layout()).map((line) => this.style.dim(stripAnsi(line)));
    const thread = where === this.conversation ? undefined : where;
    this.screen.note([this.style.dim(t('console:threads.onlyYou')), ...body], thread);
  }

  /** No links in a terminal: the thread as its user reaches it (`thread 3, \`switch 3\``), for `status` lists in `lang`. */
  async permalink(thread: ThreadId, lang?: Lang): Promise<string | undefined> {
    const t = translatorFor(lang);
    await this.loaded;
    const entry = this.book.get(thread);
    return entry ? t('console:threads.permalink', { n: entry.number }) : undefined;
  }

  async openForm(_triggerId: string, thread: ThreadId, form: FormSpec): Promise<void> {
    this.lines?.openForm(thread, form);
  }

  async start(onIncoming: (incoming: Incoming) => Promise<void>): Promise<void> {
    await this.loaded;
    const lines = new LineHandler(this, onIncoming, this.options);
    this.lines = lines;
    this.terminal = new Terminal(this.options.input, this.options.output, this.interactive, this.book.history, {
      line: (line) => lines.enqueue(line),
      interrupt: () => lines.interrupt(),
      close: () => lines.enqueueClose(() => this.finish()),
      history: (history) => this.book.remember(history),
      screenChanged: () => this.screen.invalidate(),
    });
    lines.attach(this.terminal);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.screen.flush();
    if (this.terminal) this.terminal.close();
    else this.resolveClosed();
    await this.closed;
    await this.book.settled();
  }

  /** The start-up lines, word-wrapped to the terminal (a terminal itself would cut words at its edge). */
  printBanner(lines: string[]): void {
    const layout = this.layout();
    const usage = this.style.dim(consoleUsage(translatorFor()).replace(/`/g, this.style.ansi ? '' : '`'));
    this.screen.note([...lines, usage].flatMap((line) => wrapText(line, layout)));
  }

  flush(): void {
    this.screen.flush();
  }

  currentThread(): ThreadId | undefined {
    return this.book.current;
  }

  reserveFor(incoming: Incoming, reserved: ThreadId): void {
    this.reserved.set(incoming, reserved);
  }

  /** A stored message as the screen shows it: its header in the message's language. */
  screenMessage(stored: StoredMessage): ScreenMessage {
    const t = translatorFor(stored.message.lang);
    return {
      key: stored.key,
      thread: stored.thread,
      header: t('console:threads.header', { thread: stored.threadNumber, n: stored.number }),
      body: renderMessage(stored.message, this.layout(), stored.ticks),
      lang: t.lang,
    };
  }

  /** A copy of a message as a note (for `switch N`), not tied to later edits. */
  reprint(stored: StoredMessage): void {
    const shown = this.screenMessage(stored);
    this.screen.note([headerLine(this.style, shown, false), ...shown.body]);
  }

  private async finish(): Promise<void> {
    this.screen.flush();
    await this.book.settled();
    if (!this.stopping) this.options.onExit?.();
    this.resolveClosed();
  }
}

const firstLine = (text: string): string => truncate(text.trim().split('\n')[0] ?? '', 200);

export function createConsoleAdapter(options: ConsoleAdapterOptions): ConsoleAdapter {
  return new ConsoleChatAdapter(options);
}
