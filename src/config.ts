/** Environment → validated configuration; every bad variable is reported at once, one clear line each. */
import { z } from 'zod';
import { describeIssue, withoutRefused } from './config-problems.js';
import { idList, intWithDefault, optionalText, pathOverrides, serviceUrlList } from './config-fields.js';
import { KEY_SHAPE } from './lib/api-key.js';
import { clusterKeyPrefix, type RedisConnection } from './lib/redis-connection.js';
import { REDIS_ENV_FIELDS, redisConnection, redisProblems } from './config-redis.js';
import { TEAMS_ENV_FIELDS, type TeamsDeployment, teamsDeployment, teamsProblems } from './config-teams.js';
import { GATEWAY_ENV_FIELDS, type GatewayConfig, gatewayConfig } from './config-gateway.js';

/** The hosts on which unauthenticated Teams (TEAMS_ALLOW_UNAUTHENTICATED) may listen. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

const EnvSchema = z.object({
  IIP_API_KEY: optionalText,
  IIP_BASE_URL: z.url({ message: 'must be a URL such as https://connect.patsnap.com' }).default('https://connect.patsnap.com'),
  IIP_AUTH_MODE: z.enum(['bearer', 'query']).default('bearer'),
  // zh and cn both mean Chinese; the platform spells it cn
  IIP_LANG: z
    .enum(['en', 'cn', 'zh'])
    .default('en')
    .transform((v): 'en' | 'cn' => (v === 'zh' ? 'cn' : v)),
  IIP_PATHS: pathOverrides,
  // who may confirm a workflow's steps (its buttons, forms, a typed `cancel`) when the starter did not say
  IIP_CONFIRMERS: z
    .enum(['starter', 'anyone'], { message: 'must be starter (only the user who started a workflow) or anyone (anyone in the channel)' })
    .default('starter'),
  IIP_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  SLACK_BOT_TOKEN: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText,
  SLACK_API_URL: z.url().optional(),
  SLACK_APPEND_INTERVAL_MS: intWithDefault(250, 50),
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalText,
  SLACK_STATE_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  MicrosoftAppId: optionalText,
  MicrosoftAppPassword: optionalText,
  MicrosoftAppType: z.enum(['MultiTenant', 'SingleTenant', 'UserAssignedMSI']).default('MultiTenant'),
  MicrosoftAppTenantId: optionalText,
  TEAMS_ALLOW_UNAUTHENTICATED: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  TEAMS_SERVICE_URLS: serviceUrlList,
  TEAMS_ADMIN_IDS: idList,
  ...TEAMS_ENV_FIELDS,
  ALLOWED_SLACK_TEAMS: idList,
  ALLOWED_TEAMS_TENANTS: idList,
  PORT: intWithDefault(3000),
  HOST: z.string().default('0.0.0.0'),
  HTTP_HEADERS_TIMEOUT_MS: intWithDefault(10_000, 100),
  HTTP_REQUEST_TIMEOUT_MS: intWithDefault(30_000, 100),
  HTTP_MAX_CONNECTIONS: intWithDefault(1_000, 1),
  HTTP_IDLE_TIMEOUT_MS: intWithDefault(5_000, 100),
  HTTP_MAX_IDLE_CONNECTIONS: intWithDefault(200, 1),
  METRICS_PORT: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 0 && n <= 65_535) return n;
      ctx.addIssue({ code: 'custom', message: `must be a port number 0-65535, got "${v}"` });
      return z.NEVER;
    }),
  METRICS_TOKEN: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
  PUBLIC_URL: z.url({ message: "must be the bot's public base URL, e.g. https://iip-bot.example.com" }).optional(),
  STATE_FILE: z.string().default('./data/state.json'),
  STATE_RETENTION_DAYS: intWithDefault(30, 1),
  REDIS_URL: optionalText,
  ...REDIS_ENV_FIELDS,
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('iip:'),
  WAIT_LEASE_MS: intWithDefault(15_000, 300),
  LIMIT_ANSWERS_PER_USER: intWithDefault(3),
  LIMIT_ANSWERS_PER_WORKSPACE: intWithDefault(30),
  LIMIT_WORKFLOWS_PER_USER: intWithDefault(5),
  LIMIT_WORKFLOWS_PER_WORKSPACE: intWithDefault(50),
  LIMIT_WORKFLOW_IDLE_MS: intWithDefault(900_000, 1_000),
  LIMIT_ANSWER_QUEUE_PER_WORKSPACE: intWithDefault(100),
  LIMIT_ANSWER_QUEUE_WAIT_MS: intWithDefault(300_000, 1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RELAY_MIN_EDIT_INTERVAL_MS: intWithDefault(1000),
  RELAY_WORKSPACE_EDITS_PER_MINUTE: intWithDefault(45, 1),
  SIMULATOR_TASK_MS: intWithDefault(3000),
  ...GATEWAY_ENV_FIELDS,
});

export type Env = z.infer<typeof EnvSchema>;

/** Multi-workspace mode: the app's OAuth credentials and the secret that signs the install flow's state parameter. */
export interface SlackOAuthConfig {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
}

