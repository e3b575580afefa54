/**
 * `count` in a Teams channel, end to end through botbuilder's CloudAdapter, the handler, the platform client and
 * the simulator: the exact P001 body; the count reaches the asker (Teams has no ephemeral notes: wherever the
 * bot puts the private note, it is the asker's count); `--share` posts it in the reply chain naming the asker
 * with a real Teams mention; bad options list what is allowed and call nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { USER } from '../helpers/teams-activities.js';
import { bodiesOf, TeamsThread, textOf } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness;
beforeAll(async () => {
  h = await startTeamsBot();
});
afterAll(async () => {
  await h.close();
});

/** A message anywhere at the connector (the reply chain, or a 1:1 chat with the asker) containing `text`, newer than `after`. */
const anywhere = (text: string, after: number) =>
  waitFor(() => h.fake.allMessages().find((m) => Number(m.id) > after && textOf(m).includes(text)), `a message with "${text}"`);
const newest = (): number => Math.max(0, ...h.fake.allMessages().map((m) => Number(m.id)));
const countIn = (m: FakeActivity): string | undefined => /\*\*([\d,]+)\*\*|([\d,]+)\s+patents match/.exec(textOf(m))?.slice(1).find(Boolean);

describe('count in a Teams channel', () => {
  test('answers with the count, sending exactly the query and the collapse options', async () => {
    const before = bodiesOf(h, 'P001').length;
    const after = newest();
    await TeamsThread.opened(
      h,
      'count TTL:(wireless charging) AND PBD:[20200101 TO 20241231] --collapse-type apno --collapse-by PBD --collapse-order latest',
    );
    const note = await anywhere('patents match', after);
    const body = {
      query_text: 'TTL:(wireless charging) AND PBD:[20200101 TO 20241231]',
      collapse_type: 'APNO',
      collapse_by: 'PBD',
      collapse_order: 'LATEST',
    };
    expect(bodiesOf(h, 'P001').slice(before)).toEqual([body]);
    expect(requestErrors('P001', body)).toEqual([]);
    expect(countIn(note)).toMatch(/^[\d,]+$/);
    expect(textOf(note)).toContain('collapsed by APNO, ordered by PBD, keeping the latest');
  });

  test('--share posts the count in the reply chain, mentioning who asked; the same query gives the same count', async () => {
    const after = newest();
    await TeamsThread.opened(h, 'count solar cell perovskite');
    const note = await anywhere('solar cell perovskite', after);
    const t = await TeamsThread.opened(h, 'count solar cell perovskite --share');
    const posted = await t.reply('asked by');
    expect(bodiesOf(h, 'P001').slice(-2)).toEqual([{ query_text: 'solar cell perovskite' }, { query_text: 'solar cell perovskite' }]);
    expect(countIn(posted)).toBe(countIn(note));
    expect(cardJson(posted)).toContain(`<at>${USER.name}</at>`);
    expect(cardJson(posted)).toContain(`"id":"${USER.id}"`);
    expect(posted.root).toBe(t.root);
    expect(t.replies).toHaveLength(1);
  });

  test.each([
    ['--collapse-type FAMILY', '`--collapse-type` must be one of `ALL`, `APNO`, `DOCDB`, `INPADOC`, `EXTEND`'],
    ['--collapse-order OLDEST', '`--collapse-order` applies only with `--collapse-type APNO`'],
    ['--sort SCORE', 'Unknown option `--sort`'],
  ])('a bad option (%s) lists what is allowed and calls nothing', async (flags, problem) => {
    const before = bodiesOf(h, 'P001').length;
    const after = newest();
    await TeamsThread.opened(h, `count graphene battery ${flags}`);
    const note = await anywhere(problem, after);
    expect(textOf(note)).toContain('Nothing was sent.');
    expect(bodiesOf(h, 'P001').length).toBe(before);
  });

  test('a query over 1,500 characters is refused with the limit; nothing is called', async () => {
    const before = bodiesOf(h, 'P001').length;
    const after = newest();
    await TeamsThread.opened(h, `count ${'battery '.repeat(200)}`);
    const note = await anywhere('at most 1,500 characters', after);
    expect(textOf(note)).toContain('yours has 1,599');
    expect(bodiesOf(h, 'P001').length).toBe(before);
  });
});
