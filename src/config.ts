/** Environment → validated configuration, with one clear error per bad variable. */
import { z } from 'zod';

const optionalText = z.string().trim().min(1).optional().catch(undefined);
const intWithDefault = (fallback: number, min = 0) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number ≥ ${min}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const pathOverrides = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return {};
    try {
      const parsed: unknown = JSON.parse(v);
      return z.record(z.string(), z.string().startsWith('/')).parse(parsed);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of operation id to path, e.g. {"AI35-1":"/ai/novelty-search/submit"}' });
      return z.NEVER;
    }
  });

/** A comma-separated list: entries trimmed, empty ones dropped; unset or empty gives undefined. */
const idList = z
  .string()
  .optional()
  .transform((v) => {
    const ids = (v ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    return ids.length > 0 ? ids : undefined;
  });

/** TEAMS_SERVICE_URLS: http(s) URL prefixes, a `*.` wildcard allowed as the host's first label; no user, query or fragment. */
const serviceUrlList = idList.transform((urls, ctx) => {
  for (const [i, url] of (urls ?? []).entries()) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password || parsed.search || parsed.hash) {
      ctx.addIssue({
        code: 'custom',
        message: `entry ${i + 1} is not an http(s) URL prefix such as https://smba.trafficmanager.net/ (no user, query or fragment)`,
      });
      return z.NEVER;
    }
  }
  return urls;
});

