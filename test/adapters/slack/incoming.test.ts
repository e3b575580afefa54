import { describe, expect, it } from 'vitest';
import { eventToIncoming, stripBotMention } from '../../../src/adapters/slack/incoming/events.js';
import { blockActionToIncoming, viewSubmissionToIncoming } from '../../../src/adapters/slack/incoming/interactive.js';
import { parseActionId } from '../../../src/adapters/slack/render/interactive.js';
import { threadId } from '../../../src/core/thread-id.js';
import { blockActionsPayload, eventCallback, viewSubmissionPayload } from '../../helpers/slack-requests.js';

describe('Slack payloads to Incoming', () => {
  it('strips the bot mention (with or without a display name) and keeps the rest of the text as written', () => {
    expect(stripBotMention('<@UBOT> ask  what is\n  CRISPR?', 'UBOT')).toBe('ask  what is\n  CRISPR?');
    expect(stripBotMention('hey <@UBOT|iip> status', 'UBOT')).toBe('hey status');
    expect(stripBotMention('<@UOTHER> hi', 'UBOT')).toBe('<@UOTHER> hi');
    expect(stripBotMention('<@UBOT> hi', undefined)).toBe('hi');
  });

  it('reads actions back from their action ids', () => {
    expect(parseActionId('confirm:3')).toEqual({ action: 'confirm', kind: 'button' });
    expect(parseActionId('set:lang:select')).toEqual({ action: 'set:lang', kind: 'select' });
    expect(parseActionId('patents:multiselect')).toEqual({ action: 'patents', kind: 'multiselect' });
    expect(parseActionId('plain')).toEqual({ action: 'plain', kind: 'button' });
  });

  it('treats a thread_broadcast reply as a reply and a message_changed as nothing', () => {
    const base = { type: 'message', channel: 'C1', user: 'U1', text: 'more', ts: '2.0', thread_ts: '1.0' };
    expect(eventToIncoming(eventCallback({ ...base, subtype: 'thread_broadcast' }), 'UBOT')).toMatchObject({
      kind: 'reply',
      thread: threadId('slack', 'T1', 'C1', '1.0'),
    });
    expect(eventToIncoming(eventCallback({ ...base, subtype: 'message_changed' }), 'UBOT')).toBeUndefined();
  });

  it('does not mistake a mention of a similarly named user for a mention of the bot', () => {
    const reply = { type: 'message', channel: 'C1', user: 'U1', text: 'ask <@UBOT2>', ts: '2.0', thread_ts: '1.0' };
    expect(eventToIncoming(eventCallback(reply), 'UBOT')).toMatchObject({ kind: 'reply', mentioned: false, text: 'ask <@UBOT2>' });
  });

  it('takes a DM that mentions the bot as a command (no app_mention copy exists in DMs)', () => {
    const dm = { type: 'message', channel: 'D1', channel_type: 'im', user: 'U1', text: '<@UBOT> help', ts: '3.0' };
    expect(eventToIncoming(eventCallback(dm), 'UBOT')).toMatchObject({ kind: 'command', text: 'help' });
  });

  it('ignores payloads it cannot read', () => {
    expect(eventToIncoming({ type: 'event_callback' }, 'UBOT')).toBeUndefined();
    expect(blockActionToIncoming({ type: 'block_actions', actions: [] })).toBeUndefined();
    const inModal = blockActionsPayload({ action: { type: 'button', action_id: 'x:0', value: 'v' } });
    inModal.container = { type: 'view', view_id: 'V1' };
    expect(blockActionToIncoming(inModal)).toBeUndefined();
    expect(viewSubmissionToIncoming(viewSubmissionPayload({ privateMetadata: 'not json', values: {} }))).toBeUndefined();
    expect(
      viewSubmissionToIncoming(
        viewSubmissionPayload({ privateMetadata: JSON.stringify({ thread: 'nonsense', action: 'a', value: 'v' }), values: {} }),
      ),
    ).toBeUndefined();
  });
});
