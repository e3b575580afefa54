import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormSpec } from '../../../src/core/message.js';
import { threadId } from '../../../src/core/thread-id.js';
import { blockActionsPayload, sendInteraction, viewSubmissionPayload } from '../../helpers/slack-requests.js';
import { SIGNING_SECRET, startSlackHarness, type SlackHarness } from './harness.js';

let harness: SlackHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const THREAD = threadId('slack', 'T1', 'C1', '1700000000.000001');

describe('Slack adapter: block actions', () => {
  it("turns a button click into an ActionIncoming with the message's multi-select state", async () => {
    const h = (harness = await startSlackHarness());
    const payload = blockActionsPayload({
      action: { type: 'button', action_id: 'confirm:2', value: 'step=2;v=7', block_id: 'act' },
      messageTs: '1700000000.000005',
      threadTs: '1700000000.000001',
      triggerId: 'trig-1',
      values: {
        patents: { 'patents:multiselect': { type: 'checkboxes', selected_options: [{ value: 'P1' }, { value: 'P3' }] } },
        more: { 'more:multiselect': { type: 'multi_static_select', selected_options: [] } },
      },
    });
    const res = await sendInteraction(h.eventsUrl, SIGNING_SECRET, payload);
    expect(res.status).toBe(200);
    expect(h.received).toEqual([
      {
        kind: 'action',
        eventId: 'action:trig-1',
        user: { id: 'U1', name: 'alice' },
        workspaceId: 'T1',
        thread: THREAD,
        messageId: '1700000000.000005',
        action: 'confirm',
        value: 'step=2;v=7',
        selections: { patents: ['P1', 'P3'], more: [] },
        triggerId: 'trig-1',
        triggerDeadline: expect.any(Number),
      },
    ]);
  });

  it("takes the thread from a top-level message's own ts, and a select's value from its chosen option", async () => {
    const h = (harness = await startSlackHarness());
    await sendInteraction(
      h.eventsUrl,
      SIGNING_SECRET,
      blockActionsPayload({
        action: {
          type: 'static_select',
          action_id: 'pick-lang:select',
          selected_option: { value: 'en', text: { type: 'plain_text', text: 'English' } },
        },
        messageTs: '1700000000.000001',
      }),
    );
    expect(h.received).toHaveLength(1);
    expect(h.received[0]).toMatchObject({ kind: 'action', action: 'pick-lang', value: 'en', thread: THREAD });
  });

  it('acknowledges a checkbox toggle without handing it over', async () => {
    const h = (harness = await startSlackHarness());
    const toggle = await sendInteraction(
      h.eventsUrl,
      SIGNING_SECRET,
      blockActionsPayload({
        action: { type: 'checkboxes', action_id: 'patents:multiselect', selected_options: [{ value: 'P1' }] },
      }),
    );
    expect(toggle.status).toBe(200);
    await sendInteraction(h.eventsUrl, SIGNING_SECRET, blockActionsPayload({ action: { type: 'button', action_id: 'cancel:0', value: 'v' } }));
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received[0]).toMatchObject({ action: 'cancel' });
  });
});

describe('Slack adapter: forms', () => {
  const form: FormSpec = {
    action: 'edit-solution',
    title: 'Edit the solution',
    submitLabel: 'Save',
    value: 'step=3;v=2',
    fields: [
      { id: 'summary', label: 'Summary', kind: 'text', initial: 'old summary', maxLength: 200 },
      { id: 'details', label: 'Details', kind: 'multiline', optional: true },
      {
        id: 'claims',
        label: 'Claims to keep',
        kind: 'checkboxes',
        options: [
          { value: 'c1', label: 'Claim 1' },
          { value: 'c2', label: 'Claim 2' },
        ],
        initial: ['c1'],
      },
      { id: 'note', label: 'Task', kind: 'readonly', initial: 'novelty search #42' },
    ],
  };

  it('opens a modal with views.open and turns its submission into a FormIncoming', async () => {
    const h = (harness = await startSlackHarness());
    await h.adapter.openForm?.('trig-7', THREAD, form);
    expect(h.fake.views).toHaveLength(1);
    const opened = h.fake.views[0];
    expect(opened?.triggerId).toBe('trig-7');
    const view = opened?.view as { callback_id: string; private_metadata: string; blocks: { block_id: string; type: string }[] };
    expect(view.blocks.map((b) => [b.block_id, b.type])).toEqual([
      ['summary', 'input'],
      ['details', 'input'],
      ['claims', 'input'],
      ['note', 'section'],
    ]);

    const res = await sendInteraction(
      h.eventsUrl,
      SIGNING_SECRET,
      viewSubmissionPayload({
        callbackId: view.callback_id,
        privateMetadata: view.private_metadata,
        values: {
          summary: { summary: { type: 'plain_text_input', value: 'a new summary' } },
          details: { details: { type: 'plain_text_input', value: null } },
          claims: { claims: { type: 'checkboxes', selected_options: [{ value: 'c2' }] } },
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(h.received).toEqual([
      {
        kind: 'form',
        eventId: 'form:V1',
        user: { id: 'U1', name: 'alice' },
        workspaceId: 'T1',
        thread: THREAD,
        action: 'edit-solution',
        value: 'step=3;v=2',
        fields: { summary: 'a new summary', details: '', claims: ['c2'] },
      },
    ]);
  });

  it('ignores a submission whose metadata names a thread of another workspace', async () => {
    const h = (harness = await startSlackHarness());
    const forged = JSON.stringify({ thread: threadId('slack', 'T2', 'C1', '1.2'), action: 'edit-solution', value: 'x' });
    const res = await sendInteraction(h.eventsUrl, SIGNING_SECRET, viewSubmissionPayload({ privateMetadata: forged, values: {} }));
    expect(res.status).toBe(200);
    await sendInteraction(h.eventsUrl, SIGNING_SECRET, blockActionsPayload({ action: { type: 'button', action_id: 'cancel:0', value: 'v' } }));
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received[0]?.kind).toBe('action');
  });

  it('refuses to open a form without a trigger id', async () => {
    const h = (harness = await startSlackHarness());
    await expect(h.adapter.openForm?.('', THREAD, form)).rejects.toThrow(/trigger_id/);
    expect(h.fake.callsTo('views.open')).toHaveLength(0);
  });
});
