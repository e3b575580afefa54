/**
 * `/privacy` and `/terms`: the pages the Teams app package links (its developer privacy and terms URLs, from
 * PUBLIC_URL). The operator's own text (TEAMS_PRIVACY_FILE, TEAMS_TERMS_FILE: HTML when the file ends in .html
 * or .htm, plain text otherwise), or a plain default that says what the bot keeps and that the organisation
 * running it has published no statement of its own. A file that cannot be read stops the start, naming it.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { HttpServer } from '../../http/server.js';

export const DEFAULT_PRIVACY_TEXT = `Privacy statement of the iip bot

This bot is run by your organisation. It has not published a privacy statement of its own here; ask your IT administrator for it.

What the bot keeps, in its own store: the messages that mention it and its answers while a task runs, the steps of the workflows you start, your language choice, and (for your workspace) the platform API key an administrator set, encrypted. It keeps them up to the retention the operator configured (30 days by default). It sends your questions and inputs to the Innovation Intelligence Open Platform to answer them. It reads only what Teams delivers to it (messages in the chats and channels it is in, files shared with it) and the names of the people it answers.
`;

export const DEFAULT_TERMS_TEXT = `Terms of use of the iip bot

This bot is run by your organisation. It has not published terms of use of its own here; your organisation's policies on Microsoft Teams and on the Innovation Intelligence Open Platform apply. Ask your IT administrator for them.

Answers come from AI services and patent data: check them before you rely on them.
`;

interface Page {
  body: string;
  type: string;
}

function pageOf(variable: string, file: string | undefined, fallback: string): Page {
  if (file === undefined) return { body: fallback, type: 'text/plain; charset=utf-8' };
  let body: string;
  try {
    body = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return { body, type: /\.html?$/i.test(file) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8' };
}

function serve(res: ServerResponse, method: string | undefined, page: Page): void {
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': page.type, 'content-length': Buffer.byteLength(page.body), 'x-content-type-options': 'nosniff' });
  res.end(method === 'HEAD' ? undefined : page.body);
}

export function serveLegalPages(server: HttpServer, files: { privacyFile?: string; termsFile?: string }): void {
  const privacy = pageOf('TEAMS_PRIVACY_FILE', files.privacyFile, DEFAULT_PRIVACY_TEXT);
  const terms = pageOf('TEAMS_TERMS_FILE', files.termsFile, DEFAULT_TERMS_TEXT);
  server.route('/privacy', (req, res) => serve(res, req.method, privacy));
  server.route('/terms', (req, res) => serve(res, req.method, terms));
}
