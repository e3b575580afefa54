/**
 * The composition root: config → platform client (or the built-in simulator) → state store → router →
 * adapters, and an orderly stop. The command line that runs it is src/cli.ts.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notTheEntryPoint } from './config-help.js';
import { createLogger } from './log.js';
import type { ChatAdapter } from './core/adapter.js';
import type { HandlerContext } from './core/handler.js';
import { Messenger } from './core/messenger.js';
import { Router } from './core/router.js';
import type { BotOptions, RunningBot } from './running-bot.js';
import { PlatformClient } from './platform/client.js';
import { keepRetention } from './state/retention.js';
import { createHttpServer } from './http/server.js';
import type { KeptValues } from './adapters/teams/index.js';
import { readinessHandler } from './http/readiness.js';
import { Keyring } from './security/keyring.js';
import { SecretBox } from './security/secret-box.js';
import { UPLOADS_PATH } from './http/uploads.js';
import { leaseMsOf } from './core/lease.js';
import { resumeInbox, resumeWaits, watchWaits } from './core/waits.js';
import { adapterStartError, startupError } from './startup-error.js';
import { openInbox, openLimits, openLocalUploadShelf, openStateStore, openUploadShelf, openWriteJournal, workspaceAllowList } from './stores.js';
import { ChatOutbox, gateOf } from './core/outbox/index.js';
import { keepFinishingLeftWrites } from './core/outbox/recovery.js';
import { createProcessMemory } from './core/services.js';
import { slackInstalls } from './slack-installs.js';
import { publishHome } from './handlers/home/handler.js';
import { HANDLERS, THREAD_KINDS, VERBS } from './handlers/index.js';
import { watchingHomes } from './core/home-watch.js';
import { stateOf } from './core/home.js';
import type { ThreadStateOf } from './core/home-view.js';
import { keepingLanguage, speaking, userLanguage, type UserLanguageOf } from './core/language.js';
import { stampingRecordFormat } from './handlers/workflow/record/migrations.js';
import { NOTHING_TO_HAND_OVER } from './core/hand-over.js';
import { inboxHandOver } from './core/intake.js';
import { RecordWriter } from './core/records.js';
import { defaultLanguage, setDefaultLanguage, translatorFor } from './i18n/index.js';
import { openMetrics, startTracing } from './metrics/index.js';
import { UsageRecorder } from './state/usage-recorder.js';

export type { BotOptions, RunningBot } from './running-bot.js';

/** How long a stop waits for in-flight work before interrupting it, and how long it then gives the interrupted. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
const INTERRUPT_GRACE_MS = 2_000;

/** The key the bot uses against its own simulator, which accepts every `sk-` key. */
const SIMULATOR_KEY = 'sk-local-simulator';

/**
 * Starts the bot; on a failure midway closes what it had opened (nothing keeps the process alive, nothing
 * answers 200) and rejects with a `StartupError` naming the variable and address at fault.
 */
