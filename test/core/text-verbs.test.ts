/**
 * The text verbs a shortcut offers (core/text-verbs.ts) agree with the handlers: each is a verb the bot answers,
 * its limit is the one its handler enforces, and `--lang` goes only to the verbs whose parser takes it.
 */
import { expect, test } from 'vitest';
import { composeCommand, TEXT_VERBS } from '../../src/core/text-verbs.js';
import { ASK, ENCYCLOPEDIA, PHARM } from '../../src/handlers/chat/families.js';
import { MAX_FIELD_CHARS } from '../../src/handlers/design/options.js';
import { MAX_IDEA_WORDS } from '../../src/handlers/disclosure/options.js';
import { HANDLERS } from '../../src/handlers/index.js';
import { MAX_MATERIAL_CHARS } from '../../src/handlers/material/data.js';
import { MAX_IDEA_CHARS } from '../../src/handlers/novelty/options.js';
import { MAX_QUESTION_CHARS } from '../../src/handlers/report/options.js';
import { MAX_PROBLEM_CHARS } from '../../src/handlers/solution/data.js';

test('every text verb is a verb of a handler, with the limit its handler enforces', () => {
  const verbs = new Set(HANDLERS.flatMap((h) => h.verbs));
  for (const { verb } of TEXT_VERBS) expect(verbs).toContain(verb);
  const limits = Object.fromEntries(TEXT_VERBS.map((v) => [v.verb, v.maxChars ?? v.maxWords]));
  expect(limits).toEqual({
    ask: ASK.maxChars,
    pharm: PHARM.maxChars,
    encyclopedia: ENCYCLOPEDIA.maxChars,
    novelty: MAX_IDEA_CHARS,
    solution: MAX_PROBLEM_CHARS,
    report: MAX_QUESTION_CHARS,
    disclosure: MAX_IDEA_WORDS,
    material: MAX_MATERIAL_CHARS,
    design: MAX_FIELD_CHARS,
  });
});

test('a composed command keeps the text on its own lines and adds --lang only where the verb takes it', () => {
  const novelty = TEXT_VERBS.find((v) => v.verb === 'novelty')!;
  const ask = TEXT_VERBS.find((v) => v.verb === 'ask')!;
  expect(composeCommand(novelty, ' line one\n  line two \n', 'cn')).toBe('novelty\nline one\n  line two\n--lang cn');
  expect(composeCommand(ask, 'a question', 'cn')).toBe('ask\na question');
  expect(composeCommand(novelty, 'x', 'fr')).toBe('novelty\nx');
  // design's text (the product words) may be empty: the image is what it needs
  expect(composeCommand(TEXT_VERBS.find((v) => v.verb === 'design')!, ' ', 'cn')).toBe('design\n--lang cn');
});
