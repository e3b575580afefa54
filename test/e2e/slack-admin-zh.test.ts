/**
 * A Chinese-speaking Slack user (users.info locale zh-CN) through the real Slack app: `home` typed, `key status`,
 * `key` opening its form, and `usage` (refused for a member, the tables for an admin) all answer in Chinese.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness;
beforeAll(async () => {
  h = await startSlackBot({
    slack: { admins: ['UADMIN'], locales: { U1: 'zh-CN', UADMIN: 'zh-CN' } },
    env: { IIP_SECRET: 'zh-admin-test-secret-1234' },
  });
});
afterAll(async () => {
  await h.close();
});

async function noteFor(user: string, command: string): Promise<string> {
  const before = h.slack.ephemerals.length;
  await h.command(command, { user_id: user });
  return (await waitFor(() => h.slack.ephemerals.slice(before).find((e) => e.user === user), `the note for ${command}`)).text;
}

test('home, key status and usage speak Chinese; verbs and flags stay as typed', async () => {
  const home = await noteFor('U1', 'home');
  expect(home).toContain('暂无进行中的任务。');
  expect(home).toContain('开始对话：`/iip ask` 通用大模型；');
  expect(home).toContain('`/iip novelty` 引导式新颖性检索（选项：--lang en|cn --from YYYYMMDD --to YYYYMMDD）');
  expect(await noteFor('U1', 'key status')).toBe('本工作区使用机器人的默认密钥。');
  expect(await noteFor('U1', 'key remove')).toBe('只有工作区管理员才能更改平台 API 密钥。');
  expect(await noteFor('U1', 'usage')).toBe('只有工作区管理员才能查看用量。');
  const usage = await noteFor('UADMIN', 'usage');
  expect(usage).toContain('本工作区用量（按 UTC 日期计，含今天）');
  expect(usage).toContain('*各命令次数*（最近 7 天 · 最近 30 天）\n• `key`：2 · 2\n• `usage`：2 · 2\n• `home`：1 · 1');
  expect(usage).toContain('*各工作流步骤的平台调用次数*：最近 30 天没有记录。');
});

test("key opens the admin's form in Chinese", async () => {
  await h.command('key', { user_id: 'UADMIN', trigger_id: 'trigger-zh' });
  const view = await waitFor(() => h.slack.views.at(-1), 'the key form');
  const json = JSON.stringify(view);
  expect(json).toContain('平台 API 密钥');
  expect(json).toContain('本工作区的 API 密钥（sk-...）');
  expect(json).toContain('"保存"');
});
