/**
 * The Bolt app that receives Slack: over HTTP on the bot's shared server at `/slack/events` (signatures and
 * the 5-minute timestamp window checked by Bolt's HTTPReceiver), or over Socket Mode when an app token is set.
 * Listeners hand work off and acknowledge once the bot has recorded it (`onIncoming` resolves; the handling runs
 * on): an event the bot could not record is not acknowledged (HTTP 500, no Socket Mode ack), so Slack delivers
 * it again. Slack never redelivers a slash command: one that could not be recorded is acknowledged with a private
 * answer telling its user to run it again (./not-taken.ts). Events API events, which Bolt acknowledges before its listeners run, are answered after them too:
 * over HTTP by `processBeforeResponse`, in Socket Mode by holding the ack until the listener is done.
 * With `oauth` the app serves installs into many workspaces (./oauth.ts) and answers each with its own token.
 */
import { App, ErrorCode, HTTPReceiver, SocketModeReceiver, type Logger as SlackLogger } from '@slack/bolt';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Incoming } from '../../core/incoming.js';
import { translatorFor, type Lang } from '../../i18n/index.js';
import type { HttpServer } from '../../http/server.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../http/server.js';
import type { Logger } from '../../log.js';
import { commandToIncoming, eventToIncoming } from './incoming/events.js';
import { blockActionToIncoming, viewSubmissionProblems, viewSubmissionToIncoming } from './incoming/interactive.js';
import { FORM_CALLBACK_ID } from './render/form.js';
import { homeOpenedToIncoming, homeStartToIncoming } from './incoming/home.js';
import { HOME_START_CALLBACK_ID } from './render/home.js';
import { SHORTCUT_CALLBACK_ID } from './render/shortcut-modal.js';
import type { SlackShortcuts } from './shortcuts.js';
import { BodyTooLargeError, readBody } from '../../http/body.js';
import { guardSlackRequest, isSslCheck } from './request-guard.js';
import { ackEventsAfterListeners } from './socket-mode-ack.js';
import type { TokenFor } from './clients.js';
import { installedTokenFor, serializeAuthorize, type SlackOAuthOptions, VaultInstallationStore } from './oauth.js';
import { mountInstallRoutes, oauthReceiverOptions } from './oauth-routes.js';
import { onUninstall, type WorkspaceGone } from './uninstall.js';
import { paneAssistant } from './assistant.js';
import { isSlashCommand, NotTakingWorkError, notTakenReply, sendCommandReply, tellClickNotTaken } from './not-taken.js';

export const SLACK_EVENTS_PATH = '/slack/events';

export interface BoltAppOptions {
  /** one workspace's token; unset with `oauth` */
  botToken?: string;
  oauth?: SlackOAuthOptions;
  /** forgets what the bot keeps about a workspace that uninstalled the app or revoked its token */
  onWorkspaceGone?: WorkspaceGone;
  signingSecret: string;
  appToken?: string;
  apiUrl?: string;
  server?: HttpServer;
  logger: Logger;
  slackLogger: SlackLogger;
  /** a click in a view (the App Home tab's Start buttons open their modal); called before the ack, not awaited */
  onViewAction?: (body: unknown) => void;
  /** the iip shortcuts: opening their modal, and checking its submission (shortcuts.ts) */
  shortcuts?: SlackShortcuts;
  /** the language of a user's assistant pane prompts; it never rejects (the default when it cannot be read) */
  paneLanguage: (workspaceId: string, userId: string) => Promise<Lang>;
}

export interface BoltApp {
  start(onIncoming: (incoming: Incoming) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /** the bot token that answers a workspace (the one token, or its installation's) */
  tokenFor: TokenFor;
}

function sendStatus(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: false }));
}

