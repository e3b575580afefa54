/** What `--help` says: how the bot was started (for its usage line) and each environment variable. */
import { basename, dirname, join, relative } from 'node:path';

/**
 * The command that started this process, as a person would type it again: `npm start --`, `npm run start:prod --`,
 * `node dist/cli.js`, `npx tsx src/cli.ts`.
 */
export function startedAs(script: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const path = script ? relative(cwd, script) || script : 'src/cli.ts';
  const shown = path.startsWith('..') ? (script ?? path) : path;
  // an npm script only when it runs this file itself: a child of `npm test` or of `npx` inherits their variables too
  const npmScript = env.npm_lifecycle_event;
  if (npmScript && env.npm_lifecycle_script?.includes(shown)) return npmScript === 'start' ? 'npm start --' : `npm run ${npmScript} --`;
  return shown.endsWith('.ts') ? `npx tsx ${shown}` : `node ${shown}`;
}

/**
 * What running the composition root itself (`node dist/bot.js`) prints: it starts nothing, so it names the
 * command that does, the CLI beside it.
 */
export function notTheEntryPoint(script: string, cwd: string): string {
  const cli = startedAs(join(dirname(script), basename(script).replace(/^bot\./, 'cli.')), {}, cwd);
  return `${basename(script)} holds the bot's parts and starts nothing; start the bot with \`${cli}\` (\`${cli} --help\` lists the options).\n`;
}

