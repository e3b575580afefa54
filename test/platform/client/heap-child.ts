/**
 * Run by heap.e2e.test.ts in a child process with the production start's memory flags: the real client against the
 * simulator answering a 300 MB JSON poll and a 50 MB stream event, with the default limits. Prints what each
 * call ended with as one JSON line; a process that ran out of memory prints nothing and exits non-zero.
 */
import { PlatformClient } from '../../../src/platform/client.js';
import { startSimulator } from '../../../src/platform/simulator/index.js';

const MiB = 1024 * 1024;
const sim = await startSimulator({ streamChunkDelayMs: 1 });
const client = new PlatformClient({ baseUrl: sim.url, apiKey: 'sk-heap-test-0123456789' });
const outcome = async (run: () => Promise<unknown>): Promise<string> => {
  try {
    await run();
    return 'ok';
  } catch (error) {
    return (error as { kind?: string }).kind ?? String(error);
  }
};

sim.inject({ kind: 'oversized-body', bytes: 300 * MiB, operation: 'AI39-2' });
sim.inject({ kind: 'huge-event', afterEvents: 1, chars: 50 * MiB, operation: 'AI07' });
const polls = [];
for (let poll = 0; poll < 3; poll++) polls.push(await outcome(() => client.call('AI39-2', { task_id: 'design-1' })));
const stream = await outcome(async () => {
  for await (const _event of await client.stream('AI07', { prompt: 'What is graphene?', stream: true })) {
    // read to the end or the error
  }
});
await client.close();
await sim.close();
process.stdout.write(`${JSON.stringify({ polls, stream })}\n`);
