/** The Slack adapter's public surface. */
export { createSlackAdapter, SLACK_MAX_MESSAGE_CHARS, type SlackAdapterOptions } from './adapter.js';
export { SLACK_EVENTS_PATH } from './bolt-app.js';
export { SlackApiError } from './errors.js';
export { renderMessage } from './render/message.js';
export { renderForm, FORM_CALLBACK_ID } from './render/form.js';
export { SLACK_LIMITS, SlackRenderError, type SlackMessage } from './render/limits.js';
