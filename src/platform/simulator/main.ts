/** `npm run simulator`: runs the platform simulator until interrupted. */
import { parseArgs } from 'node:util';
import { startSimulator } from './simulator.js';

const HELP = `Usage: npm run simulator -- [options]

Runs a local HTTP server that implements the Innovation Intelligence Open Platform contract.

Options:
  --port <n>         port to listen on (default 8787; 0 picks a free one)
  --host <addr>      address to bind (default 127.0.0.1)
  --task-ms <ms>     how long each task stage stays RUNNING (default 3000)
  --chunk-ms <ms>    delay between stream events (default 40)
  --chunk-chars <n>  characters of answer text per stream event (default 24)
  --cumulative       AI07/AI20 send the whole text so far in every event
  --quiet            do not log one line per request
  --help             show this help
`;

function numberOption(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a non-negative number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'task-ms': { type: 'string' },
      'chunk-ms': { type: 'string' },
      'chunk-chars': { type: 'string' },
      cumulative: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const sim = await startSimulator({
    port: numberOption(values.port, 8787, 'port'),
    host: values.host ?? '127.0.0.1',
    taskDurationMs: numberOption(values['task-ms'], 3000, 'task-ms'),
    streamChunkDelayMs: numberOption(values['chunk-ms'], 40, 'chunk-ms'),
    streamChunkChars: numberOption(values['chunk-chars'], 24, 'chunk-chars') || 24,
    cumulativeContent: values.cumulative ?? false,
    verbose: !values.quiet,
  });
  process.stdout.write(
    [
      `Platform simulator listening on ${sim.url}`,
      'Any key starting with "sk-" is accepted. Try:',
      `  curl -H 'Authorization: Bearer sk-test' -X POST ${sim.url}/ai/novelty-search/submit -d '{"input":"x","lang":"en"}'`,
      `  curl -N -H 'Authorization: Bearer sk-test' -X POST ${sim.url}/chat/cc-gpt-stream -d '{"prompt":"solid-state battery patents"}'`,
      '',
    ].join('\n'),
  );
  const stop = (): void => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
