/**
 * How much the bot reads from the platform gateway and how long it waits for it (IIP_MAX_*, IIP_STREAM_*,
 * IIP_RETRY_AFTER_MAX_MS), and how much of one chat answer it posts (ANSWER_MAX_*). The defaults are limits a
 * real answer never reaches; docs/operations.md explains each.
 */
import { intWithDefault } from './config-fields.js';

const MiB = 1024 * 1024;

export const GATEWAY_ENV_FIELDS = {
  IIP_MAX_JSON_BYTES: intWithDefault(8 * MiB, 1024),
  IIP_MAX_EVENT_BYTES: intWithDefault(1 * MiB, 1024),
  IIP_MAX_STREAM_BYTES: intWithDefault(256 * MiB, 1024),
  IIP_MAX_STREAM_CHARS: intWithDefault(200_000, 1_000),
  IIP_STREAM_SILENCE_MS: intWithDefault(120_000, 100),
  IIP_STREAM_DEADLINE_MS: intWithDefault(600_000, 100),
  IIP_RETRY_AFTER_MAX_MS: intWithDefault(15_000),
  ANSWER_MAX_CHARS: intWithDefault(40_000, 100),
  ANSWER_MAX_MESSAGES: intWithDefault(10, 1),
};

type GatewayEnv = { [K in keyof typeof GATEWAY_ENV_FIELDS]: number };

export interface GatewayConfig {
  limits: { maxJsonBytes: number; maxEventBytes: number; maxStreamBytes: number; maxStreamChars: number };
  timeouts: { streamSilenceMs: number; streamDeadlineMs: number };
  /** a Retry-After longer than this is not waited: the user is told when to try again */
  maxRetryAfterMs: number;
  answers: { maxChars: number; maxMessages: number };
}

export function gatewayConfig(e: GatewayEnv): GatewayConfig {
  return {
    limits: {
      maxJsonBytes: e.IIP_MAX_JSON_BYTES,
      maxEventBytes: e.IIP_MAX_EVENT_BYTES,
      maxStreamBytes: e.IIP_MAX_STREAM_BYTES,
      maxStreamChars: e.IIP_MAX_STREAM_CHARS,
    },
    timeouts: { streamSilenceMs: e.IIP_STREAM_SILENCE_MS, streamDeadlineMs: e.IIP_STREAM_DEADLINE_MS },
    maxRetryAfterMs: e.IIP_RETRY_AFTER_MAX_MS,
    answers: { maxChars: e.ANSWER_MAX_CHARS, maxMessages: e.ANSWER_MAX_MESSAGES },
  };
}
