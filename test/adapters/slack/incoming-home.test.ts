/**
 * The App Home's and the not-in-channel notice's payload conversions: which payloads become commands, and what
 * they carry (pure functions, Slack's payload shapes).
 */
import { describe, expect, it } from 'vitest';
import { homeOpenedToIncoming, homeStartClick, homeStartToIncoming } from '../../../src/adapters/slack/incoming/home.js';
import { blockActionToIncoming } from '../../../src/adapters/slack/incoming/interactive.js';
import { RUN_IN_DM_ACTION_ID, unreachableNotice } from '../../../src/adapters/slack/render/unreachable.js';
import { translatorFor } from '../../../src/i18n/index.js';
import { blockActionsPayload, eventCallback } from '../../helpers/slack-requests.js';

const opened = (tab: string) => eventCallback({ type: 'app_home_opened', user: 'U7', channel: 'DU7', tab }, { eventId: 'EvH1' });

describe('App Home payloads', () => {
  it('opening the Home tab is `home tab` from that user in their DM; the Messages tab is nothing', () => {
    expect(homeOpenedToIncoming(opened('home'))).toEqual({
      kind: 'command',
      eventId: 'EvH1',
      user: { id: 'U7' },
      workspaceId: 'T1',
      text: 'home tab',
      conversation: 'slack:T1:U7',
    });
    expect(homeOpenedToIncoming(opened('messages'))).toBeUndefined();
  });

  it('a Start button opens its modal with what the button offers; a forged value opens nothing', () => {
    const click = (value: string) => ({
      type: 'block_actions',
      trigger_id: 't1',
      user: { id: 'U1', username: 'ada', team_id: 'T1' },
      container: { type: 'view', view_id: 'V1' },
      actions: [{ action_id: 'iip-home-start:chat', value }],
    });
    expect(homeStartClick(click(JSON.stringify([{ verb: 'ask', summary: 'the general model' }])))).toEqual({
      kind: 'chat',
      triggerId: 't1',
      userId: 'U1',
      starts: [{ verb: 'ask', summary: 'the general model' }],
    });
    expect(homeStartClick(click('not json'))).toBeUndefined();
    expect(homeStartClick(click('[]'))).toBeUndefined();
  });

  it('a submitted Start modal composes the command where the user chose, or in their DM when they chose none', () => {
    const submission = (where: string | null) => ({
      type: 'view_submission',
      team: { id: 'T1' },
      user: { id: 'U7', name: 'ada' },
      view: {
        id: 'V9',
        state: {
          values: {
            verb: { verb: { type: 'static_select', selected_option: { value: 'novelty' } } },
            question: { question: { type: 'plain_text_input', value: '  A self-heating lunch box  ' } },
            options: { options: { type: 'plain_text_input', value: '--lang en' } },
            where: { where: { type: 'conversations_select', selected_conversation: where } },
          },
        },
      },
    });
    expect(homeStartToIncoming(submission('C5'))).toMatchObject({
      kind: 'command',
      eventId: 'form:V9',
      text: 'novelty A self-heating lunch box --lang en',
      conversation: 'slack:T1:C5',
    });
    expect(homeStartToIncoming(submission(null))?.conversation).toBe('slack:T1:U7');
  });
});

describe('the not-in-channel notice', () => {
  it('its button carries the whole command, and clicking it runs that command in the clicker’s DM', () => {
    const notice = unreachableNotice('ask Why is the sky blue?', translatorFor('en'));
    const button = notice.blocks.flatMap((b) => (b.type === 'actions' ? b.elements : [])).at(0) as { action_id: string; value: string };
    expect(button).toMatchObject({ action_id: RUN_IN_DM_ACTION_ID, value: 'ask Why is the sky blue?' });
    const payload = blockActionsPayload({ action: { type: 'button', ...button }, channel: 'G9', userId: 'U7', triggerId: 'tr1' });
    expect(blockActionToIncoming(payload)).toMatchObject({
      kind: 'command',
      eventId: 'action:tr1',
      text: 'ask Why is the sky blue?',
      conversation: 'slack:T1:U7',
      triggerId: 'tr1',
    });
  });

  it('a command too long for a button is shown whole, to copy, and has no button', () => {
    const long = `disclosure ${'shear-thickening helmet layer '.repeat(300)}`.trim();
    const notice = unreachableNotice(long, translatorFor('en'));
    expect(notice.blocks.some((b) => b.type === 'actions')).toBe(false);
    const shown = notice.blocks.map((b) => (b.type === 'section' ? (b.text?.text ?? '') : '')).join('');
    expect(shown.replace(/```/g, '').replace(/\s+/g, ' ')).toContain(long.replace(/\s+/g, ' '));
    expect(shown).toContain('copy it into a direct message');
  });
});
