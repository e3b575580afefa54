/** Socket Mode: an Events API envelope is acknowledged only once the bot has recorded its event. */
import type { App, ReceiverEvent, SocketModeReceiver } from '@slack/bolt';

/**
 * Socket Mode: Bolt acknowledges an Events API envelope before its listeners run; this holds that ack until they
 * are done (the event is recorded) and drops it when they fail, so Slack sends the envelope again.
 */
export function ackEventsAfterListeners(receiver: SocketModeReceiver): void {
  const init = receiver.init.bind(receiver);
  receiver.init = (app: App) =>
    init(
      new Proxy(app, {
        get(target, property) {
          if (property !== 'processEvent') return Reflect.get(target, property, target);
          return async (event: ReceiverEvent) => {
            if ((event.body as { type?: unknown }).type !== 'event_callback') return target.processEvent(event);
            let held: Parameters<ReceiverEvent['ack']> | undefined;
            await target.processEvent({
              ...event,
              ack: async (...args) => {
                held = args;
              },
            });
            if (held) await event.ack(...held);
          };
        },
      }),
    );
}
