/** Content-Disposition for any file name: an ASCII `filename`, and the name itself as RFC 5987's `filename*`. */
import { expect, test } from 'vitest';
import { asciiFileName, attachmentDisposition } from '../../src/lib/content-disposition.js';

test('an ASCII name is sent as it is, with no filename*', () => {
  expect(attachmentDisposition('Novelty-search-phone-hinge.docx')).toBe('attachment; filename="Novelty-search-phone-hinge.docx"');
});

test('a Chinese name: an ASCII fallback keeping the extension, and the UTF-8 name percent-encoded', () => {
  expect(attachmentDisposition('新颖性检索-手机铰链.docx')).toBe(
    `attachment; filename="download.docx"; filename*=UTF-8''${encodeURIComponent('新颖性检索-手机铰链')}.docx`,
  );
  expect(attachmentDisposition('铰链 hinge 报告.pdf')).toBe(
    `attachment; filename="hinge.pdf"; filename*=UTF-8''%E9%93%B0%E9%93%BE%20hinge%20%E6%8A%A5%E5%91%8A.pdf`,
  );
});

test('accents are dropped in the fallback, and the characters RFC 5987 does not allow bare are encoded', () => {
  expect(asciiFileName('Résumé – Ångström.pdf')).toBe('Resume-Angstrom.pdf');
  const header = attachmentDisposition("Café (l'été)*.docx");
  expect(header).toBe(`attachment; filename="Cafe-l-ete.docx"; filename*=UTF-8''Caf%C3%A9%20%28l%27%C3%A9t%C3%A9%29%2A.docx`);
  // every character after UTF-8'' is an RFC 5987 attr-char or a %XX escape
  expect(header.split("UTF-8''")[1]).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/);
  expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("Café (l'été)*.docx");
});

test('quotes and backslashes never reach the quoted fallback; a name with nothing ASCII is "download"', () => {
  expect(asciiFileName('a"b\\c.txt')).toBe('a-b-c.txt');
  expect(asciiFileName('报告')).toBe('download');
  expect(attachmentDisposition('报告')).toBe(`attachment; filename="download"; filename*=UTF-8''%E6%8A%A5%E5%91%8A`);
});
