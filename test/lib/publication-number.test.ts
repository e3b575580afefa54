/** Publication numbers as people write them, read into the platform's form; what cannot be read is refused. */
import { expect, test } from 'vitest';
import { normalisePublicationNumber } from '../../src/lib/publication-number.js';

test('the common written forms of a publication number', () => {
  expect(normalisePublicationNumber('US 2019/0083787 A1')).toBe('US20190083787A1');
  expect(normalisePublicationNumber('us2019/0083787a1')).toBe('US20190083787A1');
  expect(normalisePublicationNumber('EP 1 234 567 B1')).toBe('EP1234567B1');
  expect(normalisePublicationNumber('US 10,123,456 B2')).toBe('US10123456B2');
  expect(normalisePublicationNumber('WO 2020/123456 A1')).toBe('WO2020123456A1');
  expect(normalisePublicationNumber('JP2019-123456A')).toBe('JP2019123456A');
  expect(normalisePublicationNumber(' CN118289111A ')).toBe('CN118289111A');
  expect(normalisePublicationNumber('ＣＮ１１８２８９１１１Ａ')).toBe('CN118289111A');
  expect(normalisePublicationNumber('CN 118289111.A')).toBe('CN118289111A');
});

test('text that is no publication number is not read as one', () => {
  expect(normalisePublicationNumber('')).toBeUndefined();
  expect(normalisePublicationNumber('hinge')).toBeUndefined();
  expect(normalisePublicationNumber('2019/0083787')).toBeUndefined();
  expect(normalisePublicationNumber('U.S. Pat. 10123456')).toBeUndefined();
  expect(normalisePublicationNumber('US')).toBeUndefined();
});
