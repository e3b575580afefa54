/** Hands what the user did to the bot, with the event id, user and workspace every Incoming carries. */
import { randomUUID } from 'node:crypto';
import type { Incoming } from '../../core/incoming.js';
import type { ThreadId } from '../../core/thread-id.js';
import { redactSecrets, type Logger } from '../../log.js';
import { translatorFor } from '../../i18n/index.js';
import type { Screen } from './screen.js';
import type { Style } from './style.js';

type WithoutBase<T> = T extends unknown ? Omit<T, 'eventId' | 'user' | 'workspaceId'> : never;
export type IncomingDraft = WithoutBase<Incoming>;

export interface DispatchHost {
  readonly interactive: boolean;
  readonly style: Style;
  readonly screen: Screen;
  readonly user: { id: string; name: string };
  readonly workspaceId: string;
  /** notes the thread a command reserved, so that a `startThread` made for it opens that thread */
  reserveFor(incoming: Incoming, reserved: ThreadId): void;
}

export class Dispatcher {
  constructor(
    private readonly host: DispatchHost,
    private readonly onIncoming: (incoming: Incoming) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  /**
   * With a terminal, resolves at once: the user may type on (or press Ctrl-C) while the bot works. Without one,
   * resolves when the bot is done, so that a piped script's next line follows the previous answer.
   */
  send(draft: IncomingDraft, reserved?: ThreadId): Promise<void> {
    const incoming = { ...draft, eventId: `console:${randomUUID()}`, user: this.host.user, workspaceId: this.host.workspaceId } as Incoming;
    if (reserved) this.host.reserveFor(incoming, reserved);
    const done = this.onIncoming(incoming).catch((error: unknown) => {
      this.logger.error({ err: error, kind: incoming.kind }, 'console: the bot failed on a line');
      const text = redactSecrets(error instanceof Error ? error.message : String(error));
      const t = translatorFor();
      this.host.screen.note([this.host.style.danger(t('console:wentWrong', { text }))]);
    });
    return this.host.interactive ? Promise.resolve() : done;
  }
}
