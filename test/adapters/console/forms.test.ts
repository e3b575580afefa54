import { describe, expect, it } from 'vitest';
import type { FormSpec } from '../../../src/core/message.js';
import { markdown } from '../../../src/core/message.js';
import { startHarness, type Bot } from './harness.js';

const form: FormSpec = {
  action: 'edit-solution',
  title: 'Edit the solution',
  submitLabel: 'Save',
  value: 'step3:v7',
  fields: [
    { id: 'title', label: 'Title', kind: 'text', initial: 'Foldable hinge' },
    { id: 'problem', label: 'Problem', kind: 'multiline', initial: 'The hinge\nwears out' },
    { id: 'task', label: 'Task id', kind: 'readonly', initial: 'T-42' },
    {
      id: 'fields',
      label: 'Fields',
      kind: 'checkboxes',
      options: [
        { value: 'mech', label: 'Mechanics' },
        { value: 'mat', label: 'Materials' },
        { value: 'ee', label: 'Electronics' },
      ],
      initial: ['mech'],
    },
    { id: 'note', label: 'Note', kind: 'text', optional: true, maxLength: 10 },
  ],
};

/** Opens the form when the `Edit` button is clicked, as a handler does with the click's trigger id. */
const formBot: Bot = async (incoming, adapter) => {
  if (incoming.kind === 'command') {
    await adapter.post(incoming.thread!, {
      text: 'Solution',
      blocks: [
        { type: 'markdown', text: 'Solution ready.' },
        { type: 'actions', buttons: [{ action: 'edit', label: 'Edit', value: 'step3:v7' }] },
      ],
    });
  } else if (incoming.kind === 'action' && incoming.triggerId) {
    await adapter.openForm!(incoming.triggerId, incoming.thread, form);
  } else if (incoming.kind === 'form') {
    await adapter.post(incoming.thread, markdown('Saved.'));
  }
};

describe('forms asked at the prompt', () => {
  it('asks each field in order with its current value, keeps it on Enter, validates, and sends a FormIncoming', async () => {
    const h = await startHarness(formBot);
    h.type('ask solution\ne\n');
    await h.until(() => h.text().includes('current: Foldable hinge'));
    h.type('\n'); // Title: Enter keeps "Foldable hinge"
    h.type('The hinge\ncracks\n.\n'); // Problem: two lines ended by "."
    h.type('9\n'); // Fields: out of range, asked again
    h.type('2 3\n');
    h.type('much too long\n'); // Note: over maxLength, asked again
    h.type('ok\n');
    const submitted = await h.nextIncoming(3);
    expect(submitted).toMatchObject({
      kind: 'form',
      action: 'edit-solution',
      value: 'step3:v7',
      thread: h.incomings[0]?.kind === 'command' ? h.incomings[0].thread : '',
      fields: { title: 'Foldable hinge', problem: 'The hinge\ncracks', task: 'T-42', fields: ['mat', 'ee'], note: 'ok' },
    });
    h.type('exit\n'); // the bot's "Saved." is printed when the transcript is flushed on exit
    await h.adapter.closed;
    const text = h.text();
    const order = [
      'Edit the solution',
      'Answering the last field presses "Save".',
      'Title',
      'current: Foldable hinge',
      'Title> ',
      'Problem',
      '  current:\n    The hinge\n    wears out',
      'Problem> The hinge',
      'Problem …> cracks',
      'Task id: T-42',
      'Fields',
      '  1. [x] Mechanics\n  2. [ ] Materials',
      'Fields> 9',
      'Type numbers from 1 to 3',
      'Fields> 2 3',
      'Note (optional, at most 10 characters)',
      'Note> much too long',
      'Note takes at most 10 characters (this has 13).',
      'Note> ok',
      '✓ Save',
      'Saved.',
    ];
    let at = 0;
    for (const part of order) {
      const found = text.indexOf(part, at);
      expect(found, `"${part}" after position ${at}`).toBeGreaterThanOrEqual(0);
      at = found + part.length;
    }
    expect(h.incomings.map((i) => i.kind)).toEqual(['command', 'action', 'form']);
  });

  it('a required field left empty is asked again; `-` empties an optional one', async () => {
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command') {
        await adapter.openForm!('t', incoming.thread!, {
          action: 'a',
          title: 'T',
          submitLabel: 'Go',
          value: 'v',
          fields: [
            { id: 'name', label: 'Name', kind: 'text' },
            { id: 'memo', label: 'Memo', kind: 'text', optional: true, initial: 'old memo' },
          ],
        });
      }
    });
    h.type('ask x\n\nAda\n-\n');
    expect(await h.nextIncoming(2)).toMatchObject({ kind: 'form', fields: { name: 'Ada', memo: '' } });
    expect(h.text()).toContain('Name is required.');
    h.type('exit\n');
    await h.adapter.closed;
  });
});