const SLACK_OAUTH_VARIABLES = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;

export interface Config {
  platform: { apiKey?: string; baseUrl: string; authMode: 'bearer' | 'query'; lang: 'en' | 'cn'; pathOverrides: Record<string, string> };
  /** `confirmers` (IIP_CONFIRMERS): who may confirm a workflow's steps; `anyone` as if every workflow had --let-others-confirm */
  workflows: { confirmers: 'starter' | 'anyone' };
  /** `botToken` for one workspace, or `oauth` for installs into many (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET) */
  slack?: {
    botToken?: string;
    signingSecret: string;
    appToken?: string;
    apiUrl?: string;
    oauth?: SlackOAuthConfig;
    /** SLACK_APPEND_INTERVAL_MS: the least time between two appends to one streamed answer */
    appendIntervalMs: number;
  };
  /** `serviceUrls`: the service URL prefixes activities may name (TEAMS_SERVICE_URLS); default Bot Framework's hosts */
  /** `adminIds`: the AAD object ids of the users who may run `key` (TEAMS_ADMIN_IDS) */
  teams?: TeamsDeployment & {
    appId?: string;
    appPassword?: string;
    appType: string;
    tenantId?: string;
    allowUnauthenticated: boolean;
    serviceUrls?: string[];
    adminIds?: string[];
  };
  /** the Slack teams and Teams tenants that may use the bot; undefined: every one */
  access: { slackTeams?: string[]; teamsTenants?: string[] };
  /** `publicUrl`: where the platform reaches the bot's HTTP server (files it serves for a moment) */
  http: {
    port: number;
    host: string;
    publicUrl?: string;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    maxConnections: number;
    idleTimeoutMs: number;
    maxIdleConnections: number;
  };
  /** `/metrics`: on its own port when `port` is set (METRICS_PORT), else on the bot's HTTP server; `token` (METRICS_TOKEN) guards it */
  metrics: { port?: number; token?: string };
  /** `redis`: REDIS_URL, or a master found through Sentinel (config-redis.ts); absent: lowdb files */
  state: { file: string; redis?: RedisConnection; retentionMs: number; keyPrefix: string; waitLeaseMs: number };
  relay: { minEditIntervalMs: number; workspaceEditsPerMinute: number };
  /**
   * concurrent answers and workflows per user and per workspace (0: no limit); how long an idle workflow still
   * counts; how many answers wait past the workspace's limit (0: refused instead), and how long at most
   */
  limits: {
    answersPerUser: number;
    answersPerWorkspace: number;
    workflowsPerUser: number;
    workflowsPerWorkspace: number;
    workflowIdleMs: number;
    answerQueuePerWorkspace: number;
    answerQueueWaitMs: number;
  };
  simulatorTaskMs: number;
  /** what the bot reads from the gateway and waits for, and how much of one chat answer it posts (config-gateway.ts) */
  gateway: GatewayConfig;
  /** encrypts workspace API keys at rest; without it `/iip key` is off */
  secret?: string;
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  // values are never echoed: a misplaced secret must not end up in the terminal or a log
  const problems = parsed.success ? [] : parsed.error.issues.map(describeIssue);
  // the variables that read well are still checked against each other, so one run lists every problem
  const readable = parsed.success ? parsed : EnvSchema.safeParse(withoutRefused(env, parsed.error.issues));
  if (!readable.success) throw new ConfigError(problems);
  const e = readable.data;
  const oauthSet = SLACK_OAUTH_VARIABLES.filter((name) => e[name] !== undefined);
  const oauth = oauthSet.length > 0;
  if (oauth) {
    for (const name of SLACK_OAUTH_VARIABLES)
      if (e[name] === undefined) problems.push(`${name}: required with ${oauthSet.join(', ')} (OAuth installs)`);
    if (e.SLACK_BOT_TOKEN) problems.push('SLACK_BOT_TOKEN: leave it unset with SLACK_CLIENT_ID (OAuth installs bring a token per workspace)');
    if (!e.SLACK_SIGNING_SECRET) problems.push('SLACK_SIGNING_SECRET: required with SLACK_CLIENT_ID (OAuth installs)');
    if (e.SLACK_APP_TOKEN)
      problems.push('SLACK_APP_TOKEN: OAuth installs need the HTTP endpoints (/slack/install); unset it, or use SLACK_BOT_TOKEN');
    if (!e.IIP_SECRET) problems.push("IIP_SECRET: required with SLACK_CLIENT_ID (installed workspaces' tokens are sealed with it)");
  }
  if (e.SLACK_BOT_TOKEN && !e.SLACK_SIGNING_SECRET && !e.SLACK_APP_TOKEN) {
    problems.push('SLACK_SIGNING_SECRET: required with SLACK_BOT_TOKEN (or set SLACK_APP_TOKEN for Socket Mode)');
  }
  if (!oauth && !e.SLACK_BOT_TOKEN && (e.SLACK_SIGNING_SECRET || e.SLACK_APP_TOKEN))
    problems.push('SLACK_BOT_TOKEN: required when other SLACK_ variables are set (or SLACK_CLIENT_ID for OAuth installs)');
  if (e.IIP_API_KEY && !e.IIP_API_KEY.startsWith('sk-')) problems.push('IIP_API_KEY: platform keys start with "sk-"');
  else if (e.IIP_API_KEY && !KEY_SHAPE.test(e.IIP_API_KEY))
    problems.push('IIP_API_KEY: a platform key is "sk-" and 6 to 200 letters, digits, "_", "." or "-"');
  if (e.TEAMS_ALLOW_UNAUTHENTICATED) {
    // an unauthenticated /api/messages lets anyone post as any user and tenant: only for a local bot with nothing to lose
    const credentials = (
      [
        'SLACK_BOT_TOKEN',
        'SLACK_SIGNING_SECRET',
        'SLACK_APP_TOKEN',
        'SLACK_CLIENT_SECRET',
        'IIP_API_KEY',
        'MicrosoftAppId',
        'MicrosoftAppPassword',
      ] as const
    ).filter((name) => e[name] !== undefined);
    const found = [...(LOOPBACK_HOSTS.includes(e.HOST.trim()) ? [] : [`HOST=${e.HOST}`]), ...credentials];
    if (found.length > 0) {
      problems.push(
        `TEAMS_ALLOW_UNAUTHENTICATED: allowed only with HOST on loopback (${LOOPBACK_HOSTS.join(', ')}) and no SLACK_*, IIP_API_KEY or MicrosoftApp* credentials; found ${found.join(', ')}`,
      );
    }
  }
  problems.push(...teamsProblems(e));
  problems.push(...redisProblems(e));
  if (problems.length) throw new ConfigError(problems);
  const redis = redisConnection(e);

