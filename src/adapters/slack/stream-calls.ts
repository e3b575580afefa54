/**
 * The Web API calls of a streamed answer (chat.startStream, chat.appendStream, chat.stopStream, and every
 * chat.update), sent as JSON with undici rather than through the WebClient. A streamed answer
 * makes a call per append, hundreds a second across 100 answers; the WebClient (axios, its request queue, form
 * encoding) allocated about 110 KB and 0.6 ms of CPU per call where this takes 25 KB and 0.15 ms (a local server,
 * 20 calls at a time), and that garbage held up the production start's memory under load. Slack takes JSON bodies
 * on these methods. Failures are shaped as the WebClient's and go through the same mapping (`slackChatError`), so
 * a 429 is a `ChatRateLimitedError` with its Retry-After and Slack's codes reach the stream as `SlackApiError`s.
 */
import { webApi } from '@slack/bolt';
import type { MessageRef } from '../../core/adapter.js';
import { Agent, type Dispatcher } from 'undici';
import { slackChatError } from './errors.js';
import { type RetryAfterGate, retryAfterGate } from './retry-after-gate.js';

const DEFAULT_API_URL = 'https://slack.com/api/';
const CALL_TIMEOUT_MS = 30_000;

/** Retry-After in whole seconds, as the WebClient reads it; undefined when absent or unreadable. */
const retryAfterSeconds = (header: string | string[] | undefined): number | undefined => {
  const seconds = Number.parseInt(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''), 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

/** An `ApiCall` that can name the message an edit is for: Slack's "no such message" then fails as `MessageGoneError`. */
export type JsonApiCall = (team: string, method: string, args: Record<string, unknown>, ref?: MessageRef) => Promise<Record<string, unknown>>;

/** Idle connections are unreferenced (undici), so they keep no process alive; the agent lives as long as the adapter. */
export function slackStreamCalls(
  tokenFor: (team: string) => Promise<string>,
  apiUrl = DEFAULT_API_URL,
  gate: RetryAfterGate = retryAfterGate(),
): JsonApiCall {
  const base = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
  const agent = new Agent({ headersTimeout: CALL_TIMEOUT_MS, bodyTimeout: CALL_TIMEOUT_MS });

  return async (team, method, args, ref?) => {
    const fail = (failure: unknown) => slackChatError(failure, { method, teamId: team, ...(ref ? { ref } : {}) });
    const token = await tokenFor(team).catch((error: unknown) => {
      throw fail(error);
    });
    return gate.send(team, method, args.channel, async () => {
      let response: Dispatcher.ResponseData;
      try {
        response = await agent.request({
          origin: base.origin,
          path: `${base.pathname}${method}`,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(args),
        });
      } catch {
        throw fail({ code: webApi.ErrorCode.RequestError });
      }
      const retryAfter = retryAfterSeconds(response.headers['retry-after']);
      if (response.statusCode !== 200) {
        await response.body.dump();
        if (response.statusCode === 429) throw fail({ code: webApi.ErrorCode.RateLimitedError, retryAfter });
        throw fail({ code: webApi.ErrorCode.HTTPError, statusCode: response.statusCode });
      }
      const result = (await response.body.json().catch(() => ({ ok: false, error: 'invalid_json' }))) as Record<string, unknown>;
      if (result.ok === true) return result;
      const metadata = { ...(result.response_metadata as Record<string, unknown> | undefined), retryAfter };
      throw fail({ code: webApi.ErrorCode.PlatformError, data: { ...result, response_metadata: metadata } });
    });
  };
}