export function createBoltApp(options: BoltAppOptions): BoltApp {
  const { logger, slackLogger } = options;
  const clientOptions = options.apiUrl ? { slackApiUrl: options.apiUrl, retryConfig: { retries: 2 } } : { retryConfig: { retries: 2 } };
  const socketMode = options.appToken !== undefined;
  if (options.oauth && socketMode) throw new Error('OAuth installs need the HTTP receiver: SLACK_APP_TOKEN (Socket Mode) cannot be used with them');
  if (!options.oauth && !options.botToken) throw new Error('the Slack adapter needs a bot token, or OAuth settings');
  const installations = options.oauth ? new VaultInstallationStore(options.oauth.vault, logger) : undefined;
  const httpReceiver = socketMode
    ? undefined
    : new HTTPReceiver({
        signingSecret: options.signingSecret,
        endpoints: SLACK_EVENTS_PATH,
        logger: slackLogger,
        bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
        // every answer, events' included, waits for the listener: it resolves once the event is recorded
        processBeforeResponse: true,
        ...(options.oauth && installations ? oauthReceiverOptions(options.oauth, installations, clientOptions, options.apiUrl) : {}),
      });
  const receiver =
    httpReceiver ??
    new SocketModeReceiver({
      appToken: options.appToken as string,
      logger: slackLogger,
      installerOptions: { clientOptions },
    });
  if (!httpReceiver) ackEventsAfterListeners(receiver as SocketModeReceiver);
  const app = new App({
    ...(options.oauth ? {} : { token: options.botToken }),
    receiver,
    logger: slackLogger,
    clientOptions,
    deferInitialization: true,
  });
  app.error(async (error) => {
    // a workspace without an installation (uninstalled, or never installed): acknowledged, nothing recorded
    if (error.code === ErrorCode.AuthorizationError)
      return logger.info({ reason: error.message }, 'refused a Slack request: no installation for its workspace');
    slackLogger.error(error);
    throw error;
  });
  onUninstall(app, installations, options.onWorkspaceGone, logger);
  let onIncoming: ((incoming: Incoming) => Promise<void>) | undefined;

  /**
   * Converts and hands off; resolves once the bot has recorded the event (its handling runs on), rejects when it
   * could not, so the event is not acknowledged. A payload that cannot be converted is logged and acknowledged:
   * a retry of it would fail the same way.
   */
  const dispatch = async (source: string, convert: () => Incoming | undefined): Promise<void> => {
    let incoming: Incoming | undefined;
    try {
      incoming = convert();
    } catch (error) {
      logger.error({ err: error, source }, 'a Slack payload could not be handled');
      return;
    }
    if (incoming === undefined) return;
    // stopped while this request was read: not acknowledged as if recorded
    if (onIncoming === undefined) throw new NotTakingWorkError();
    const { kind } = incoming;
    await onIncoming(incoming).catch((error: unknown) => {
      logger.error({ err: error, source, kind }, 'a Slack event could not be recorded: not acknowledged');
      throw error;
    });
  };

  // before the message listener: messages in the bot's DM threads (the assistant pane) go to the Assistant
  app.assistant(paneAssistant(dispatch, options.paneLanguage, logger));
  app.command(/.*/, async ({ body, ack }) => {
    // Slack never sends a command again: one that could not be recorded is answered with a message to its user, in
    // the workspace default (no user's language is read for it), as is a click below
    const refused = await dispatch('command', () => commandToIncoming(body)).then(
      () => undefined,
      (error: unknown) => notTakenReply(error, translatorFor()),
    );
    await ack(refused);
  });
  app.event('app_mention', async ({ body, context }) => dispatch('app_mention', () => eventToIncoming(body, context.botUserId)));
  app.event('message', async ({ body, context }) => dispatch('message', () => eventToIncoming(body, context.botUserId)));
  app.event('app_home_opened', async ({ body }) => dispatch('app_home_opened', () => homeOpenedToIncoming(body)));
  app.action(/.*/, async ({ body, ack }) => {
    if (body.type === 'block_actions' && body.container?.type === 'view') options.onViewAction?.(body);
    const refused = await dispatch('block_actions', () => blockActionToIncoming(body)).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Slack never sends a click again: where it gave a response_url, the user is told privately to click again
    const responseUrl = 'response_url' in body && typeof body.response_url === 'string' ? body.response_url : undefined;
    if (refused !== undefined && responseUrl === undefined) throw refused;
    await ack();
    if (refused !== undefined && responseUrl !== undefined) tellClickNotTaken(responseUrl, refused, logger, translatorFor());
  });
  app.shortcut(/.*/, async ({ body, ack }) => {
    // the modal first: its trigger_id is good for 3 seconds, and the ack waits for this listener anyway
    await options.shortcuts?.open(body);
    await ack();
  });
  app.view(/.*/, async ({ body, view, ack }) => {
    if (view.callback_id === SHORTCUT_CALLBACK_ID && options.shortcuts) {
      const verdict = await options.shortcuts.submitted(body);
      if (verdict && 'errors' in verdict) return ack({ response_action: 'errors', errors: verdict.errors });
      if (verdict) await dispatch('shortcut', () => verdict.accept.incoming);
    }
    if (view.callback_id === FORM_CALLBACK_ID) {
      // a value that cannot be read (a patent number in no known form): the modal stays open saying why, nothing handed on
      const problems = viewSubmissionProblems(body);
      if (problems) {
        logger.info({ fields: Object.keys(problems) }, 'a form submission was refused in its modal');
        return ack({ response_action: 'errors', errors: problems });
      }
      await dispatch('view_submission', () => viewSubmissionToIncoming(body));
    }
    if (view.callback_id === HOME_START_CALLBACK_ID) await dispatch('home_start', () => homeStartToIncoming(body));
    await ack();
  });

  if (httpReceiver) {
    if (!options.server) throw new Error('the Slack adapter needs the HTTP server unless SLACK_APP_TOKEN (Socket Mode) is set');
    options.server.route(SLACK_EVENTS_PATH, (req: IncomingMessage, res: ServerResponse) => {
      if (req.method !== 'POST') return sendStatus(res, 405);
      readBody(req).then(
        (rawBody) => {
          if (isSslCheck(req, rawBody)) return sendStatus(res, 200);
          const verdict = guardSlackRequest(req, rawBody, options.signingSecret);
          if (!verdict.ok) {
            logger.debug({ reason: verdict.reason }, 'refused a request to /slack/events');
            return sendStatus(res, verdict.status);
          }
          // not started yet, or stopping: Slack sends an event again later, a command is answered (never sent again)
          if (onIncoming === undefined) {
            if (isSlashCommand(req, rawBody)) return sendCommandReply(res, notTakenReply(new NotTakingWorkError(), translatorFor()));
            return sendStatus(res, 503);
          }
          // Bolt reads a pre-buffered body from `rawBody` instead of the consumed stream
          Object.assign(req, { rawBody });
          httpReceiver.requestListener(req, res);
        },
        (error: unknown) => {
          res.setHeader('connection', 'close');
          sendStatus(res, error instanceof BodyTooLargeError ? 413 : 400);
        },
      );
    });
    if (options.oauth) mountInstallRoutes(options.server, httpReceiver, () => onIncoming !== undefined);
  }
  const installer = httpReceiver?.installer;
  if (installer) serializeAuthorize(installer);
  const tokenFor: TokenFor = installer && installations ? installedTokenFor(installer, installations) : async () => options.botToken as string;

  return {
    tokenFor,
    async start(handler) {
      await app.init();
      onIncoming = handler;
      try {
        if (socketMode) await app.start();
      } catch (error) {
        onIncoming = undefined;
        throw error;
      }
    },
    async stop() {
      onIncoming = undefined;
      if (socketMode) await app.stop();
    },
  };
}
