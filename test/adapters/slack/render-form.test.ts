import { describe, expect, it } from 'vitest';
import type { FormSpec } from '../../../src/core/message.js';
import { threadId } from '../../../src/core/thread-id.js';
import { FORM_CALLBACK_ID, renderForm } from '../../../src/adapters/slack/render/form.js';
import { SlackRenderError } from '../../../src/adapters/slack/render/limits.js';
import { viewSubmissionProblems, viewSubmissionToIncoming } from '../../../src/adapters/slack/incoming/interactive.js';
import { viewSubmissionPayload } from '../../helpers/slack-requests.js';

const THREAD = threadId('slack', 'T1', 'C1', '1.2');
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `o${i}`, label: `Option ${i}` }));

describe('renderForm', () => {
  it('renders each field kind as a modal block with the thread, action and value in private_metadata', () => {
    const form: FormSpec = {
      action: 'edit',
      title: 'A title far longer than Slack allows',
      submitLabel: 'Save',
      value: 'v=1',
      fields: [
        { id: 'a', label: 'Short', kind: 'text', initial: 'x', maxLength: 100 },
        { id: 'b', label: 'Long', kind: 'multiline', optional: true, maxLength: 50_000 },
        { id: 'c', label: 'Few', kind: 'checkboxes', options: options(3), initial: ['o2'] },
        { id: 'd', label: 'Many', kind: 'checkboxes', options: options(12) },
        { id: 'e', label: 'Shown', kind: 'readonly', initial: '<!channel> & more' },
      ],
    };
    const view = renderForm(THREAD, form);
    expect(view.callback_id).toBe(FORM_CALLBACK_ID);
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    expect(JSON.parse(view.private_metadata ?? '')).toEqual({ thread: THREAD, action: 'edit', value: 'v=1' });
    const [a, b, c, d, e] = view.blocks as unknown as Record<string, unknown>[];
    expect(a).toMatchObject({
      type: 'input',
      block_id: 'a',
      optional: false,
      element: { type: 'plain_text_input', action_id: 'a', multiline: false, max_length: 100, initial_value: 'x' },
    });
    expect(b).toMatchObject({
      type: 'input',
      block_id: 'b',
      optional: true,
      element: { type: 'plain_text_input', multiline: true, max_length: 3000 },
    });
    expect(c).toMatchObject({ type: 'input', element: { type: 'checkboxes', action_id: 'c', initial_options: [{ value: 'o2' }] } });
    expect(d).toMatchObject({ type: 'input', element: { type: 'multi_static_select', action_id: 'd' } });
    expect(e).toEqual({ type: 'section', block_id: 'e', text: { type: 'mrkdwn', text: '*Shown*\n&lt;!channel&gt; &amp; more' } });
  });

  it('refuses metadata that would not fit private_metadata', () => {
    const form: FormSpec = { action: 'x', title: 't', submitLabel: 's', value: 'v'.repeat(3000), fields: [{ id: 'a', label: 'A', kind: 'text' }] };
    expect(() => renderForm(THREAD, form)).toThrow(SlackRenderError);
  });

  it('carries a field check to the submission, which names the fields whose value cannot be read', () => {
    const check = { reads: 'publication-number', problem: 'Not a publication number.' } as const;
    const form: FormSpec = {
      action: 'form-add',
      title: 'Add a patent',
      submitLabel: 'Add',
      value: 'v=1',
      fields: [
        { id: 'pn', label: 'Publication number', kind: 'text', check },
        { id: 'note', label: 'Note', kind: 'text', optional: true },
      ],
    };
    const view = renderForm(THREAD, form);
    expect(JSON.parse(view.private_metadata ?? '')).toEqual({ thread: THREAD, action: 'form-add', value: 'v=1', checks: { pn: check } });
    const submitted = (pn: string) =>
      viewSubmissionPayload({
        privateMetadata: view.private_metadata ?? '',
        values: { pn: { pn: { type: 'plain_text_input', value: pn } }, note: { note: { type: 'plain_text_input', value: 'x' } } },
      });
    expect(viewSubmissionProblems(submitted('hinge'))).toEqual({ pn: 'Not a publication number.' });
    expect(viewSubmissionProblems(submitted('US 2019/0083787 A1'))).toBeUndefined();
    expect(viewSubmissionProblems(submitted('ＣＮ１１８２８９１１１Ａ'))).toBeUndefined();
    expect(viewSubmissionToIncoming(submitted('cn 118289111a'))?.fields).toEqual({ pn: 'cn 118289111a', note: 'x' });
    // a form without checks has nothing to refuse
    const plain = renderForm(THREAD, { ...form, fields: [{ id: 'pn', label: 'P', kind: 'text' }] });
    expect(viewSubmissionProblems(viewSubmissionPayload({ privateMetadata: plain.private_metadata ?? '', values: {} }))).toBeUndefined();
  });
});
