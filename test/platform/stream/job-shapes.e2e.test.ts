/**
 * Issue 16: the two streams whose event format the platform does not publish (AI32-4 disclosure text, the agent
 * stream) read every shape the platform uses elsewhere, through the real client against the simulator: the
 * whole text arrives, the agent's steps arrive as progress, and a stream with no text ends without any.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../../src/platform/client.js';
import type { StreamEvent } from '../../../src/platform/events.js';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { JOB_STREAM_SHAPES } from '../../../src/platform/simulator/job-stream.js';

let sim: RunningSimulator;
let client: PlatformClient;
let jobId: string;
let solutionId: string;

beforeAll(async () => {
  sim = await startSimulator({ streamChunkChars: 17 });
  client = new PlatformClient({ baseUrl: sim.url, apiKey: 'sk-job-shapes' });
  const solution = 'A separator coated with a ceramic layer that blocks dendrite growth.\n\nIt keeps working at 5 C.';
  const job = await client.call('AI32-2', { tech_solution: solution, mechanism: 'ceramic particles', language: 'en' });
  jobId = job.job_id!;
  solutionId = (await client.call('AI33-1', { solution_issues: 'Lighter battery packs that stay crash safe', lang: 'en' })).task_id!;
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

async function read(operation: 'AI32-4' | 'AGENT-SSE', id: string): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of await client.stream(operation, { job_id: id })) events.push(event);
  return events;
}
const textOf = (events: StreamEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

describe.each(JOB_STREAM_SHAPES.filter((s) => s !== 'empty'))('events shaped as %s', (shape) => {
  it('AI32-4 gives the whole disclosure text', async () => {
    sim.setJobStreamShape(shape);
    const expected = sim.expectedStreamText('AI32-4', { job_id: jobId });
    expect(expected.length).toBeGreaterThan(100);
    const events = await read('AI32-4', jobId);
    expect(textOf(events)).toBe(expected);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('the agent stream gives the whole narration, with its steps where the shape carries them', async () => {
    sim.setJobStreamShape(shape);
    const expected = sim.expectedStreamText('AGENT-SSE', { job_id: solutionId });
    const events = await read('AGENT-SSE', solutionId);
    expect(textOf(events)).toBe(expected);
    const steps = events.filter((e) => e.type === 'progress');
    if (shape === 'content') expect(steps.length).toBeGreaterThan(1);
    else expect(steps).toEqual([]);
  });
});

it('a stream that brings no text ends with no text and no error', async () => {
  sim.setJobStreamShape('empty');
  expect(await read('AI32-4', jobId)).toEqual([{ type: 'done', reason: 'finished' }]);
  sim.setJobStreamShape('content');
});
