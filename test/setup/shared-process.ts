/**
 * A test file's start in a worker that ran other files before it (`isolate: false`, one module graph per worker):
 * what the bot keeps process-wide is put back to a fresh process's, so no file sees another's. A bot sets its
 * default language when it starts (IIP_LANG) and leaves it when it stops, so a Chinese file would leave it
 * Chinese; tracing registers OpenTelemetry's global tracer provider, context manager and propagator.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { setDefaultLanguage } from '../../src/i18n/index.js';

// at the top level: a setup file runs again before each test file is imported, and some register at import
setDefaultLanguage('en');
trace.disable();
context.disable();
propagation.disable();
