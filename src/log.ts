/** Structured JSON logs with secrets redacted wherever they could appear. */
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACT = [
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'signingSecret',
  '*.signingSecret',
  'password',
  '*.password',
  'secret',
  '*.secret',
];

/** Replaces anything that looks like a platform key or a Slack token in free text. */
export function redactSecrets(text: string): string {
  return text
    .replace(/sk-[A-Za-z0-9_-]{4,}/g, 'sk-***')
    .replace(/xox[abpers]-[A-Za-z0-9-]+/g, 'xox*-***')
    .replace(/xapp-[A-Za-z0-9-]+/g, 'xapp-***')
    .replace(/([?&]apikey=)[^&\s]+/gi, '$1***');
}

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '***' },
      formatters: { level: (label) => ({ level: label }) },
      // the trace of the event being handled (OpenTelemetry), so its log lines and its spans can be matched
      mixin() {
        const context = trace.getActiveSpan()?.spanContext();
        return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? redactSecrets(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination as DestinationStream | undefined,
  );
}

/** A logger that drops everything: the default for tests and library use. */
export const silentLogger: Logger = pino({ level: 'silent' });
