/** The Simplified Chinese catalog: the same namespaces and keys as the English one (the type checks it). */
import type { CatalogOf } from '../catalog.js';
import type { en } from '../en/index.js';
import { common } from './common.js';
import { encyclopedia } from './encyclopedia.js';
import { chat } from './chat.js';
import { report } from './report.js';
import { home } from './home.js';
import { key } from './key.js';
import { usage } from './usage.js';
import { design } from './design.js';
import { count } from './count.js';
import { noveltyReview } from './novelty-review.js';
import { teams } from './teams.js';
import { novelty } from './novelty.js';
import { slack } from './slack.js';
import { disclosure } from './disclosure.js';
import { material } from './material.js';
import { shared } from './shared.js';
import { solution } from './solution.js';
import { core } from './core.js';
import { help } from './help.js';
import { lang } from './lang.js';
import { cli } from './cli.js';
import { consoleWords } from './console.js';
import { workflow } from './workflow.js';

export const zh: CatalogOf<typeof en> = {
  common,
  encyclopedia,
  chat,
  report,
  home,
  key,
  usage,
  design,
  count,
  'novelty-review': noveltyReview,
  teams,
  novelty,
  slack,
  disclosure,
  material,
  shared,
  solution,
  core,
  help,
  lang,
  cli,
  console: consoleWords,
  workflow,
};
