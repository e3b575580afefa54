/**
 * Receives Teams at `/api/messages` on the bot's shared server through botbuilder's `CloudAdapter`.
 * Each request is authenticated by botbuilder (its JWT validation; 401 when that fails, and no turn runs),
 * its channel and `serviceUrl` (where the answers will go) must vouch for the tenant and user it names
 * (./channel-trust.ts; 403 otherwise, and no turn runs), then its turn only remembers the conversation reference, hands the neutral `Incoming` off,
 * waiting only until the bot has recorded it (500, so the Bot Connector sends it again, when it could not), and,
 * for a card's `adaptiveCard/action` invoke, answers 200 then: no request is held open while an answer streams
 * or a workflow waits. Everything the bot says later goes out proactively (./connector.ts).
 */
import { isMessageAction } from './message-action.js';
import { answerMessageAction } from './message-action-turn.js';
import { CloudAdapter, type Activity, type ConfigurationBotFrameworkAuthentication, type TurnContext } from 'botbuilder';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CommandIncoming, Incoming, ReplyIncoming } from '../../core/incoming.js';
import { BodyTooLargeError, readBody } from '../../http/body.js';
import { DEFAULT_BODY_LIMIT_BYTES, type HttpServer } from '../../http/server.js';
import type { UserLanguageOf } from '../../core/language.js';
import type { Logger } from '../../log.js';
import { isAuthFailure } from './auth.js';
import { asWebChatActivity, type ChannelVerdict } from './channel-trust.js';
import { ADAPTIVE_CARD_ACTION_INVOKE, cardSubmitToIncoming, submittedValues } from './incoming/cards.js';
import { FILE_CONSENT_INVOKE } from './file-cards.js';
import { sharedFilesOf } from './files.js';
import { messageToIncoming, type ChatContext } from './incoming/messages.js';
import { placeOf, TeamsActivity } from './incoming/payloads.js';
import type { ReferenceBook } from './references.js';

export const TEAMS_MESSAGES_PATH = '/api/messages';

type AuthResult = Awaited<ReturnType<ConfigurationBotFrameworkAuthentication['authenticateRequest']>>;

/** A CloudAdapter whose turns run on a request already authenticated here (to answer 401 and log it ourselves). */
export class TeamsCloudAdapter extends CloudAdapter {
  runTurn(auth: AuthResult, activity: Activity, logic: (context: TurnContext) => Promise<void>) {
    return this.processActivity(auth, activity, logic);
  }
}

/** Teams answers a card's Action.Execute with this: a short confirmation, the card unchanged. */
const INVOKE_RECEIVED = { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: 'Received' };

