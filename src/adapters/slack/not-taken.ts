/**
 * What a user sees when their slash command could not be taken: the state store refused the write, or the bot is
 * starting or stopping. Slack redelivers Events API events that are not acknowledged, but never a slash command:
 * a 500 or a 503 would only show Slack's own error and lose the command. The command is acknowledged instead,
 * with a private answer as the HTTP response body (Slack shows it to the user alone), saying to run it again.
 * A click is acknowledged too and its user told through the click's response_url (Slack reads no answer body).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Translate } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { postToResponseUrl } from './command-scope.js';

export interface CommandReply {
  response_type: 'ephemeral';
  text: string;
}

/** Thrown to a listener when the bot takes no work (not started yet, or stopping). */
export class NotTakingWorkError extends Error {
  constructor() {
    super('the bot is not taking work (starting or stopping)');
    this.name = 'NotTakingWorkError';
  }
}

export function notTakenReply(reason: unknown, t: Translate): CommandReply {
  return { response_type: 'ephemeral', text: reason instanceof NotTakingWorkError ? t('slack:restarting') : t('slack:notTaken') };
}

/** Whether a (signed) request to /slack/events is a slash command: a form with `command` and no `payload`. */
export function isSlashCommand(req: IncomingMessage, rawBody: Buffer): boolean {
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return false;
  const form = new URLSearchParams(rawBody.toString('utf8'));
  return form.has('command') && !form.has('payload');
}

export function sendCommandReply(res: ServerResponse, reply: CommandReply): void {
  const text = JSON.stringify(reply);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Tells the user of a click that could not be taken, privately, to click again; not awaited by the ack. */
export function tellClickNotTaken(responseUrl: string, reason: unknown, logger: Logger, t: Translate): void {
  const text = reason instanceof NotTakingWorkError ? t('slack:clickRestarting') : t('slack:clickNotTaken');
  postToResponseUrl(responseUrl, { text }).catch((failure: unknown) =>
    logger.warn({ err: failure }, 'a click that could not be taken: its user could not be told'),
  );
}