/** The hosts on which unauthenticated Teams (TEAMS_ALLOW_UNAUTHENTICATED) may listen. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

const EnvSchema = z.object({
  IIP_API_KEY: optionalText,
  IIP_BASE_URL: z.url({ message: 'must be a URL such as https://connect.patsnap.com' }).default('https://connect.patsnap.com'),
  IIP_AUTH_MODE: z.enum(['bearer', 'query']).default('bearer'),
  IIP_LANG: z.enum(['en', 'cn']).default('en'),
  IIP_PATHS: pathOverrides,
  IIP_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  SLACK_BOT_TOKEN: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText,
  SLACK_API_URL: z.url().optional(),
  MicrosoftAppId: optionalText,
  MicrosoftAppPassword: optionalText,
  MicrosoftAppType: z.enum(['MultiTenant', 'SingleTenant', 'UserAssignedMSI']).default('MultiTenant'),
  MicrosoftAppTenantId: optionalText,
  TEAMS_ALLOW_UNAUTHENTICATED: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  TEAMS_SERVICE_URLS: serviceUrlList,
  ALLOWED_SLACK_TEAMS: idList,
  ALLOWED_TEAMS_TENANTS: idList,
  PORT: intWithDefault(3000),
  HOST: z.string().default('0.0.0.0'),
  HTTP_HEADERS_TIMEOUT_MS: intWithDefault(10_000, 100),
  HTTP_REQUEST_TIMEOUT_MS: intWithDefault(30_000, 100),
  HTTP_MAX_CONNECTIONS: intWithDefault(1_000, 1),
  PUBLIC_URL: z.url({ message: "must be the bot's public base URL, e.g. https://iip-bot.example.com" }).optional(),
  STATE_FILE: z.string().default('./data/state.json'),
  STATE_RETENTION_DAYS: intWithDefault(30, 1),
  REDIS_URL: optionalText,
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('iip:'),
  WAIT_LEASE_MS: intWithDefault(15_000, 300),
  LIMIT_ANSWERS_PER_USER: intWithDefault(3),
  LIMIT_ANSWERS_PER_WORKSPACE: intWithDefault(30),
  LIMIT_WORKFLOWS_PER_USER: intWithDefault(5),
  LIMIT_WORKFLOWS_PER_WORKSPACE: intWithDefault(50),
  LIMIT_WORKFLOW_IDLE_MS: intWithDefault(900_000, 1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RELAY_MIN_EDIT_INTERVAL_MS: intWithDefault(1000),
  RELAY_WORKSPACE_EDITS_PER_MINUTE: intWithDefault(45, 1),
  SIMULATOR_TASK_MS: intWithDefault(3000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  platform: { apiKey?: string; baseUrl: string; authMode: 'bearer' | 'query'; lang: 'en' | 'cn'; pathOverrides: Record<string, string> };
  slack?: { botToken: string; signingSecret: string; appToken?: string; apiUrl?: string };
  /** `serviceUrls`: the service URL prefixes activities may name (TEAMS_SERVICE_URLS); default Bot Framework's hosts */
  teams?: { appId?: string; appPassword?: string; appType: string; tenantId?: string; allowUnauthenticated: boolean; serviceUrls?: string[] };
  /** the Slack teams and Teams tenants that may use the bot; undefined: every one */
  access: { slackTeams?: string[]; teamsTenants?: string[] };
  /** `publicUrl`: where the platform reaches the bot's HTTP server (files it serves for a moment) */
  http: { port: number; host: string; publicUrl?: string; headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number };
  state: { file: string; redisUrl?: string; retentionMs: number; keyPrefix: string; waitLeaseMs: number };
  relay: { minEditIntervalMs: number; workspaceEditsPerMinute: number };
  /** concurrent answers and workflows per user and per workspace (0: no limit); how long an idle workflow still counts */
  limits: { answersPerUser: number; answersPerWorkspace: number; workflowsPerUser: number; workflowsPerWorkspace: number; workflowIdleMs: number };
  simulatorTaskMs: number;
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
  if (!parsed.success) {
    // values are never echoed: a misplaced secret must not end up in the terminal or a log
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message.replace(/, got ".*"$/, '')}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.SLACK_BOT_TOKEN && !e.SLACK_SIGNING_SECRET && !e.SLACK_APP_TOKEN) {
    problems.push('SLACK_SIGNING_SECRET: required with SLACK_BOT_TOKEN (or set SLACK_APP_TOKEN for Socket Mode)');
  }
  if (!e.SLACK_BOT_TOKEN && (e.SLACK_SIGNING_SECRET || e.SLACK_APP_TOKEN))
    problems.push('SLACK_BOT_TOKEN: required when other SLACK_ variables are set');
  if (e.IIP_API_KEY && !e.IIP_API_KEY.startsWith('sk-')) problems.push('IIP_API_KEY: platform keys start with "sk-"');
  if (e.TEAMS_ALLOW_UNAUTHENTICATED) {
    // an unauthenticated /api/messages lets anyone post as any user and tenant: only for a local bot with nothing to lose
    const credentials = (
      ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN', 'IIP_API_KEY', 'MicrosoftAppId', 'MicrosoftAppPassword'] as const
    ).filter((name) => e[name] !== undefined);
    const found = [...(LOOPBACK_HOSTS.includes(e.HOST.trim()) ? [] : [`HOST=${e.HOST}`]), ...credentials];
    if (found.length > 0) {
      problems.push(
        `TEAMS_ALLOW_UNAUTHENTICATED: allowed only with HOST on loopback (${LOOPBACK_HOSTS.join(', ')}) and no SLACK_*, IIP_API_KEY or MicrosoftApp* credentials; found ${found.join(', ')}`,
      );
    }
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    platform: { apiKey: e.IIP_API_KEY, baseUrl: e.IIP_BASE_URL, authMode: e.IIP_AUTH_MODE, lang: e.IIP_LANG, pathOverrides: e.IIP_PATHS },
    slack: e.SLACK_BOT_TOKEN
      ? { botToken: e.SLACK_BOT_TOKEN, signingSecret: e.SLACK_SIGNING_SECRET ?? '', appToken: e.SLACK_APP_TOKEN, apiUrl: e.SLACK_API_URL }
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
    },
    state: {
      file: e.STATE_FILE,
      redisUrl: e.REDIS_URL,
      retentionMs: e.STATE_RETENTION_DAYS * 86_400_000,
      keyPrefix: e.REDIS_KEY_PREFIX,
      waitLeaseMs: e.WAIT_LEASE_MS,
    },
    relay: { minEditIntervalMs: e.RELAY_MIN_EDIT_INTERVAL_MS, workspaceEditsPerMinute: e.RELAY_WORKSPACE_EDITS_PER_MINUTE },
    limits: {
      answersPerUser: e.LIMIT_ANSWERS_PER_USER,
      answersPerWorkspace: e.LIMIT_ANSWERS_PER_WORKSPACE,
      workflowsPerUser: e.LIMIT_WORKFLOWS_PER_USER,
      workflowsPerWorkspace: e.LIMIT_WORKFLOWS_PER_WORKSPACE,
      workflowIdleMs: e.LIMIT_WORKFLOW_IDLE_MS,
    },
    simulatorTaskMs: e.SIMULATOR_TASK_MS,
    secret: e.IIP_SECRET,
    logLevel: e.LOG_LEVEL,
  };
}