  return {
    platform: { apiKey: e.IIP_API_KEY, baseUrl: e.IIP_BASE_URL, authMode: e.IIP_AUTH_MODE, lang: e.IIP_LANG, pathOverrides: e.IIP_PATHS },
    workflows: { confirmers: e.IIP_CONFIRMERS },
    slack: e.SLACK_BOT_TOKEN
      ? {
          botToken: e.SLACK_BOT_TOKEN,
          signingSecret: e.SLACK_SIGNING_SECRET ?? '',
          appToken: e.SLACK_APP_TOKEN,
          apiUrl: e.SLACK_API_URL,
          appendIntervalMs: e.SLACK_APPEND_INTERVAL_MS,
        }
      : oauth
        ? {
            signingSecret: e.SLACK_SIGNING_SECRET ?? '',
            apiUrl: e.SLACK_API_URL,
            appendIntervalMs: e.SLACK_APPEND_INTERVAL_MS,
            oauth: { clientId: e.SLACK_CLIENT_ID ?? '', clientSecret: e.SLACK_CLIENT_SECRET ?? '', stateSecret: e.SLACK_STATE_SECRET ?? '' },
          }
        : undefined,
    teams:
      e.MicrosoftAppId || e.TEAMS_ALLOW_UNAUTHENTICATED
        ? {
            appId: e.MicrosoftAppId,
            appPassword: e.MicrosoftAppPassword,
            appType: e.MicrosoftAppType,
            tenantId: e.MicrosoftAppTenantId,
            allowUnauthenticated: !e.MicrosoftAppId && e.TEAMS_ALLOW_UNAUTHENTICATED,
            ...(e.TEAMS_SERVICE_URLS ? { serviceUrls: e.TEAMS_SERVICE_URLS } : {}),
            ...(e.TEAMS_ADMIN_IDS ? { adminIds: e.TEAMS_ADMIN_IDS } : {}),
            ...teamsDeployment(e),
          }
        : undefined,
    access: {
      ...(e.ALLOWED_SLACK_TEAMS ? { slackTeams: e.ALLOWED_SLACK_TEAMS } : {}),
      ...(e.ALLOWED_TEAMS_TENANTS ? { teamsTenants: e.ALLOWED_TEAMS_TENANTS } : {}),
    },
    http: {
      port: e.PORT,
      host: e.HOST,
      ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}),
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxIdleConnections: e.HTTP_MAX_IDLE_CONNECTIONS,
    },
    metrics: {
      ...(e.METRICS_PORT === undefined ? {} : { port: e.METRICS_PORT }),
      ...(e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : {}),
    },
    state: {
      file: e.STATE_FILE,
      ...(redis ? { redis } : {}),
      retentionMs: e.STATE_RETENTION_DAYS * 86_400_000,
      keyPrefix: redis?.cluster ? clusterKeyPrefix(e.REDIS_KEY_PREFIX) : e.REDIS_KEY_PREFIX,
      waitLeaseMs: e.WAIT_LEASE_MS,
    },
    relay: { minEditIntervalMs: e.RELAY_MIN_EDIT_INTERVAL_MS, workspaceEditsPerMinute: e.RELAY_WORKSPACE_EDITS_PER_MINUTE },
    limits: {
      answersPerUser: e.LIMIT_ANSWERS_PER_USER,
      answersPerWorkspace: e.LIMIT_ANSWERS_PER_WORKSPACE,
      workflowsPerUser: e.LIMIT_WORKFLOWS_PER_USER,
      workflowsPerWorkspace: e.LIMIT_WORKFLOWS_PER_WORKSPACE,
      workflowIdleMs: e.LIMIT_WORKFLOW_IDLE_MS,
      answerQueuePerWorkspace: e.LIMIT_ANSWER_QUEUE_PER_WORKSPACE,
      answerQueueWaitMs: e.LIMIT_ANSWER_QUEUE_WAIT_MS,
    },
    simulatorTaskMs: e.SIMULATOR_TASK_MS,
    gateway: gatewayConfig(e),
    secret: e.IIP_SECRET,
    logLevel: e.LOG_LEVEL,
  };
}
