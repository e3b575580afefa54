/** "Change a verdict" names a reference by its number in the list (2) or by its column in the comparison (D2). */
import { expect, test } from 'vitest';
import { readVerdict } from '../../src/handlers/novelty/verdicts.js';
import { translatorFor } from '../../src/i18n/index.js';

const features = [{ tech_feature: 'hinge' }, { tech_feature: 'damping layer' }];
// the second reference is left out: the comparison's columns are D1 = list 1 and D2 = list 3
const references = [
  { key: 'CN1', entry: { features }, included: true },
  { key: 'CN2', entry: { features }, included: false },
  { key: 'US3', entry: { features }, included: true },
];

test('a list number and a D-number each name their own reference', () => {
  expect(readVerdict({ reference: '2', feature: '1', verdict: 'obvious' }, references, translatorFor('en')).key).toBe('CN2#0');
  expect(readVerdict({ reference: 'D2', feature: '1', verdict: 'obvious' }, references, translatorFor('en')).key).toBe('US3#0');
  expect(readVerdict({ reference: ' d1 ', feature: '2', verdict: 'disclosed' }, references, translatorFor('en'))).toEqual({
    key: 'CN1#1',
    override: { type: 'public' },
  });
});

test('a reference that names nothing is refused with both ways of naming one', () => {
  for (const reference of ['D3', '4', '0', 'x', ''])
    expect(() => readVerdict({ reference, feature: '1', verdict: 'obvious' }, references, translatorFor('en'))).toThrow(
      'Give the reference by its number in the list (1 to 3) or its column in the comparison (D1, D2, …); nothing was changed.',
    );
});