/** The variables `--help` and the README list, with what each does. */
export const ENV_HELP: ReadonlyArray<[string, string]> = [
  ['IIP_API_KEY', 'platform API key (sk-...); without it the built-in simulator is used'],
  ['IIP_BASE_URL', 'platform gateway (default https://connect.patsnap.com)'],
  ['IIP_AUTH_MODE', 'bearer (default) or query (?apikey=)'],
  ['IIP_LANG', 'en (default) or cn: language of workflow results'],
  ['IIP_PATHS', 'JSON map overriding operation paths, e.g. {"AI35-1":"/ai/novelty-search/submit"}'],
  ['IIP_SECRET', 'encrypts workspace API keys set with `key` (AES-256-GCM); at least 16 characters'],
  ['SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET', 'run the Slack adapter (HTTP at /slack/events)'],
  ['SLACK_APP_TOKEN', 'use Slack Socket Mode instead of HTTP'],
  ['SLACK_API_URL', 'Slack Web API base override (gov instance, tests)'],
  ['MicrosoftAppId, MicrosoftAppPassword, MicrosoftAppType, MicrosoftAppTenantId', 'run the Teams adapter at /api/messages'],
  [
    'TEAMS_ALLOW_UNAUTHENTICATED',
    '1: serve /api/messages unauthenticated for the Bot Framework Emulator (only with HOST on loopback and no Slack, Teams or platform credentials)',
  ],
  ['TEAMS_SERVICE_URLS', "comma-separated service URL prefixes Teams activities may name (default: Microsoft's Bot Framework hosts)"],
  ['ALLOWED_SLACK_TEAMS, ALLOWED_TEAMS_TENANTS', 'comma-separated Slack team ids / Teams tenant ids that may use the bot (default: every one)'],
  ['PORT, HOST', "the bot's HTTP server (default 3000, 0.0.0.0)"],
  ['HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS', 'time a client has to send its headers (default 10000) and its whole request (default 30000)'],
  ['HTTP_MAX_CONNECTIONS', 'open connections the HTTP server accepts at once (default 1000)'],
  ['PUBLIC_URL', "the bot's public base URL: an image uploaded to a thread is served from it to the platform for `design`"],
  ['STATE_FILE', 'lowdb state file (default ./data/state.json)'],
  ['STATE_RETENTION_DAYS', 'days a finished thread is kept (default 30)'],
  ['REDIS_URL', 'keep state in Redis instead (several replicas)'],
  ['REDIS_KEY_PREFIX', 'prefix of every Redis key the bot writes (default iip:), to share one Redis between bots'],
  ['WAIT_LEASE_MS', 'how long a workflow wait held by a replica that died stays unclaimed before another takes it over (default 15000)'],
  [
    'LIMIT_ANSWERS_PER_USER, LIMIT_ANSWERS_PER_WORKSPACE',
    'answers being written at once per user (default 3) and per workspace (default 30); 0: no limit',
  ],
  [
    'LIMIT_WORKFLOWS_PER_USER, LIMIT_WORKFLOWS_PER_WORKSPACE',
    'workflows running at once per user (default 5) and per workspace (default 50); 0: no limit',
  ],
  [
    'LIMIT_WORKFLOW_IDLE_MS',
    'how long a workflow waiting for its user still counts as running after its last platform work (default 900000: 15 minutes)',
  ],
  ['LOG_LEVEL', 'fatal|error|warn|info|debug|trace|silent (default info)'],
  ['RELAY_MIN_EDIT_INTERVAL_MS', 'minimum time between two edits of a streamed message (default 1000)'],
  ['RELAY_WORKSPACE_EDITS_PER_MINUTE', "edit budget shared by a workspace's streams (default 45)"],
  ['SIMULATOR_TASK_MS', 'simulated duration of each platform task step in local mode (default 3000)'],
];
