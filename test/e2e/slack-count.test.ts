/**
 * `/iip count` through the real Slack app, the platform client and the simulator: the exact P001 body, an
 * ephemeral answer by default, `--share` posting it in the channel, and every option checked before any call.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness;
beforeAll(async () => {
  h = await startSlackBot();
});
afterAll(async () => {
  await h.close();
});

const p001Bodies = () => h.sim.requests.filter((r) => r.operation === 'P001').map((r) => r.body);

async function noteContaining(text: string) {
  return waitFor(() => h.slack.ephemerals.find((e) => e.text.includes(text)), `an ephemeral with "${text}"`);
}

describe('/iip count', () => {
  test('answers only the asker with the count, sending exactly the query and the collapse options', async () => {
    const before = p001Bodies().length;
    await h.command('count TTL:(wireless charging) AND PBD:[20200101 TO 20241231] --collapse-type apno --collapse-by PBD --collapse-order latest');
    const note = await noteContaining('patents match');
    const body = {
      query_text: 'TTL:(wireless charging) AND PBD:[20200101 TO 20241231]',
      collapse_type: 'APNO',
      collapse_by: 'PBD',
      collapse_order: 'LATEST',
    };
    expect(p001Bodies().slice(before)).toEqual([body]);
    expect(requestErrors('P001', body)).toEqual([]);
    expect(note.user).toBe('U1');
    expect(note.text).toMatch(/\*\*[\d,]+\*\* patents match/);
    expect(JSON.stringify(note.blocks)).toContain('only you see this');
    expect(h.slack.channelMessages('C1').filter((m) => m.text.includes('patents match'))).toEqual([]);
  });

  test('--share posts the count in the channel, naming who asked; the same query gives the same count', async () => {
    await h.command('count solar cell perovskite');
    const note = await noteContaining('solar cell perovskite');
    await h.command('count solar cell perovskite --share');
    const posted = await waitFor(() => h.slack.channelMessages('C1').find((m) => m.text.includes('solar cell perovskite')), 'the shared count');
    expect(p001Bodies().slice(-2)).toEqual([{ query_text: 'solar cell perovskite' }, { query_text: 'solar cell perovskite' }]);
    expect(posted.text.match(/\*\*([\d,]+)\*\*/)?.[1]).toBe(note.text.match(/\*\*([\d,]+)\*\*/)?.[1]);
    expect(JSON.stringify(posted.blocks)).toContain('asked by <@U1>');
  });

  test.each([
    ['--collapse-type FAMILY', '`--collapse-type` must be one of `ALL`, `APNO`, `DOCDB`, `INPADOC`, `EXTEND`'],
    ['--collapse-by DATE', '`--collapse-by` must be one of `APD`, `PBD`, `AUTHORITY`, `SCORE`'],
    ['--collapse-type APNO --collapse-by APD --collapse-order NEWEST', '`--collapse-order` must be one of `OLDEST`, `LATEST`'],
    ['--collapse-order OLDEST', '`--collapse-order` applies only with `--collapse-type APNO`'],
    ['--collapse-by', '`--collapse-by` needs a value: one of `APD`, `PBD`, `AUTHORITY`, `SCORE`'],
    ['--sort SCORE', 'Unknown option `--sort`'],
  ])('a bad option (%s) lists what is allowed and calls nothing', async (flags, problem) => {
    const before = p001Bodies().length;
    await h.command(`count graphene battery ${flags}`);
    const note = await noteContaining(problem);
    expect(note.text).toContain('Nothing was sent.');
    expect(p001Bodies().length).toBe(before);
  });

  test('a query over 1,500 characters is refused with the limit; nothing is called', async () => {
    const before = p001Bodies().length;
    await h.command(`count ${'battery '.repeat(200)}`);
    const note = await noteContaining('at most 1,500 characters');
    expect(note.text).toContain('yours has 1,599');
    expect(p001Bodies().length).toBe(before);
  });

  test('a platform failure answers with what went wrong', async () => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200005, operation: 'P001', times: 1 });
    await h.command('count drone propeller');
    const note = await noteContaining('Counting failed');
    expect(note.text).toContain('call quota or balance for this key is used up');
  });

  test('in Chinese (`/iip lang zh`): the count, its footer and a refusal speak Chinese; the query and flags stay as typed', async () => {
    await h.command('lang zh', { user_id: 'U7' });
    await h.command('count 石墨烯 电池 --collapse-type DOCDB', { user_id: 'U7' });
    const note = await noteContaining('件专利命中 `石墨烯 电池`');
    expect(note.user).toBe('U7');
    expect(note.text).toMatch(/^🔢 共 \*\*[\d,]+\*\* 件专利命中/);
    expect(JSON.stringify(note.blocks)).toContain('按 DOCDB 合并 · 仅你可见；加上 `--share` 即可发布');
    await h.command('count 石墨烯 --collapse-by DATE', { user_id: 'U7' });
    const refusal = await noteContaining('`--collapse-by` 只能取 `APD`、`PBD`、`AUTHORITY`、`SCORE` 之一；`DATE` 无效。');
    expect(refusal.text).toContain('未发送任何内容。\n用法：`/iip count &lt;检索式&gt; [--collapse-type');
  });
});
