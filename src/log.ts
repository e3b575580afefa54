/** Structured JSON logs with secrets redacted wherever they could appear. */
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger } from 'pino';
import { KEY_IN_TEXT } from './lib/api-key.js';

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

/** Replaces anything that looks like a platform key (every character a key may have) or a Slack token in free text. */
export function redactSecrets(text: string): string {
  return text
    .replace(KEY_IN_TEXT, 'sk-***')
    .replace(/xox[abpers]-[A-Za-z0-9-]+/g, 'xox*-***')
    .replace(/xapp-[A-Za-z0-9-]+/g, 'xapp-***')
    .replace(/([?&]apikey=)[^&\s]+/gi, '$1***');
}

function redactedError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactSecrets(error) : error;
  const shown = pino.stdSerializers.err(error);
  shown.message = redactSecrets(shown.message);
  if (shown.stack) shown.stack = redactSecrets(shown.stack);
  return shown;
}

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '***' },
      // an error's own words may quote a key or a token (a platform error echoing the request)
      serializers: { err: redactedError },
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
