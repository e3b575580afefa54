/**
 * The continuation prompt's count in an interactive terminal (issue 28): recounted as keys are typed, put before
 * the line a paste leaves in readline's buffer, the wrapped line redrawn in place, and Ctrl-C abandoning it all.
 */
import { describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';

describe('in the interactive terminal', () => {
  const quiet = async (): Promise<void> => {};

  it('a typed continued line: the prompt counts the lines so far and recounts as keys are typed', async () => {
    const h = await startHarness(quiet, { interactive: true, columns: 60, rows: 8 });
    h.type('novelty 1. A mug\\\r');
    await h.until(() => h.vt.screen().at(-1) === '… 8 / 5,000');
    h.type('  a body');
    await h.until(() => h.vt.screen().at(-1) === '… 17 / 5,000   a body');
    h.type('\r');
    expect(await h.nextIncoming(1)).toMatchObject({ kind: 'command', text: 'novelty 1. A mug\n  a body' });
    await h.until(() => h.vt.screen().at(-1) === 'iip>');
    await h.adapter.stop();
  });

  it('a paste: the plain prompt while it arrives, then the count before the line left in the buffer', async () => {
    const h = await startHarness(quiet, { interactive: true, columns: 60, rows: 8 });
    h.type('\x1b[200~novelty 1. A mug\r  a body\r  a lid\x1b[201~');
    await h.until(() => h.vt.screen().at(-1) === '… 25 / 5,000   a lid');
    expect(h.vt.screen().slice(-3)).toEqual(['iip> novelty 1. A mug', '…   a body', '… 25 / 5,000   a lid']);
    h.type('\r');
    expect(await h.nextIncoming(1)).toMatchObject({ kind: 'command', text: 'novelty 1. A mug\n  a body\n  a lid' });
    await h.adapter.stop();
  });

  it('redraws a wrapped line in place: typed past the edge without a new count, and pasted to the very edge', async () => {
    const h = await startHarness(quiet, { interactive: true, columns: 20, rows: 8 });
    h.type('novelty ab\\\rxxxxx');
    await h.until(() => h.vt.screen().at(-1) === '… 8 / 5,000 xxxxx');
    // spaces at the end count nothing (trailing), so the line wraps without a redraw; the next letter redraws it
    h.type('      ');
    h.type('y');
    await h.until(() => h.vt.screen().at(-1) === '    y');
    expect(h.vt.screen()).toEqual(['iip> novelty ab\\', '… 10 / 5,000 xxxxx', '    y']);
    // Ctrl-C abandons the input, the line being typed too; what was typed stays on screen above a fresh prompt
    h.type('\x03');
    await h.until(() => h.vt.screen().at(-1) === 'iip>');
    expect(h.vt.screen()).toEqual(['iip> novelty ab\\', '… 10 / 5,000 xxxxx', '    y', 'iip>']);
    // the pasted last line fills two rows exactly: the cursor waits at the edge of the second
    h.type(`\x1b[200~novelty ab\r${'x'.repeat(38)}\x1b[201~`);
    await h.until(() => h.vt.screen().at(-1) === 'x'.repeat(11));
    expect(h.vt.screen().slice(-4)).toEqual(['iip> novelty ab', `… 41 / 5,000 ${'x'.repeat(7)}`, 'x'.repeat(20), 'x'.repeat(11)]);
    h.type('\r');
    expect(await h.nextIncoming(1)).toMatchObject({ kind: 'command', text: `novelty ab\n${'x'.repeat(38)}` });
    await h.adapter.stop();
  });
});
