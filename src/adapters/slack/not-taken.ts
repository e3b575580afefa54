/**
 * What a user sees when their slash command could not be recorded (the state store refused the write). Slack
 * redelivers Events API events that are not acknowledged, but never a slash command: a 500 would only show
 * "failed with the error http_service_error" and lose the command. The command is acknowledged instead, with
 * this private answer as the HTTP response body (Slack shows it to the user alone), saying to run it again.
 */
import { t } from '../../i18n/index.js';

export interface CommandReply {
  response_type: 'ephemeral';
  text: string;
}

export function notTakenReply(): CommandReply {
  return { response_type: 'ephemeral', text: t('slack:notTaken') };
}
