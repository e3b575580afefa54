/**
 * Issue 29, the operator's first hour: the README stays short (what the bot is, the two commands, the command table,
 * links), the deployment, configuration and operations pages it links are in docs/, and every link in the README
 * and in docs/ leads somewhere: a file that exists, a heading that exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO } from '../helpers/terminal-session.js';

const read = (path: string): string => readFileSync(join(REPO, path), 'utf8');
const pages = [
  'README.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsIn = (text: string): Set<string> =>
  new Set([...text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));

/** The relative links of a Markdown text (outside code blocks): [text](target). */
const linksIn = (text: string): string[] =>
  [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/.test(target));

describe('the README', () => {
  const readme = read('README.md');

  test('is under 200 lines and keeps what the product is, the two commands, the command table and the links', () => {
    expect(readme.split('\n').length).toBeLessThan(200);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/^## Commands\n\n\| in Slack \| what it does \| example \|/m);
    for (const page of ['slack', 'teams', 'production', 'redis', 'configuration', 'operations']) expect(readme).toContain(`](docs/${page}.md)`);
  });

  test('leaves deployment, configuration and operations to docs/', () => {
    for (const heading of ['## Configuration', '### Operations', '### Install in Slack', '### Running several replicas', '### Metrics and usage'])
      expect(readme).not.toContain(heading);
  });
});

describe('docs/', () => {
  test('each deployment page is written as numbered steps', () => {
    for (const page of ['slack', 'teams', 'production', 'redis', 'configuration', 'operations', 'metrics'])
      expect(read(`docs/${page}.md`), page).toMatch(/^1\. .+\n(?:.*\n)*?2\. /m);
  });

  test('Slack: start the bot before Slack checks the events URL, or press Retry there; both manifests are named', () => {
    const slack = read('docs/slack.md');
    expect(slack).toMatch(/start the bot on the new address first/);
    expect(slack).toMatch(/press \*\*Retry\*\*/);
    expect(slack).toContain('`manifest.socket-mode.json`');
    expect(existsSync(join(REPO, 'manifest.socket-mode.json'))).toBe(true);
  });

  test.each(pages)('every link in %s leads to a file and a heading that exist', (page) => {
    const text = read(page);
    for (const target of linksIn(text)) {
      const [path = '', anchor] = target.split('#');
      const file = path ? join(dirname(page), path) : page;
      expect(existsSync(join(REPO, file)), `${page}: ${target}`).toBe(true);
      if (anchor && file.endsWith('.md')) expect(anchorsIn(read(file)), `${page}: ${target}`).toContain(anchor);
    }
  });
});
