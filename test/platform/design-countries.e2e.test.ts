/**
 * One list of the design registers AI39-1 searches, tied to the contract's text: the bot refuses the codes it does
 * not name, and so does the simulator; each named code is searched.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRIES, parseDesignArgs } from '../../src/handlers/design/options.js';
import { DESIGN_COUNTRIES } from '../../src/platform/design-countries.js';
import { translatorFor } from '../../src/i18n/index.js';
import { startSimulator, type RunningSimulator } from '../../src/platform/simulator/index.js';
import { call, data } from './simulator/helpers.js';

type Schema = { properties: Record<string, { description?: string }> };
const contract = JSON.parse(readFileSync(new URL('../../src/platform/openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const countryDescription = contract.components.schemas['AI39-1ImageSearchSubmitRequest']!.properties.country!.description!;

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

const submit = (country: string[]) => ({ country, lang: 'en', url: 'https://example.com/phone.png' });

describe('AI39-1 country codes', () => {
  it('are the codes the contract says AI39-1 supports, in its order; the bot’s default is among them', () => {
    expect(countryDescription).toBe('Target country/region code list, supports US, CN, JP, KR, AU, EU, etc.');
    const named = /supports ([A-Z]{2}(?:, [A-Z]{2})*)/.exec(countryDescription)![1]!.split(', ');
    expect(DESIGN_COUNTRIES).toEqual(named);
    for (const code of DEFAULT_COUNTRIES) expect(DESIGN_COUNTRIES).toContain(code);
  });

  it('the bot refuses a code outside the list with the list, and takes every code in it', () => {
    const refused = parseDesignArgs('https://example.com/a.png --countries US,DE', 'en', translatorFor('en'));
    expect(refused).toEqual({ problem: expect.stringContaining('US, CN, JP, KR, AU, EU') });
    expect(JSON.stringify(refused)).toContain('`DE`');
    expect(parseDesignArgs('https://example.com/a.png --countries us,cn,jp,kr,au,eu', 'en', translatorFor('en'))).toMatchObject({
      options: { countries: ['US', 'CN', 'JP', 'KR', 'AU', 'EU'] },
    });
  });

  it('the simulator refuses an unsupported code (68300004, naming it) and creates no task; each supported code is searched', async () => {
    const refused = await call(sim, 'AI39-1', submit(['US', 'DE']));
    expect(refused).toMatchObject({ status: false, error_code: 68300004 });
    expect(refused.error_msg).toContain('DE not supported; supported: US, CN, JP, KR, AU, EU');
    expect(refused.data ?? null).toBeNull();
    for (const code of ['US', 'CN', 'JP', 'KR', 'AU', 'EU']) {
      const { task_id: taskId } = await data(sim, 'AI39-1', submit([code]));
      const result = await data(sim, 'AI39-2', { task_id: taskId });
      const hits = (result.patent_messages as { patent_messages: { authority: string }[] }).patent_messages;
      expect(new Set(hits.map((h) => h.authority))).toEqual(new Set([code]));
    }
  });
});
