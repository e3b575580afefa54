/** The outcome family of a failed chat call, from the errors the Slack and Teams adapters really throw. */
import { describe, expect, test } from 'vitest';
import { chatOutcome } from '../../src/metrics/measured-adapter.js';
import { ChatRateLimitedError, MessageGoneError } from '../../src/core/chat-errors.js';
import { SlackApiError } from '../../src/adapters/slack/errors.js';
import { TeamsApiError } from '../../src/adapters/teams/errors.js';
import { threadId } from '../../src/core/thread-id.js';

describe('chatOutcome', () => {
  test('429, gone, 5xx from Slack codes and Teams statuses, the rest error', () => {
    expect(chatOutcome(new ChatRateLimitedError(1_000, 'T1', 'slack'))).toBe('429');
    expect(chatOutcome(new MessageGoneError({ thread: threadId('slack', 'T1', 'C1', '1.2'), messageId: '1.3' }))).toBe('gone');
    expect(chatOutcome(new SlackApiError('chat.update', 'http_503'))).toBe('5xx');
    expect(chatOutcome(new SlackApiError('chat.postMessage', 'internal_error'))).toBe('5xx');
    expect(chatOutcome(new SlackApiError('chat.postMessage', 'channel_not_found'))).toBe('error');
    expect(chatOutcome(new TeamsApiError('updateActivity', 500, 'ServiceError'))).toBe('5xx');
    expect(chatOutcome(new TeamsApiError('sendActivity', 403, 'Forbidden'))).toBe('error');
    expect(chatOutcome(new Error('socket hang up'))).toBe('error');
  });
});
