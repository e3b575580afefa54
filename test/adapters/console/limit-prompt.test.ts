/**
 * The terminal's continuation prompt (issue 28): an input of a text verb over several lines shows its text against
 * the verb's platform limit, counted as the verb's handler counts it; any other input keeps the plain `… `.
 */
import { describe, expect, it } from 'vitest';
import { CONTINUATION_PROMPT, continuationPrompt, inputVerb, textLength } from '../../../src/adapters/console/limit-prompt.js';
import { charCount } from '../../../src/core/text.js';
import { countWords, textVerb } from '../../../src/core/text-verbs.js';
import { cleanQuestion } from '../../../src/handlers/chat/question.js';
import { takeOptions } from '../../../src/handlers/chat/encyclopedia-options.js';
import { parseDesignArgs } from '../../../src/handlers/design/options.js';
import { parseDisclosureArgs } from '../../../src/handlers/disclosure/options.js';
import { parseNoveltyArgs } from '../../../src/handlers/novelty/options.js';
import { parseReportArgs } from '../../../src/handlers/report/options.js';
import { parseProblemArgs } from '../../../src/handlers/shared/problem-args.js';
import { translatorFor } from '../../../src/i18n/index.js';

/** `total` characters over lines of 100 (the last shorter), joined by line breaks, indented after the first as a claim set's are. */
const claimLines = (total: number): string[] => {
  const lines: string[] = [];
  for (let left = total; left > 0; left -= 101) lines.push(`${lines.length ? '  ' : 'xx'}${'x'.repeat(Math.min(100, left) - 2)}`);
  return lines;
};

const en = translatorFor('en');
const zh = translatorFor('zh');

describe('the continuation prompt', () => {
  it('shows the text after the verb against the verb’s limit, the number as the language writes it', () => {
    // the first line's words after the verb count, then each line and its break
    expect(continuationPrompt(['novelty 1. A mug comprising:', '  a body'], en)).toBe('… 29 / 5,000 ');
    const lines = claimLines(1_234);
    expect(charCount(lines.join('\n'))).toBe(1_234);
    expect(continuationPrompt(['novelty', ...lines], en)).toBe('… 1,234 / 5,000 ');
    expect(continuationPrompt(['ask what is', 'CRISPR'], en)).toBe('… 14 / 500 ');
    // a copied invocation is no part of the text; an emoji is one character, as the platform counts
    expect(continuationPrompt(['/iip pharm 🧪 aspirin', 'dose'], en)).toBe('… 14 / 16,000 ');
  });

  it('over the limit, says how many over (in Chinese too)', () => {
    const lines = claimLines(5_120);
    expect(continuationPrompt(['novelty', ...lines], en)).toBe('… 5,120 / 5,000, 120 over ');
    expect(continuationPrompt(['novelty', ...lines], zh)).toBe('… 5,120 / 5,000，超出 120 ');
    expect(continuationPrompt(['solution', ...claimLines(501)], en)).toBe('… 501 / 500, 1 over ');
    expect(continuationPrompt(['solution', ...claimLines(500)], en)).toBe('… 500 / 500 ');
  });

  it('counts words for disclosure, as its handler does', () => {
    expect(continuationPrompt(['disclosure A hinge that folds', '一种铰链'], en)).toBe(`… 8 / 5,000 words `);
    const many = Array.from({ length: 50 }, () => Array.from({ length: 101 }, (_, i) => `w${i}`).join(' '));
    expect(continuationPrompt(['disclosure', ...many], en)).toBe('… 5,050 / 5,000 words, 50 over ');
    expect(continuationPrompt(['disclosure', ...many], zh)).toBe('… 5,050 / 5,000 字，超出 50 字 ');
  });

  it('keeps the plain prompt for an input that starts with no text verb', () => {
    expect(continuationPrompt(['what is', 'this'], en)).toBe(CONTINUATION_PROMPT);
    expect(continuationPrompt(['help', 'novelty'], en)).toBe(CONTINUATION_PROMPT);
    expect(continuationPrompt(['noveltyish idea', 'more'], en)).toBe(CONTINUATION_PROMPT);
    expect(continuationPrompt(['"novelty', 'x'], en)).toBe(CONTINUATION_PROMPT);
    expect(continuationPrompt([''], en)).toBe(CONTINUATION_PROMPT);
    expect(inputVerb(['Novelty x'])?.verb.verb).toBe('novelty');
  });
});

describe('the text counted is what the verb’s handler receives: its options taken out', () => {
  const idea = '1. A self-heating mug comprising:\n  a double-walled body;\n  a push button.';
  const count = (verb: string, args: string): number => textLength(textVerb(verb)!, args);
  /** What a handler's parser took, or a failure naming what it refused. */
  const accepted = <T extends object>(result: T, refusals: string[]): T => {
    const refused = refusals.find((key) => key in result);
    if (refused) throw new Error(`the handler refused: ${JSON.stringify(result)}`);
    return result;
  };

  it('novelty: quick, --lang, --from, --to and its switches', () => {
    const args = `quick --lang en ${idea}\n--from 20150101 --to=20240101 --family-merge --let-others-confirm`;
    const handler = (accepted(parseNoveltyArgs(args, 'en', translatorFor('en')), ['problem']) as { options: { idea: string } }).options.idea;
    expect(count('novelty', args)).toBe(charCount(handler));
    expect(count('novelty', args)).toBe(charCount(idea));
  });

  it('solution and material: --lang and --let-others-confirm; report: --auto-outline', () => {
    for (const verb of ['solution', 'material']) {
      const args = `--lang cn ${idea} --let-others-confirm`;
      const handler = (
        accepted(parseProblemArgs(args, 'en', { noun: 'problem', maxChars: 2_000 }, translatorFor('en')), ['refusal']) as { problem: string }
      ).problem;
      expect(count(verb, args)).toBe(charCount(handler));
    }
    const report = `${idea}\n--auto-outline --let-others-confirm`;
    expect(count('report', report)).toBe(
      charCount((accepted(parseReportArgs(report, translatorFor('en')), ['problem', 'usage', 'tooLong']) as { question: string }).question),
    );
  });

  it('disclosure: words without --lang; encyclopedia: the options before the question only; ask: every word', () => {
    const disclosure = `--lang=en ${idea} --let-others-confirm`;
    expect(count('disclosure', disclosure)).toBe(
      countWords((accepted(parseDisclosureArgs(disclosure, 'en', translatorFor('en')), ['problem', 'usage']) as { idea: string }).idea),
    );
    const encyclopedia = `--source patents --deep ${idea} --web`;
    expect(count('encyclopedia', encyclopedia)).toBe(
      charCount(cleanQuestion((accepted(takeOptions(encyclopedia, translatorFor('en')), ['problem']) as { question: string }).question)),
    );
    expect(count('encyclopedia', encyclopedia)).toBe(charCount(`${idea} --web`));
    expect(count('ask', `--lang en ${idea}`)).toBe(charCount(`--lang en ${idea}`));
  });

  it('design: the product words, without the image link and the options', () => {
    const args = 'https://example.com/mug.png self-heating\n  mug --countries US,CN --lang en --let-others-confirm';
    expect(count('design', args)).toBe(
      charCount((accepted(parseDesignArgs(args, 'en', translatorFor('en')), ['problem']) as { options: { field?: string } }).options.field ?? ''),
    );
    expect(count('design', args)).toBe('self-heating mug'.length);
  });
});
