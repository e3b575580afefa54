/** What the Teams adapter is configured with (credentials, the HTTP server, endpoints, service URLs, verbs, admins) and its limits. */
import type { UserLanguageOf } from '../../core/language.js';
import type { FileShelf } from '../../core/services.js';
import type { HttpServer } from '../../http/server.js';
import type { Logger } from '../../log.js';
import type { BotFrameworkEndpoints } from '../../lib/bot-framework-clouds.js';
import type { KeptValues } from './reference-keeping.js';

export interface TeamsAdapterOptions {
  /** MicrosoftAppId; without it the endpoint is mounted only when `allowUnauthenticated` is set */
  appId?: string;
  /** MicrosoftAppPassword */
  appPassword?: string;
  /** MicrosoftAppType: MultiTenant (default), SingleTenant or UserAssignedMSI */
  appType?: string;
  /** MicrosoftAppTenantId (single-tenant apps) */
  tenantId?: string;
  server: HttpServer;
  logger: Logger;
  /**
   * local development with the Bot Framework Emulator: serve `/api/messages` without authentication (only without
   * an app id; the config allows it only on a loopback host without credentials), logged as a warning
   */
  allowUnauthenticated?: boolean;
  /**
   * the Bot Framework endpoints by botbuilder's names (ToChannelFromBotLoginUrl, ...): a cloud's (TEAMS_CLOUD), what
   * the operator set by name, or a local authority in tests; what is not given is the public cloud's
   */
  botFramework?: Partial<BotFrameworkEndpoints>;
  /**
   * where proactive sends go before any activity named the tenant's service URL; default Teams' global endpoint.
   * Without `serviceUrls`, also the one service URL activities may name (a local fake connector in tests).
   */
  serviceUrl?: string;
  /** URL prefixes of Teams' service URLs (TEAMS_SERVICE_URLS); default Teams' hosts in every cloud (./service-urls.ts) */
  serviceUrls?: readonly string[];
  /**
   * the one tenant Web Chat and Direct Line activities are taken for (TEAMS_WEBCHAT_TENANT); unset, they are refused:
   * those clients write their tenant and user ids themselves (./channel-trust.ts)
   */
  webChatTenant?: string;
  /** URL prefixes of the Web Chat and Direct Line service URLs; default the Bot Framework's (./service-urls.ts) */
  webChatServiceUrls?: readonly string[];
  /** the operator's privacy statement and terms of use, served at /privacy and /terms (./legal-pages.ts) */
  privacyFile?: string;
  termsFile?: string;
  /** the bot's verbs: in a chat, a message starting with one starts a new thread (./chat-threads.ts) */
  verbs?: readonly string[];
  /** the language the bot speaks to a user (their `/iip lang` choice, else the locale given), for the message action's dialog */
  userLanguage?: UserLanguageOf;
  /** where conversation references outlive a restart (the state store's settings, wired by bot.ts) */
  keep?: KeptValues;
  /** Azure AD object ids of the users who administer the bot's workspace settings (TEAMS_ADMIN_IDS) */
  adminIds?: readonly string[];
  /** the bot's file shelf (PUBLIC_URL): documents wait there for consent (1:1 chats) or are linked (elsewhere) */
  files?: FileShelf;
}

/** Characters of markdown per message: the card stays well under Teams' ~100 KB, CJK text and card JSON included. */
export const TEAMS_MAX_MESSAGE_CHARS = 28_000;

/**
 * What the bot sends into one conversation, its answers, steps, forms and notes together (the outbox's gate):
 * below Teams' per-bot, per-conversation limits (7 a second, 8 in two seconds, 60 in thirty, 1,800 an hour),
 * leaving room for another replica's messages there.
 */
export const TEAMS_CONVERSATION_RATE = [
  { max: 6, windowMs: 1_000 },
  { max: 7, windowMs: 2_000 },
  { max: 50, windowMs: 30_000 },
  { max: 1_600, windowMs: 3_600_000 },
] as const;