export async function startBot(options: BotOptions): Promise<RunningBot> {
  const opened: Array<() => Promise<unknown>> = [];
  try {
    return await assemble(options, opened);
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

async function assemble(options: BotOptions, opened: Array<() => Promise<unknown>>): Promise<RunningBot> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const stopTracing = await startTracing(process.env, logger);
  if (stopTracing) opened.push(stopTracing);
  // loaded only without a platform key: a deployment does not hold the simulator
  const simulator = config.platform.apiKey
    ? undefined
    : await (await import('./platform/simulator/index.js')).startSimulator({
        taskDurationMs: config.simulatorTaskMs,
        streamChunkDelayMs: 40,
        stateFile: join(dirname(config.state.file), 'simulator.json'),
      });
  if (simulator) opened.push(() => simulator.close());
  const platformUrl = simulator?.url ?? config.platform.baseUrl;
  // one HTTP server whenever a chat platform is served: its endpoints, /healthz, /readyz and /metrics
  // (the terminal alone serves one only for PUBLIC_URL: the images it names for `design`)
  const servesHttp = config.slack || config.teams || (options.localFiles && config.http.publicUrl);
  const http = servesHttp ? createHttpServer({ ...config.http, logger }) : undefined;
  const openedState = await openStateStore(config, logger);
  opened.push(() => openedState.close());
  // each workspace's commands and platform calls, for `/iip usage` (written before the store closes)
  const usage = new UsageRecorder(openedState, logger);
  opened.push(() => usage.close());
  const measures = openMetrics(config, http, logger, usage);
  const platform = new PlatformClient({
    baseUrl: platformUrl,
    apiKey: config.platform.apiKey ?? SIMULATOR_KEY,
    authMode: config.platform.authMode,
    pathOverrides: config.platform.pathOverrides,
    limits: config.gateway.limits,
    timeouts: config.gateway.timeouts,
    retry: { maxRetryAfterMs: config.gateway.maxRetryAfterMs },
    logger,
    onCall: measures.onPlatformCall,
  });
  opened.push(() => platform.close());
  const state = measures.state(openedState);
  const inbox = await openInbox(config, logger);
  opened.push(() => inbox.close());
  const limits = measures.limits(await openLimits(config, logger));
  opened.push(async () => limits.close?.());

  const keyring = new Keyring(state, config.secret ? new SecretBox(config.secret) : undefined, platform, logger);

  const adapters: ChatAdapter[] = [];
  http?.route('/readyz', readinessHandler({ state, platformUrl, logger }));
  const shelf = http && config.http.publicUrl ? await openUploadShelf(config, config.http.publicUrl, logger) : undefined;
  if (shelf) opened.push(() => shelf.close());
  if (http && shelf) http.route(UPLOADS_PATH, shelf.handler, { bodyLimitBytes: 0 });
  // the terminal against the simulator on this computer: its images are served to it from a local address
  const local = !shelf && options.localFiles && simulator ? await openLocalUploadShelf(config, logger) : undefined;
  if (local) opened.push(() => local.close());
  const uploads = shelf ?? local?.shelf;
  // the assistant pane's prompts in the language the Slack router handles the user's events in (`/iip lang` first);
  // asked only on events, which arrive once the routers below exist and the adapters started
  const slackLanguage: UserLanguageOf = (workspaceId, userId) => routers.find((r) => r.chat === 'slack')!.userLanguage(workspaceId, userId);
  if (config.slack) {
    // Bolt (with Express, axios and the Socket Mode client it loads) costs about 35 MB resident and a third of a
    // second of start: it loads only where Slack is served
    const { createSlackAdapter } = await import('./adapters/slack/index.js');
    adapters.push(createSlackAdapter({ ...slackInstalls(config, state, keyring, logger), logger, server: http, userLanguage: slackLanguage }));
  }
  const verbs = [...VERBS];
  // what the Teams adapter must remember across a restart (conversation references) lives in the state's settings
  const kept: KeptValues = { get: (key) => state.getSetting(key), put: (key, value) => state.putSetting(key, value) };
  const files = uploads ? { files: uploads } : {};
  if (config.teams && http) {
    // botbuilder costs about 50 MB resident: it loads only where Teams is served
    const { createTeamsAdapter } = await import('./adapters/teams/index.js');
    // the message action's dialog in the language the Teams router speaks to its user (`/iip lang` first)
    const userLanguage: UserLanguageOf = (workspaceId, userId, locale) =>
      routers.find((r) => r.chat === 'teams')!.userLanguage(workspaceId, userId, locale);
    adapters.push(createTeamsAdapter({ ...config.teams, server: http, logger, verbs, keep: kept, userLanguage, ...files }));
  }
  // asked outside any user event (the terminal's `threads`): said in the workspace default
  const threadState: ThreadStateOf = async (thread) => {
    const record = await state.get(thread);
    return record && stateOf(THREAD_KINDS, record, translatorFor());
  };
  adapters.push(...(options.extraAdapters?.(verbs, kept, uploads, threadState) ?? []));
  opened.push(() => Promise.allSettled(adapters.map((a) => a.stop())));

  // every chat write is journaled before it is made (the terminal's are not: there is nothing to finish after it)
  const journal = await openWriteJournal(config, logger);
  opened.push(() => journal.close());
  const chatAdapters = adapters.map(measures.adapter);
  const messengers = chatAdapters.map((adapter) => {
    const outbox = adapter.chat === 'console' ? undefined : new ChatOutbox(gateOf(adapter), { journal, logger });
    return new Messenger(adapter, measures.relay(adapter, { ...config.relay, logger }), outbox);
  });
  const lifetime = new AbortController();
  const memory = createProcessMemory();
  const settings = {
    lang: config.platform.lang,
    confirmers: config.workflows.confirmers,
    waitLeaseMs: config.state.waitLeaseMs,
    answerCap: config.gateway.answers,
  } as const;
  // IIP_LANG: what the bot speaks to a user who chose no language and whose chat does not tell theirs
  setDefaultLanguage(options.language ?? (config.platform.lang === 'cn' ? 'zh' : 'en'));
  const contexts = messengers.map((messenger): HandlerContext => {
    // every thread record is written through this writer; its hooks run in this order around each write
    const records = RecordWriter.create(state, [
      // a new record carries the format this code writes (handlers/workflow/record/migrations.ts)
      stampingRecordFormat,
      // a record written without a language keeps the one its handler was given (`speaking`)
      keepingLanguage,
      // the write an event's handler hands the event over with is noted in the inbox, then the entry is done
      inboxHandOver,
      ...(measures.steps ? [measures.steps] : []),
      // a user's home (Slack's Home tab) is published again when one of their threads changes state
      watchingHomes(state, {
        shown: memory.homes,
        // in its owner's language, whoever's event changed the thread
        refresh: async (workspaceId, userId) => {
          const lang = await userLanguage(ctx, { workspaceId, userId });
          await publishHome(speaking(ctx, lang), workspaceId, userId);
        },
        logger,
      }),
    ]);
    const handOver = NOTHING_TO_HAND_OVER;
    const ctx: HandlerContext = {
      // work no user event starts (a resumed wait) speaks the workspace default until it is told its thread's
      lang: defaultLanguage(),
      t: translatorFor(),
      platform,
      state,
      records,
      handOver,
      threadKinds: THREAD_KINDS,
      messenger,
      settings,
      logger,
      memory,
      lifetime: lifetime.signal,
      keyring,
      uploads,
      limits,
      usage,
    };
    return ctx;
  });
  const admits = workspaceAllowList(config.access);
  const routers = contexts.map(
    (ctx) =>
      new Router(HANDLERS, ctx, {
        platformFor: (workspaceId) => keyring.platformFor(ctx.messenger.chat, workspaceId),
        admits,
        inbox,
        metrics: measures.metrics,
      }),
  );
  // Slack and Teams acknowledge an event once it is recorded; the terminal has nothing to acknowledge, and waits for its lines
  await Promise.all(
    adapters.map((adapter, i) =>
      adapter
        .start((incoming) => (adapter.chat === 'console' ? routers[i]!.dispatch(incoming) : routers[i]!.accept(incoming)))
        .catch((error: unknown) => {
          throw adapterStartError(adapter.chat, config, error);
        }),
    ),
  );
  // listening last: nothing answers /healthz before the bot can work
  const listening = http
    ? await http.listen().catch((error: unknown) => {
        throw startupError('PORT, HOST', `${config.http.host}:${config.http.port}`, error);
      })
    : undefined;
  if (http) opened.push(() => http.close());
  const metricsServer = measures.server;
  const metricsListening = await metricsServer?.listen().catch((error: unknown) => {
    throw startupError('METRICS_PORT', `${config.http.host}:${config.metrics.port}`, error);
  });
  if (metricsServer) opened.push(() => metricsServer.close());
  const metricsUrl = measures.prometheus && (metricsListening ?? listening) ? `${(metricsListening ?? listening)!.url}/metrics` : undefined;
  logger.info({ adapters: adapters.map((a) => a.chat), platform: simulator ? 'simulator' : 'gateway', http: listening?.url }, 'bot started');
  // STATE_RETENTION_DAYS: finished threads past it are deleted now and every hour until the bot stops
  await keepRetention(state, logger, lifetime.signal);
  const leftWrites = { journal, adapters: chatAdapters, state, logger, leaseMs: leaseMsOf(settings) };
  // writes a stopped process left go out before resumed work writes anew; a replica's that died are taken over later
  await keepFinishingLeftWrites(leftWrites, lifetime.signal);
  await resumeWaits(routers, state, logger).catch((error: unknown) => logger.error({ err: error }, 'recorded waits could not be resumed'));
  // events acknowledged but cut before their own record; a live replica's are held, and left alone
  await resumeInbox(routers, inbox, logger, 0).catch((error: unknown) => logger.error({ err: error }, 'the inbox could not be resumed'));
  // other replicas' waits and inbox entries whose holder died (a shared store) are taken over by the rescan
  watchWaits(routers, state, logger, leaseMsOf(settings), lifetime.signal, inbox);

  let stopping: Promise<void> | undefined;
  return {
    platformUrl,
    simulator,
    httpUrl: listening?.url,
    metricsUrl,
    state,
    inbox,
    memory,
    routers,
    interrupt: (thread) => messengers.some((m) => m.interrupt(thread)),
    stop(deadlineMs = SHUTDOWN_DEADLINE_MS) {
      stopping ??= (async () => {
        lifetime.abort();
        await Promise.allSettled(adapters.map((a) => a.stop()));
        const drained = (await Promise.all(routers.map((r) => r.drain(deadlineMs)))).every(Boolean);
        if (!drained) {
          const stopped = messengers.reduce((n, m) => n + m.interruptAll(), 0);
          logger.warn({ stopped, deadlineMs }, 'shutdown deadline passed: interrupting the work still running');
          await Promise.all(routers.map((r) => r.drain(INTERRUPT_GRACE_MS)));
        }
        await http?.close();
        await measures.server?.close();
        await (local ?? uploads)?.close();
        await usage.close();
        await journal.close();
        await state.close();
        await inbox.close();
        await limits.close?.();
        await platform.close();
        await simulator?.close();
        await stopTracing?.();
      })();
      return stopping;
    },
  };
}

// `node dist/bot.js --help` is a natural guess: it says which command starts the bot instead of exiting without a word
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stderr.write(notTheEntryPoint(process.argv[1], process.cwd()));
  process.exitCode = 2;
}
