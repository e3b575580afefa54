/** Requests are validated by the operation's schema and the documented limits; errors name the field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { call, contractErrors, KEY, send, type Envelope } from './helpers.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

async function expectInvalid(envelope: Envelope, field: string): Promise<void> {
  expect(envelope).toMatchObject({ status: false, error_code: 68300004 });
  expect(envelope.error_msg).toContain(field);
}

describe('limits', () => {
  it('AI07 prompt: 501 characters is rejected, 500 (also multi-byte) is streamed', async () => {
    await expectInvalid(await call(sim, 'AI07', { prompt: 'x'.repeat(501) }), 'prompt');
    for (const prompt of ['x'.repeat(500), '专'.repeat(500)]) {
      const response = await send(sim, 'AI07', { prompt });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await response.text();
    }
  });

  it.each([
    ['AI20', { query: 'q'.repeat(16_001) }, 'query'],
    ['AI33-1', { lang: 'en', solution_issues: 's'.repeat(501) }, 'solution_issues'],
    ['P001', { query_text: 't'.repeat(1501) }, 'query_text'],
    ['AI32-1', { tech_solution: 'word '.repeat(5001) }, 'tech_solution'],
  ] as const)('%s over its limit is 68300004 naming %s', async (id, body, field) => {
    await expectInvalid(await call(sim, id, body), field);
  });

  it('at the limit is accepted', async () => {
    expect((await call(sim, 'P001', { query_text: 't'.repeat(1500) })).status).toBe(true);
    expect((await call(sim, 'AI33-1', { lang: 'en', solution_issues: 's'.repeat(500) })).status).toBe(true);
  });
});

describe('schema', () => {
  it('a missing required field is named', async () => {
    await expectInvalid(await call(sim, 'AI35-1', { input: 'x' }), 'lang');
  });

  it('a wrong type is named, nested fields with their path', async () => {
    await expectInvalid(await call(sim, 'AI39-1', { country: 'US', lang: 'en' }), 'country');
    await expectInvalid(await call(sim, 'AI35-12', { request: { is_add_patent: true }, tech_features: [] }), 'request.pn');
  });

  it('an empty or non-JSON body is an invalid parameter, and the error envelope is valid', async () => {
    const empty = await call(sim, 'AI35-2');
    await expectInvalid(empty, 'request body');
    const broken = await fetch(new URL('/ai/novelty-search/submit', sim.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: '{"input": ',
    });
    const envelope = (await broken.json()) as Envelope;
    await expectInvalid(envelope, 'JSON');
    expect(contractErrors('AI35-1', envelope)).toEqual([]);
  });

  it('stream bodies are JSON whatever the content type says', async () => {
    for (const contentType of ['text/event-stream', 'text/plain', undefined]) {
      const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
      if (contentType) headers['content-type'] = contentType;
      const response = await fetch(new URL('/chat/cc-gpt-stream', sim.url), { method: 'POST', headers, body: JSON.stringify({ prompt: 'hello' }) });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await response.text()).toContain('"status":"finished"');
    }
  });
});
