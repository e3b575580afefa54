/**
 * Forms opened by the bot take the prompt over, one at a time (others wait their turn), until every field is
 * answered (then a FormIncoming is sent) or Ctrl-C cancels the form.
 */
import type { FormSpec } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { Dispatcher } from './dispatcher.js';
import { FormSession, type FormTurn } from './form-session.js';
import type { LayoutOptions } from './markdown-terminal.js';
import type { Screen } from './screen.js';

interface OpenForm {
  thread: ThreadId;
  form: FormSpec;
  session?: FormSession;
  prompt?: string;
}

export class FormPrompt {
  private current: OpenForm | undefined;
  private readonly waiting: OpenForm[] = [];

  constructor(
    private readonly host: { screen: Screen; layout(): LayoutOptions },
    private readonly dispatcher: Dispatcher,
    private readonly promptChanged: () => void,
  ) {}

  get active(): boolean {
    return this.current !== undefined;
  }

  /** The field being asked holds a secret (its answer is masked in the echo). */
  get secret(): boolean {
    return this.current?.session?.secretField ?? false;
  }

  get promptText(): string | undefined {
    return this.current?.prompt;
  }

  open(thread: ThreadId, form: FormSpec): void {
    this.waiting.push({ thread, form });
    if (!this.current) void this.next();
  }

  cancel(): void {
    this.current = undefined;
    void this.next();
  }

  answer(line: string): Promise<void> {
    const form = this.current;
    return form?.session ? this.show(form, form.session.answer(line)) : Promise.resolve();
  }

  private async next(): Promise<void> {
    const form = this.waiting.shift();
    this.current = form;
    if (!form) return this.promptChanged();
    form.session = new FormSession(form.form, this.host.layout());
    return this.show(form, form.session.begin());
  }

  private async show(form: OpenForm, turn: FormTurn): Promise<void> {
    if (turn.lines.length > 0) this.host.screen.note(turn.lines, form.thread);
    if (!turn.fields) {
      form.prompt = turn.prompt;
      return this.promptChanged();
    }
    const { action, value } = form.form;
    const submitted = this.dispatcher.send({ kind: 'form', thread: form.thread, action, value, fields: turn.fields });
    await this.next();
    await submitted;
  }
}