/** The variables `--help` and docs/configuration.md list, with what each does. */
export const ENV_HELP: ReadonlyArray<[string, string]> = [
  ['IIP_API_KEY', 'platform API key (sk-...); without it the built-in simulator is used'],
  ['IIP_BASE_URL', 'platform gateway (default https://connect.patsnap.com)'],
  ['IIP_AUTH_MODE', 'bearer (default) or query (?apikey=)'],
  ['IIP_LANG', 'en (default), cn or zh: the language the bot speaks and asks workflow results in, where a user has not chosen one'],
  [
    'IIP_CONFIRMERS',
    'starter (default): only the user who started a workflow confirms its steps, unless they give --let-others-confirm; anyone: anyone in the channel',
  ],
  ['IIP_PATHS', 'JSON map overriding operation paths, e.g. {"AI35-1":"/ai/novelty-search/submit"}'],
  ['IIP_SECRET', 'encrypts workspace API keys set with `key` (AES-256-GCM); at least 16 characters'],
  ['SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET', 'run the Slack adapter (HTTP at /slack/events)'],
  ['SLACK_APP_TOKEN', 'use Slack Socket Mode instead of HTTP'],
  [
    'SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET',
    'install the Slack app into many workspaces over OAuth (/slack/install, /slack/oauth_redirect) instead of SLACK_BOT_TOKEN; tokens sealed with IIP_SECRET; the state secret (16+ characters) signs the install flow',
  ],
  ['SLACK_API_URL', 'Slack Web API base override (gov instance, tests)'],
  [
    'SLACK_APPEND_INTERVAL_MS',
    'least time between two appends to one streamed answer (default 250, at least 50); longer saves Slack calls and CPU, and shows text later',
  ],
  [
    'MicrosoftAppId, MicrosoftAppPassword, MicrosoftAppType, MicrosoftAppTenantId',
    'run the Teams adapter at /api/messages (MultiTenant default; SingleTenant and UserAssignedMSI need the tenant id; no password with UserAssignedMSI); docs/teams.md',
  ],
  ['TEAMS_CLOUD', "the Microsoft cloud's Bot Framework endpoints: public (default), gcc, gcc-high, dod, china"],
  [
    'ToChannelFromBotLoginUrl, ToChannelFromBotOAuthScope, ToBotFromChannelTokenIssuer, ToBotFromChannelOpenIdMetadataUrl, ToBotFromEmulatorOpenIdMetadataUrl, OAuthUrl, CallerId, ValidateAuthority',
    "botbuilder's own settings, each replacing TEAMS_CLOUD's value (the login URL whole, tenant included)",
  ],
  ['TEAMS_WEBCHAT_TENANT', 'serve Web Chat and Direct Line as this one Teams tenant (default: refused; their clients name their tenant themselves)'],
  ['TEAMS_PRIVACY_FILE, TEAMS_TERMS_FILE', 'the text served at /privacy and /terms (HTML for .html files; default a plain statement)'],
  [
    'TEAMS_ALLOW_UNAUTHENTICATED',
    '1: serve /api/messages unauthenticated for the Bot Framework Emulator (only with HOST on loopback and no Slack, Teams or platform credentials)',
  ],
  [
    'TEAMS_SERVICE_URLS',
    "comma-separated service URL prefixes Teams activities may name (default: Teams' hosts in the public and US government clouds)",
  ],
  ['TEAMS_ADMIN_IDS', 'comma-separated Azure AD object ids of the Teams users who may set the workspace API key (`key`); default none'],
  ['ALLOWED_SLACK_TEAMS, ALLOWED_TEAMS_TENANTS', 'comma-separated Slack team ids / Teams tenant ids that may use the bot (default: every one)'],
  ['PORT, HOST', "the bot's HTTP server (default 3000, 0.0.0.0)"],
  ['HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS', 'time a client has to send its headers (default 10000) and its whole request (default 30000)'],
  ['HTTP_MAX_CONNECTIONS', 'open connections the HTTP server accepts at once (default 1000)'],
  [
    'HTTP_IDLE_TIMEOUT_MS, HTTP_MAX_IDLE_CONNECTIONS',
    'a connection silent this long after it opens or after an answer is closed (default 5000); connections waiting for a request at once, the oldest closed first (default 200)',
  ],
  ['METRICS_PORT', "serve /metrics (Prometheus text format) on this port alone; unset: on the bot's HTTP server (PORT) when Slack or Teams runs"],
  ['METRICS_TOKEN', '/metrics answers only requests with Authorization: Bearer <this token>; at least 16 characters'],
  [
    'OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME',
    'export OpenTelemetry traces (one per event) over OTLP/HTTP to this collector, as service OTEL_SERVICE_NAME (default iip-bot); unset: no tracing',
  ],
  [
    'PUBLIC_URL',
    "the bot's public base URL: an image uploaded to a thread (in the terminal: an image file named) is served from it to the platform for `design`",
  ],
  ['STATE_FILE', 'lowdb state file (default ./data/state.json)'],
  ['STATE_RETENTION_DAYS', 'days a finished thread is kept (default 30)'],
  ['REDIS_URL', 'keep state in Redis instead (several replicas); rediss:// for TLS'],
  [
    'REDIS_SENTINELS, REDIS_SENTINEL_NAME',
    'instead of REDIS_URL: the Sentinels (host:port,host:port) to ask for the master named REDIS_SENTINEL_NAME; a failover is followed without a restart',
  ],
  [
    'REDIS_CLUSTER_NODES',
    'instead of REDIS_URL: a Redis Cluster, some of its nodes (host:port,host:port); every key of the bot goes in one hash slot',
  ],
  ['REDIS_USERNAME, REDIS_PASSWORD', "with REDIS_SENTINELS or REDIS_CLUSTER_NODES: the data nodes' user and password (REDIS_URL carries its own)"],
  ['REDIS_SENTINEL_USERNAME, REDIS_SENTINEL_PASSWORD, REDIS_SENTINEL_TLS', "the Sentinels' own user and password, and true when they speak TLS"],
  ['REDIS_TLS_CA_FILE, REDIS_TLS_CERT_FILE, REDIS_TLS_KEY_FILE', 'TLS to Redis: the CA bundle to trust (PEM), and a client certificate with its key'],
  ['REDIS_KEY_PREFIX', 'prefix of every Redis key the bot writes (default iip:), to share one Redis between bots'],
  ['WAIT_LEASE_MS', 'how long a workflow wait held by a replica that died stays unclaimed before another takes it over (default 15000)'],
  [
    'LIMIT_ANSWERS_PER_USER, LIMIT_ANSWERS_PER_WORKSPACE',
    'answers being written at once per user (default 3) and per workspace (default 30); 0: no limit',
  ],
  [
    'LIMIT_ANSWER_QUEUE_PER_WORKSPACE, LIMIT_ANSWER_QUEUE_WAIT_MS',
    'questions past the workspace limit wait in a queue, their place shown, up to this many (default 100; 0: refused instead) and this long (default 300000: 5 minutes)',
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
