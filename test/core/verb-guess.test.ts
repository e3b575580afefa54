/** Which lone words are taken for a mistyped command, and which still go to the model as a one-word question. */
import { expect, test } from 'vitest';
import { editDistance, wordMistake } from '../../src/core/verb-guess.js';

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
  expect(wordMistake('hepl', VERBS)).toEqual({ word: 'hepl', nearest: 'help' });
  expect(wordMistake('Stauts', VERBS)).toEqual({ word: 'stauts', nearest: 'status' });
  expect(wordMistake('aks', VERBS)).toEqual({ word: 'aks', nearest: 'ask' });
  expect(wordMistake('novelyt', VERBS)).toEqual({ word: 'novelyt', nearest: 'novelty' });
  expect(wordMistake('encyclopaedia', VERBS)).toEqual({ word: 'encyclopaedia', nearest: 'encyclopedia' });
});

test('words people try as commands are caught with what to do instead', () => {
  expect(wordMistake('clear', VERBS)?.hint).toContain('`clear` starts it over');
  expect(wordMistake('stop', VERBS)?.hint).toBe('to stop a workflow, type `cancel` in its thread');
});

test('verbs, questions and one-word topics are not mistakes', () => {
  for (const text of ['help', 'pharm', 'What is CRISPR?', 'ask me', 'hey', 'hi', 'hello', 'dendrites', 'CRISPR-Cas9', 'siRNA', '42'])
    expect(wordMistake(text, VERBS), text).toBeUndefined();
});

test('edit distance counts a swap of neighbours as one edit', () => {
  expect(editDistance('hepl', 'help')).toBe(1);
  expect(editDistance('kitten', 'sitting')).toBe(3);
  expect(editDistance('', 'abc')).toBe(3);
});
