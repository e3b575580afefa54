/** The LIMIT_* variables: defaults, overrides (0 turns a limit off), and one clear problem for a bad value. */
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { ENV_HELP } from '../src/config-help.js';
import { DEFAULT_LIMITS } from '../src/core/limits.js';

describe('limit variables', () => {
  test('default to 3 and 30 answers, 5 and 50 workflows, 15 minutes of idle time', () => {
    expect(loadConfig({}).limits).toEqual({
      answersPerUser: 3,
      answersPerWorkspace: 30,
      workflowsPerUser: 5,
      workflowsPerWorkspace: 50,
      workflowIdleMs: 900_000,
      answerQueuePerWorkspace: 100,
      answerQueueWaitMs: 300_000,
    });
    expect(loadConfig({}).limits).toEqual(DEFAULT_LIMITS);
  });

  test('are read, 0 included, and listed in --help', () => {
    const config = loadConfig({
      LIMIT_ANSWERS_PER_USER: '1',
      LIMIT_ANSWERS_PER_WORKSPACE: '0',
      LIMIT_WORKFLOWS_PER_USER: '2',
      LIMIT_WORKFLOWS_PER_WORKSPACE: '7',
      LIMIT_WORKFLOW_IDLE_MS: '60000',
      LIMIT_ANSWER_QUEUE_PER_WORKSPACE: '0',
      LIMIT_ANSWER_QUEUE_WAIT_MS: '90000',
    });
    expect(config.limits).toEqual({
      answersPerUser: 1,
      answersPerWorkspace: 0,
      workflowsPerUser: 2,
      workflowsPerWorkspace: 7,
      workflowIdleMs: 60_000,
      answerQueuePerWorkspace: 0,
      answerQueueWaitMs: 90_000,
    });
    const help = ENV_HELP.map(([names]) => names).join(', ');
    for (const name of [
      'LIMIT_ANSWERS_PER_USER',
      'LIMIT_ANSWERS_PER_WORKSPACE',
      'LIMIT_WORKFLOWS_PER_USER',
      'LIMIT_WORKFLOWS_PER_WORKSPACE',
      'LIMIT_WORKFLOW_IDLE_MS',
      'LIMIT_ANSWER_QUEUE_PER_WORKSPACE',
      'LIMIT_ANSWER_QUEUE_WAIT_MS',
    ]) {
      expect(help).toContain(name);
    }
  });

  test('a bad value is one problem naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({ LIMIT_ANSWERS_PER_USER: 'many', LIMIT_WORKFLOW_IDLE_MS: '5' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.some((p) => p.startsWith('LIMIT_ANSWERS_PER_USER:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LIMIT_WORKFLOW_IDLE_MS:'))).toBe(true);
  });
});
