/**
 * Model and user text of 100,000 characters shaped to make regular expressions backtrack (long runs of spaces,
 * markers that never close, dividers that almost match) renders in linear time in every chat's renderer and
 * the core's text helpers: these run on every streamed edit, and one slow render blocks the whole bot.
 */
import { describe, expect, test } from 'vitest';
import { renderMessage as consoleRender } from '../../src/adapters/console/render-terminal.js';
import { ansiStyle, plainStyle } from '../../src/adapters/console/style.js';
import { renderMessage as slackRender } from '../../src/adapters/slack/render/message.js';
import { parseMarkdown } from '../../src/adapters/teams/render/markdown.js';
import { renderMessage as teamsRender } from '../../src/adapters/teams/render/message.js';
import { markdown, quoteUserText } from '../../src/core/message.js';
import { chooseCut } from '../../src/core/relay/split.js';
import { openFenceAt } from '../../src/core/relay/fences.js';
import { splitText, stripControl, truncate } from '../../src/core/text.js';

const N = 100_000;
const INPUTS: Record<string, string> = {
  'heading then spaces': `# a${' '.repeat(N)}b`,
  'heading of hashes': `# ${'#'.repeat(N)}x`,
  'table divider of spaces': `a|b\n|${' '.repeat(N)}x`,
  'table divider almost': `a|b\n${'-|'.repeat(N / 2)}x`,
  'rule then spaces': `-${' '.repeat(N)}x`,
  'rule of spaced dashes': `${'- '.repeat(N / 2)}x`,
  'emphasis never closed': '*'.repeat(N),
  underscores: '_'.repeat(N),
  brackets: '['.repeat(N),
  'links never closed': '[a]('.repeat(N / 4),
  'link titles never closed': '[a](u "'.repeat(N / 7),
  'autolinks never closed': '<http:'.repeat(N / 6),
  'bold never closed after spaces': '**a '.repeat(N / 4),
  'strike never closed': '~~a '.repeat(N / 4),
  'angle brackets': `${'<'.repeat(N)}@`,
  'mentions never closed': '<@U1'.repeat(N / 4),
  backticks: '`'.repeat(N),
  fences: '```\n'.repeat(N / 4),
  'quote markers': '> '.repeat(N / 2),
  newlines: '\n'.repeat(N),
  'spaces then x': `${' '.repeat(N)}x`,
  'tabs then x': `${'\t'.repeat(N)}x`,
  ampersands: '&'.repeat(N),
  backslashes: '\\'.repeat(N),
  cjk: '中'.repeat(N),
  emoji: '😀'.repeat(N / 2),
};

const RENDERERS: Record<string, (text: string) => unknown> = {
  slack: (text) => slackRender(markdown(text)),
  teams: (text) => teamsRender(markdown(text)),
  console: (text) => consoleRender(markdown(text), { style: plainStyle, width: 80 }),
  'console (ansi)': (text) => consoleRender(markdown(text), { style: ansiStyle, width: 120 }),
  'relay cut': (text) => chooseCut(text, 0, 3_000),
  'relay fence': (text) => openFenceAt(text, text.length),
  'quote user text': (text) => quoteUserText(text),
  'split, truncate, strip': (text) => [splitText(text, 3_000), truncate(text, 3_000), stripControl(text)],
};

/** A linear render of 100,000 characters takes milliseconds; the backtracking heading took 9 s on 3,000 spaces. */
const MS_PER_RENDER = 3_000;

describe('pathological text of 100,000 characters', () => {
  for (const [renderer, render] of Object.entries(RENDERERS)) {
    test(`${renderer} renders every input without backtracking`, () => {
      const slow: string[] = [];
      for (const [name, text] of Object.entries(INPUTS)) {
        const started = performance.now();
        render(text);
        const ms = performance.now() - started;
        if (ms > MS_PER_RENDER) slow.push(`${name}: ${Math.round(ms)} ms`);
      }
      expect(slow).toEqual([]);
    }, 120_000);
  }

  test('the heading parse keeps its meaning: level, text, closing hashes only after a space', () => {
    expect(parseMarkdown('## Claims ##')).toEqual([{ kind: 'heading', level: 2, text: 'Claims' }]);
    expect(parseMarkdown('# C#')).toEqual([{ kind: 'heading', level: 1, text: 'C#' }]);
    expect(parseMarkdown(`# a${' '.repeat(10)}b`)).toEqual([{ kind: 'heading', level: 1, text: `a${' '.repeat(10)}b` }]);
    expect(parseMarkdown('#nope')).toEqual([{ kind: 'text', text: '#nope' }]);
    expect(parseMarkdown('| a | b |\n|---|:---:|\n| 1 | 2 |')).toEqual([
      {
        kind: 'table',
        rows: [
          ['a', 'b'],
          ['1', '2'],
        ],
      },
    ]);
    expect(parseMarkdown('- - -')).toEqual([{ kind: 'rule' }]);
  });
});
