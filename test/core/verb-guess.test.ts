/** Which lone words are taken for a mistyped command, and which still go to the model as a one-word question. */
import { expect, test } from 'vitest';
import { editDistance, firstWordMistake, withoutCopiedInvocation, wordMistake } from '../../src/core/verb-guess.js';
import { translatorFor } from '../../src/i18n/index.js';

const en = translatorFor('en');

const VERBS = [
  'ask',
  'pharm',
  'encyclopedia',
  'bio',
  'novelty',
  'count',
  'design',
  'report',
  'disclosure',
  'solution',
  'material',
  'key',
  'help',
  'status',
];

test('a typo of a verb is caught, with the nearest verb', () => {
  expect(wordMistake('hepl', VERBS, en)).toEqual({ word: 'hepl', nearest: 'help' });
  expect(wordMistake('Stauts', VERBS, en)).toEqual({ word: 'stauts', nearest: 'status' });
  expect(wordMistake('aks', VERBS, en)).toEqual({ word: 'aks', nearest: 'ask' });
  expect(wordMistake('novelyt', VERBS, en)).toEqual({ word: 'novelyt', nearest: 'novelty' });
  expect(wordMistake('encyclopaedia', VERBS, en)).toEqual({ word: 'encyclopaedia', nearest: 'encyclopedia' });
});

test('words people try as commands are caught with what to do instead', () => {
  expect(wordMistake('clear', VERBS, en)?.hint).toContain('`clear` starts it over');
  expect(wordMistake('stop', VERBS, en)?.hint).toBe('to stop a workflow, type `cancel` in its thread');
});

test('verbs, questions and one-word topics are not mistakes', () => {
  for (const text of ['help', 'pharm', 'What is CRISPR?', 'ask me', 'hey', 'hi', 'hello', 'dendrites', 'CRISPR-Cas9', 'siRNA', '42'])
    expect(wordMistake(text, VERBS, en), text).toBeUndefined();
});

test('edit distance counts a swap of neighbours as one edit', () => {
  expect(editDistance('hepl', 'help')).toBe(1);
  expect(editDistance('kitten', 'sitting')).toBe(3);
  expect(editDistance('', 'abc')).toBe(3);
});

test('a first word one edit from a verb, with words after it, is a typo of that command', () => {
  expect(firstWordMistake('noveltty A hinge', VERBS)).toEqual({ word: 'noveltty', nearest: 'novelty' });
  expect(firstWordMistake('Novlety a foldable hinge', VERBS)).toEqual({ word: 'novlety', nearest: 'novelty' });
  expect(firstWordMistake('solutoin cooling', VERBS)).toEqual({ word: 'solutoin', nearest: 'solution' });
  expect(firstWordMistake('desing a chair', VERBS)).toEqual({ word: 'desing', nearest: 'design' });
});

test('a question whose first word merely resembles a verb still goes to the model', () => {
  expect(firstWordMistake('noveltty', VERBS)).toBeUndefined(); // one word: wordMistake's case
  expect(firstWordMistake('novelty A hinge', VERBS)).toBeUndefined(); // a verb
  expect(firstWordMistake('materials that conduct heat', VERBS)).toBeUndefined(); // a plural
  expect(firstWordMistake('court rulings on obviousness', VERBS)).toBeUndefined(); // a changed letter in a short word
  expect(firstWordMistake('as a rule, what is prior art?', VERBS)).toBeUndefined();
  expect(firstWordMistake('noveltyy and obviousness', VERBS)).toEqual({ word: 'noveltyy', nearest: 'novelty' });
  expect(firstWordMistake('nvlty A hinge', VERBS)).toBeUndefined(); // two edits away
});

test('an invocation copied along with a command is dropped', () => {
  expect(withoutCopiedInvocation('/iip help')).toBe('help');
  expect(withoutCopiedInvocation('  @iip ask hi')).toBe('ask hi');
  expect(withoutCopiedInvocation('/IIP')).toBe('');
  expect(withoutCopiedInvocation('/iipx help')).toBe('/iipx help');
  expect(withoutCopiedInvocation('ask what /iip does')).toBe('ask what /iip does');
});
