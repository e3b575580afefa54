/**
 * Issue 17 in the terminal adapter: what a person reads and types around choices, destructive buttons, forms and
 * text they typed themselves (the transcript of a piped session, as printed).
 */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../src/adapters/console/render-terminal.js';
import { plainStyle } from '../../../src/adapters/console/style.js';
import { quoteUserText, type Button, type OutgoingMessage } from '../../../src/core/message.js';
import { startHarness } from './harness.js';

const plain = (message: OutgoingMessage): string[] => renderMessage(message, { style: plainStyle, width: undefined });

const cancel: Button = {
  action: 'cancel',
  label: 'Cancel',
  value: 'v',
  style: 'danger',
  confirm: { title: 'Cancel the novelty search?', text: 'Everything so far is dropped.', confirm: 'Yes, cancel it', deny: 'No, keep it' },
};

describe('what the terminal shows', () => {
  it("shows a user's own text as typed, whatever markdown escapes it went through", () => {
    const query = 'PBD:[20200101 TO 20241231] AND PDI < 0.3 *not bold* a_b #1 `x`';
    expect(plain({ text: `> ${quoteUserText(query)}` })).toEqual([`│ ${query}`]);
    expect(plain({ text: 'a \\< b \\& c \\" d \\: e' })).toEqual(['a < b & c " d : e']);
  });

  it('keys stay the same from screen to screen: options are numbered, buttons keep their letters, Cancel is x', () => {
    const goals: OutgoingMessage = {
      text: 'goals',
      blocks: [
        {
          type: 'multiSelect',
          id: 'g',
          label: 'Goals',
          options: ['1. A smartphone', '2. A tablet', '3. A watch'].map((label, i) => ({ value: String(i), label })),
          selected: ['0'],
        },
        { type: 'actions', buttons: [{ action: 'continue', label: 'Continue', value: 'v', style: 'primary' }, cancel] },
      ],
    };
    expect(plain(goals)).toEqual([
      'Goals',
      '  1. [x] A smartphone',
      '  2. [ ] A tablet',
      '  3. [ ] A watch',
      '[c] Continue  [x] Cancel',
      'Type the numbers to tick, then a letter (e.g. 1 3 c); or just a letter.',
    ]);
    const next: OutgoingMessage = {
      text: 'n',
      blocks: [{ type: 'actions', buttons: [{ action: 'continue', label: 'Continue', value: 'v' }, cancel] }],
    };
    expect(plain(next)).toEqual(['[c] Continue  [x] Cancel', 'Type c or x to choose.']);
    const wait: OutgoingMessage = { text: 'w', blocks: [{ type: 'actions', buttons: [cancel] }] };
    expect(plain(wait)).toEqual(['[x] Cancel', 'Type x to choose.']);
    const menu: OutgoingMessage = {
      text: 'm',
      blocks: [{ type: 'select', id: 's', action: 'pick', label: 'Node', value: '', options: [{ value: 'a', label: 'Battery' }] }],
    };
    expect(plain(menu)).toEqual(['Node', '  1. Battery', 'Type 1 to choose.']);
  });

  it('a destructive button asks first: only y sends it; a late key meant for another screen is refused', async () => {
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command') {
        await adapter.post(incoming.thread!, {
          text: 'Searching',
          blocks: [
            { type: 'markdown', text: '⏳ Searching…' },
            { type: 'actions', buttons: [cancel] },
          ],
        });
      }
    });
    h.type('novelty hinge\nc\nx\n\nx\nn\nx\ny\nexit\n');
    await h.adapter.closed;
    expect(h.incomings.map((i) => (i.kind === 'action' ? i.action : i.kind))).toEqual(['command', 'cancel']);
    const text = h.text();
    const order = [
      '[x] Cancel',
      'No choice c: type x.',
      'Everything so far is dropped.',
      'Cancel the novelty search? y/N> ',
      'Cancel: not done; nothing changed.',
      'Cancel the novelty search? y/N> n',
      'Cancel: not done; nothing changed.',
      'Cancel the novelty search? y/N> y',
      '→ Cancel',
    ];
    let at = 0;
    for (const part of order) {
      const found = text.indexOf(part, at);
      expect(found, `"${part}" after position ${at}:\n${text}`).toBeGreaterThanOrEqual(0);
      at = found + part.length;
    }
  });

  it('a form says what finishing it does before its first field; "optional" and an option\'s number are not told twice', async () => {
    const h = await startHarness(async (incoming, adapter) => {
      if (incoming.kind === 'command') {
        await adapter.openForm!('t', incoming.thread!, {
          action: 'a',
          title: 'Edit the features',
          submitLabel: 'Save',
          outcome: '"Save" keeps your changes and shows this step again; nothing is sent until you press "Confirm".',
          value: 'v',
          fields: [
            { id: 'add', label: 'Add a feature (optional)', kind: 'text', optional: true, maxLength: 500 },
            {
              id: 'keep',
              label: 'Products',
              kind: 'checkboxes',
              options: [
                { value: 'a', label: '1. A smartphone' },
                { value: 'b', label: '2. A tablet' },
              ],
              initial: ['a'],
            },
          ],
        });
      }
    });
    h.type('novelty hinge\n\n\nexit\n');
    await h.adapter.closed;
    const text = h.text();
    expect(text).toContain('Edit the features\n"Save" keeps your changes and shows this step again; nothing is sent until you press "Confirm".');
    expect(text.indexOf('nothing is sent')).toBeLessThan(text.indexOf('Add a feature'));
    expect(text).toContain('Add a feature (optional) (at most 500 characters)');
    expect(text).not.toContain('(optional) (optional');
    expect(text).toContain('  1. [x] A smartphone\n  2. [ ] A tablet');
  });

  it('a step that settles after the user answered shows only its new end again, in a transcript and on a live screen', async () => {
    const step = (settled: boolean): OutgoingMessage => ({
      text: 'Step 1',
      blocks: [
        { type: 'markdown', text: '**Step 1 of 5 · Technical solution**\nA hinge with a damping layer.' },
        settled
          ? { type: 'context', text: '✅ Confirmed by Ada' }
          : { type: 'actions', buttons: [{ action: 'confirm', label: 'Confirm', value: 'v' }, cancel] },
      ],
    });
    for (const interactive of [false, true]) {
      const h = await startHarness(
        async (incoming, adapter) => {
          if (incoming.kind === 'command') await adapter.post(incoming.thread!, step(false));
          if (incoming.kind === 'action') await adapter.edit({ thread: incoming.thread, messageId: incoming.messageId }, step(true));
        },
        { interactive, columns: 60, rows: 30 },
      );
      if (interactive) {
        h.type('novelty hinge\r');
        await h.until(() => h.text().includes('[c] Confirm'));
        h.type('c\r');
        await h.until(() => h.vt.screen().includes('✅ Confirmed by Ada'));
      } else {
        h.type('novelty hinge\nc\nexit\n');
        await h.adapter.closed;
      }
      const shown = interactive ? h.vt.all().join('\n') : h.text();
      expect(shown, `interactive: ${interactive}`).toContain('── thread 1 · #1 (updated)\n✅ Confirmed by Ada');
      expect(shown.split('A hinge with a damping layer.').length - 1, `interactive: ${interactive}`).toBe(1);
      await h.adapter.stop();
    }
  });
});
