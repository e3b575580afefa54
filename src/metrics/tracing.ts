/**
 * OpenTelemetry traces exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK and the exporter
 * are loaded only then (the exporter reads the other OTEL_EXPORTER_OTLP_* variables, headers and timeouts, itself). Without it the
 * API's tracer stays a no-op and nothing is loaded.
 */
import type { Logger } from '../log.js';

/** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces` (the OTLP spec). */
function tracesUrl(env: NodeJS.ProcessEnv): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ?? '';
  return `${base.endsWith('/') ? base : `${base}/`}v1/traces`;
}

export async function startTracing(env: NodeJS.ProcessEnv, logger: Logger): Promise<(() => Promise<void>) | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return undefined;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'iip-bot' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(env) }))],
  });
  provider.register();
  logger.info('traces exported over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT)');
  return () => provider.shutdown();
}
