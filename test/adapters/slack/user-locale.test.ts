/** Slack users' locales: asked once per user and hour, a failed lookup asked again, the oldest user forgotten first. */
import { expect, test } from 'vitest';
import { cachedUserLocales } from '../../../src/adapters/slack/user-locale.js';

test('a locale is looked up once an hour per team and user; a failure is not remembered', async () => {
  let now = 1_000_000;
  const asked: string[] = [];
  let failNext = false;
  const locales = cachedUserLocales(
    async (team, user) => {
      asked.push(`${team}:${user}`);
      if (failNext) {
        failNext = false;
        throw new Error('ratelimited');
      }
      return user === 'U1' ? 'zh-CN' : 'en-US';
    },
    () => now,
  );

  expect(await locales('T1', 'U1')).toBe('zh-CN');
  expect(await locales('T1', 'U1')).toBe('zh-CN');
  expect(await locales('T2', 'U1')).toBe('zh-CN');
  expect(await locales('T1', 'U2')).toBe('en-US');
  expect(asked).toEqual(['T1:U1', 'T2:U1', 'T1:U2']);

  now += 60 * 60_000 + 1;
  expect(await locales('T1', 'U1')).toBe('zh-CN');
  expect(asked).toHaveLength(4);

  failNext = true;
  await expect(locales('T3', 'U3')).rejects.toThrow('ratelimited');
  expect(await locales('T3', 'U3')).toBe('en-US');
  expect(asked.slice(-2)).toEqual(['T3:U3', 'T3:U3']);
});
