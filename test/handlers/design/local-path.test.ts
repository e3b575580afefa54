/** Which first words of `design` name a file on this computer (the rest are product words). */
import { expect, test } from 'vitest';
import { LOCAL_IMAGE_PATH } from '../../../src/handlers/design/local-image.js';

const pathIn = (field: string) => LOCAL_IMAGE_PATH.exec(field)?.[0];

test('paths and image file names, also quoted with spaces', () => {
  expect(pathIn('~/Pictures/case.png wireless earbuds')).toBe('~/Pictures/case.png');
  expect(pathIn('./case.jpg')).toBe('./case.jpg');
  expect(pathIn('../shots/case.webp earbuds')).toBe('../shots/case.webp');
  expect(pathIn('/tmp/case earbuds')).toBe('/tmp/case');
  expect(pathIn('C:\\Users\\ada\\case.png')).toBe('C:\\Users\\ada\\case.png');
  expect(pathIn('case.PNG earbuds')).toBe('case.PNG');
  expect(pathIn('"~/My Pictures/case.png" wireless earbuds')).toBe('"~/My Pictures/case.png"');
  expect(pathIn("'earbuds case.jpeg'")).toBe("'earbuds case.jpeg'");
});

test('product words are not paths, quoted or not', () => {
  expect(pathIn('wireless earbuds case')).toBeUndefined();
  expect(pathIn('"wireless earbuds" case')).toBeUndefined();
  expect(pathIn('earbuds case.png')).toBeUndefined();
});
