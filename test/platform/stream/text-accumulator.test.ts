/** Delta or cumulative content, never the same text twice. */
import { describe, expect, it } from 'vitest';
import { TextAccumulator } from '../../../src/platform/stream/text-accumulator.js';

const run = (contents: (string | null)[]) => {
  const accumulator = new TextAccumulator();
  const added = contents.map((content) => accumulator.push(content));
  return { added, text: accumulator.text };
};

describe('TextAccumulator', () => {
  it('passes deltas through', () => {
    expect(run(['The ', 'answer ', 'is 42.'])).toEqual({ added: ['The ', 'answer ', 'is 42.'], text: 'The answer is 42.' });
  });

  it('turns cumulative content into deltas', () => {
    expect(run(['The', 'The answer', 'The answer is 42.'])).toEqual({ added: ['The', ' answer', ' is 42.'], text: 'The answer is 42.' });
  });

  it('adds nothing for a repeated cumulative event or a final restatement of the whole answer', () => {
    expect(run(['The', 'The answer', 'The answer', 'The answer']).text).toBe('The answer');
    const deltas = run(['The answer is ', 'forty-two, ', 'as computed.', 'The answer is forty-two, as computed.']);
    expect(deltas.text).toBe('The answer is forty-two, as computed.');
    expect(deltas.added.at(-1)).toBe('');
  });

  it('keeps only the new tail when a delta stream ends with the whole text plus more', () => {
    const result = run(['The answer is ', 'forty-two', 'The answer is forty-two.']);
    expect(result).toEqual({ added: ['The answer is ', 'forty-two', '.'], text: 'The answer is forty-two.' });
  });

  it('drops a revision of text already sent once the stream is known to be cumulative', () => {
    const result = run(['Alpha', 'Alpha beta', 'Alpha beta gamma', 'Alfa beta gamma delta', 'Alpha beta gamma delta']);
    expect(result.text).toBe('Alpha beta gamma delta');
  });

  it('re-judges a stream as deltas when one short coincidence made it look cumulative', () => {
    // "*" then "**Bold": looks cumulative; the next delta contradicts that, so deltas are appended from there.
    const result = run(['*', '**Bold', '** text', ' here']);
    expect(result.added.slice(2)).toEqual(['** text', ' here']);
    expect(result.text).toBe('**Bold** text here');
  });

  it('ignores empty and null content', () => {
    expect(run(['', null, 'a', '', 'b'])).toEqual({ added: ['', '', 'a', '', 'b'], text: 'ab' });
  });
});
