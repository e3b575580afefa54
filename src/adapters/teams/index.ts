/** The Teams adapter's public surface. */
export { createTeamsAdapter, TEAMS_MAX_MESSAGE_CHARS, type TeamsAdapterOptions } from './adapter.js';
export { TEAMS_MESSAGES_PATH } from './bot-app.js';
export type { KeptValues } from './reference-keeping.js';
export { TeamsApiError } from './errors.js';
export { renderMessage, type RenderOptions } from './render/message.js';
export { renderForm } from './render/form.js';
export { TEAMS_LIMITS, TeamsRenderError, type AdaptiveCard, type TeamsMessage } from './render/limits.js';
