/**
 * Wires the bot's metrics: a prom-client registry served at `/metrics` (on METRICS_PORT, or on the bot's HTTP
 * server), and the wrappers that feed it. Without anywhere to serve them, the bot measures nothing.
 */
import type { Config } from '../config.js';
import type { ChatAdapter } from '../core/adapter.js';
import type { WorkLimits } from '../core/limits.js';
import { noopMetrics, type BotMetrics, type PlatformCaller, type UsageSink } from '../core/metrics.js';
import { isChatKind } from '../core/thread-id.js';
import type { RecordHook } from '../core/records.js';
import type { StateStore } from '../core/state.js';
import { StreamRelay } from '../core/relay/index.js';
import type { RelayOptions } from '../core/relay/types.js';
import { createHttpServer, type HttpServer } from '../http/server.js';
import type { Logger } from '../log.js';
import { METRICS_PATH, metricsHandler } from './endpoint.js';
import { measuredAdapter } from './measured-adapter.js';
import { LockTimedStore, MeasuredRelay, measuringSteps, RefusalCountedLimits } from './measured-stores.js';
import { PrometheusMetrics } from './prometheus.js';

export { METRICS_PATH } from './endpoint.js';
export { PrometheusMetrics } from './prometheus.js';
export { startTracing } from './tracing.js';

export interface BotMeasures {
  metrics: BotMetrics;
  /** the registry, when metrics are on */
  prometheus?: PrometheusMetrics;
  /** for PlatformClient's `onCall` */
  onPlatformCall?: (operation: string, outcome: string, seconds: number, caller?: PlatformCaller) => void;
  state(state: StateStore): StateStore;
  /** the record writer's hook that counts workflow steps, when metrics are on */
  steps?: RecordHook;
  limits(limits: WorkLimits): WorkLimits;
  adapter(adapter: ChatAdapter): ChatAdapter;
  relay(adapter: ChatAdapter, options: RelayOptions): StreamRelay;
  /** the METRICS_PORT server: started with the bot, closed with it */
  server?: HttpServer;
}

/** Without an endpoint: only each workspace's usage is counted. */
const usageOnly = (usage: UsageSink): BotMeasures => ({
  metrics: { ...noopMetrics, command: (chat, workspaceId, verb) => usage.record(chat, workspaceId, 'commands', verb) },
  onPlatformCall: (operation, _outcome, _seconds, caller) => {
    if (caller && isChatKind(caller.chat)) usage.record(caller.chat, caller.workspaceId, 'calls', operation);
  },
  state: (state) => state,
  limits: (limits) => limits,
  // chat calls still get their spans
  adapter: (adapter) => measuredAdapter(adapter, noopMetrics),
  relay: (adapter, options) => new StreamRelay(adapter, options),
});

/**
 * Metrics on `botServer` (the Slack and Teams port) or on a server of their own when METRICS_PORT is set; off
 * when neither exists (the terminal alone), where only usage (`usage`) is counted.
 */
export function openMetrics(config: Config, botServer: HttpServer | undefined, logger: Logger, usage: UsageSink): BotMeasures {
  const own =
    config.metrics.port === undefined
      ? undefined
      : createHttpServer({ port: config.metrics.port, host: config.http.host, logger, maxConnections: 64 });
  const server = own ?? botServer;
  if (!server) return usageOnly(usage);
  const labelledWorkspaces = [...(config.access.slackTeams ?? []), ...(config.access.teamsTenants ?? [])];
  const prometheus = new PrometheusMetrics({ labelledWorkspaces, usage });
  server.route(METRICS_PATH, metricsHandler(prometheus.registry, { token: config.metrics.token, logger }), { bodyLimitBytes: 0 });
  return {
    metrics: prometheus,
    prometheus,
    onPlatformCall: prometheus.platformCall,
    state(state) {
      const measured = new LockTimedStore(state, prometheus);
      prometheus.watchWaits(measured);
      return measured;
    },
    steps: measuringSteps((workflow, step, status) => prometheus.workflowStep(workflow, step, status)),
    limits: (limits) => new RefusalCountedLimits(limits, prometheus),
    adapter: (adapter) => measuredAdapter(adapter, prometheus),
    relay: (adapter, options) => new MeasuredRelay(adapter, options, prometheus),
    ...(own ? { server: own } : {}),
  };
}