function reply(res: ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function toIncoming(raw: Activity, chats?: ChatContext): Incoming | undefined {
  const parsed = TeamsActivity.safeParse(raw);
  if (!parsed.success) return undefined;
  if (submittedValues(parsed.data) !== undefined) return cardSubmitToIncoming(parsed.data);
  return messageToIncoming(raw, parsed.data, chats);
}

/** A command or reply with the images its message shares (attachments, pasted images), when it shares any. */
function withFiles<T extends CommandIncoming | ReplyIncoming>(incoming: T, activity: Activity): T {
  const files = sharedFilesOf(activity);
  return files.length > 0 ? { ...incoming, files } : incoming;
}

export interface TeamsReceiverOptions {
  cloud: TeamsCloudAdapter;
  auth: ConfigurationBotFrameworkAuthentication;
  book: ReferenceBook;
  logger: Logger;
  /** whether an activity vouches for its tenant and user (./channel-trust.ts); default every one does */
  trust?: (activity: Record<string, unknown>) => ChannelVerdict;
  /** the words that start a new thread in a chat (the bot's verbs) */
  verbs?: readonly string[];
  /** the user's answer to a file consent card, handled after the invoke is answered (./file-delivery.ts) */
  onFileConsent?: (activity: TeamsActivity) => Promise<void>;
  /** the language the message action's dialog speaks to its user (./message-action-turn.ts) */
  userLanguage?: UserLanguageOf;
}

export interface TeamsReceiver {
  mount(server: HttpServer): void;
  start(onIncoming: (incoming: Incoming) => Promise<void>): void;
  stop(): void;
}

export function createTeamsReceiver({
  cloud,
  auth,
  book,
  logger,
  trust = () => ({ trusted: 'teams' }),
  verbs = [],
  onFileConsent,
  userLanguage,
}: TeamsReceiverOptions): TeamsReceiver {
  let onIncoming: ((incoming: Incoming) => Promise<void>) | undefined;
  const chats: ChatContext = { verbs: new Set(verbs), currentThread: (conversation) => book.chatThread(conversation) };

  /**
   * Converts and hands off; the turn (and so the HTTP answer) ends once the bot has recorded the activity, and
   * fails (500) when it could not. An activity that cannot be converted is logged and answered.
   */
  /** What was kept about the activity's conversation first (after a restart), then what the activity tells. */
  async function learn(activity: Activity): Promise<void> {
    const parsed = TeamsActivity.safeParse(activity);
    try {
      if (parsed.success) await book.recall(placeOf(parsed.data).tenant, placeOf(parsed.data).conversation);
      await book.remember(activity);
    } catch (error) {
      logger.warn({ err: error }, 'Teams: a conversation reference could not be read or kept');
    }
  }

  async function turn(context: TurnContext): Promise<void> {
    const activity = context.activity;
    await learn(activity);
    if (activity.type === 'invoke' && activity.name === FILE_CONSENT_INVOKE) {
      const parsed = TeamsActivity.safeParse(activity);
      // the upload may take a while: Teams has its answer first, the file card follows
      if (parsed.success && onFileConsent) {
        void onFileConsent(parsed.data).catch((error: unknown) => logger.error({ err: error }, 'Teams: a file consent answer failed'));
      }
      await context.sendActivity({ type: 'invokeResponse', value: { status: 200 } });
      return;
    }
    if (isMessageAction(activity)) return answerMessageAction(context, onIncoming, logger, userLanguage);
    let incoming: Incoming | undefined;
    try {
      incoming = toIncoming(activity, chats);
      if (incoming?.kind === 'command' || incoming?.kind === 'reply') incoming = withFiles(incoming, activity);
    } catch (error) {
      logger.error({ err: error, type: activity.type }, 'a Teams activity could not be handled');
    }
    // a command in a chat starts the thread later messages there continue
    if (incoming?.kind === 'command' && incoming.thread) {
      const parsed = TeamsActivity.safeParse(activity);
      if (parsed.success && placeOf(parsed.data).kind !== 'channel' && activity.id)
        await book.setChatThread(placeOf(parsed.data).conversation, activity.id).catch((error: unknown) => {
          logger.warn({ err: error }, "Teams: a chat's current thread could not be kept");
        });
    }
    if (incoming && onIncoming) {
      const { kind } = incoming;
      await onIncoming(incoming).catch((error: unknown) => {
        logger.error({ err: error, kind }, 'a Teams activity could not be recorded: not acknowledged');
        throw error;
      });
    }
    if (activity.type === 'invoke' && activity.name === ADAPTIVE_CARD_ACTION_INVOKE) {
      await context.sendActivity({ type: 'invokeResponse', value: { status: 200, body: INVOKE_RECEIVED } });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (onIncoming === undefined) return reply(res, 503);
    if (req.method !== 'POST') return reply(res, 405);
    let activity: unknown;
    try {
      activity = JSON.parse((await readBody(req, DEFAULT_BODY_LIMIT_BYTES)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLargeError) res.setHeader('connection', 'close');
      return reply(res, error instanceof BodyTooLargeError ? 413 : 400);
    }
    if (typeof activity !== 'object' || activity === null || typeof (activity as { type?: unknown }).type !== 'string') return reply(res, 400);
    let authenticated: AuthResult;
    try {
      authenticated = await auth.authenticateRequest(activity as Activity, req.headers.authorization ?? '');
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      logger.warn({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'Teams request refused: not authenticated');
      return reply(res, 401);
    }
    // nothing is remembered or sent for an activity that does not vouch for its place: the bot would send its
    // answers to the service URL it names, and take the tenant and user it names for true
    const { serviceUrl } = activity as { serviceUrl?: unknown };
    if (typeof serviceUrl !== 'string') return reply(res, 400);
    const verdict = trust(activity as Record<string, unknown>);
    if ('refused' in verdict) {
      logger.warn(
        { serviceUrl: serviceUrl.slice(0, 200), reason: verdict.refused },
        'Teams request refused: its channel or serviceUrl does not vouch for its tenant and user (TEAMS_SERVICE_URLS, TEAMS_WEBCHAT_TENANT)',
      );
      return reply(res, 403);
    }
    if (verdict.trusted === 'webchat') activity = asWebChatActivity(activity as Record<string, unknown>, verdict.tenant);
    const invokeResponse = await cloud.runTurn(authenticated, activity as Activity, turn);
    reply(res, invokeResponse?.status ?? 200, invokeResponse?.body);
  }

  return {
    mount(server) {
      server.route(TEAMS_MESSAGES_PATH, (req, res) => {
        handle(req, res).catch((error: unknown) => {
          logger.error({ err: error }, 'a Teams request failed');
          if (!res.headersSent) reply(res, 500);
          else res.end();
        });
      });
    },
    start(handler) {
      onIncoming = handler;
    },
    stop() {
      onIncoming = undefined;
    },
  };
}
