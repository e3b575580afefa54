/** AI32 technical disclosure: key elements, the generation job, the job_status download, and the AI32-4 stream. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { call, data, download, pollUntil, stream } from './helpers.js';

const IDEA =
  'A vehicle system with a door, an electric actuator motor that opens the door, a detector for a wireless device, ' +
  'and a door controller. When the detector finds the device in a zone on the driver side, the controller opens the door. ' +
  'The door closes when the device leaves the zone.';
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.clearFaults();
  sim.setTaskDuration(0);
});

describe('AI32 technical disclosure', () => {
  it('extracts key elements, generates a job, downloads the document, streams the same text', async () => {
    const means = await data(sim, 'AI32-1', { tech_solution: IDEA });
    expect(means.status).toBe('1');
    expect(means.unidentified).toBeUndefined();
    for (const key of ['background', 'tech_problem', 'mechanism', 'outcome', 'embodiment', 'others']) expect(typeof means[key]).toBe('string');
    expect(means.subject_improvement).toEqual(['A vehicle system with a door']);

    const edited = { ...means, subject_improvement: ['Proximity-opened vehicle door'], status: undefined, unidentified: undefined };
    const job = await data(sim, 'AI32-2', { ...edited, tech_solution: IDEA, language: 'en', mechanism: String(means.mechanism) });
    expect(job).toMatchObject({ status: 2 });
    const jobId = job.job_id as string;

    const ready = await data(sim, 'AI32-3', { job_id: jobId });
    expect(ready).toMatchObject({ job_id: jobId, job_status: 2 });
    const file = await download(ready.download_url);
    expect(file.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(file.bytes.subarray(-22, -18)).toEqual(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(file.bytes.readUInt16LE(file.bytes.length - 12)).toBe(3);
    expect(file.bytes.toString('utf8')).toContain('word/document.xml');
    expect(file.bytes.toString('utf8')).toContain('Proximity-opened vehicle door');

    const body = { job_id: jobId };
    const expected = sim.expectedStreamText('AI32-4', body);
    expect(expected).toMatch(/^# Technical disclosure: Proximity-opened vehicle door/);
    const { envelopes } = await stream(sim, 'AI32-4', body);
    const events = envelopes.map((e) => e.data as Record<string, unknown>);
    expect(events.slice(0, -1).every((e) => e.status === 'running' && e.job_id === jobId)).toBe(true);
    expect(events.at(-1)?.status).toBe('finished');
    expect(events.map((e) => e.content).join('')).toBe(expected);
  });

  it('job_status goes 0 (pending), 1 (exporting), 2 (done) with time', async () => {
    sim.setTaskDuration(60_000);
    const job = await data(sim, 'AI32-2', { tech_solution: IDEA, mechanism: 'UWB ranging', language: 'cn' });
    expect(job.status).toBe(1);
    expect(await data(sim, 'AI32-3', { job_id: job.job_id })).toEqual({ job_id: job.job_id, job_status: 0 });
    sim.setTaskDuration(100);
    const fresh = await data(sim, 'AI32-2', { tech_solution: IDEA, mechanism: 'UWB ranging', language: 'cn' });
    const seen = await pollUntil(
      () => data(sim, 'AI32-3', { job_id: fresh.job_id }),
      (d) => d.job_status === 2,
    );
    const states = seen.map((d) => d.job_status as number);
    expect(states).toEqual([...states].sort());
    expect(states).toContain(1);
    expect(seen.filter((d) => d.job_status !== 2).every((d) => d.download_url === undefined)).toBe(true);
    expect(String(seen.at(-1)?.download_url)).toMatch(/\/files\/[0-9a-f]{32}\.docx$/);
  });

  it('short input is flagged unidentified; unknown jobs are invalid', async () => {
    expect(typeof (await data(sim, 'AI32-1', { tech_solution: 'a door' })).unidentified).toBe('string');
    expect((await call(sim, 'AI32-3', { job_id: 'missing' })).error_code).toBe(68300004);
    expect((await call(sim, 'AI32-4', { job_id: 'missing' })).error_code).toBe(68300004);
  });
});
