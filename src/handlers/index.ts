/** Every capability the bot has, in the order the router asks them to claim a command. */
import type { Handler } from '../core/handler.js';
import { ThreadKinds } from '../core/thread-kinds.js';
import { chatHandler } from './chat/handler.js';
import { countHandler } from './count/handler.js';
import { designHandler } from './design/handler.js';
import { disclosureHandler } from './disclosure/handler.js';
import { homeHandler } from './home/handler.js';
import { keyHandler } from './key/handler.js';
import { langHandler } from './lang/handler.js';
import { materialHandler } from './material/handler.js';
import { noveltyHandler } from './novelty/handler.js';
import { reportHandler } from './report/handler.js';
import { solutionHandler } from './solution/handler.js';
import { usageHandler } from './usage/handler.js';

export const HANDLERS: readonly Handler[] = [
  chatHandler,
  noveltyHandler,
  countHandler,
  designHandler,
  reportHandler,
  disclosureHandler,
  solutionHandler,
  materialHandler,
  keyHandler,
  homeHandler,
  usageHandler,
  langHandler,
];

/** What each handler says about the threads it owns (their nouns, step names, cancel rule), by workflow. */
export const THREAD_KINDS = new ThreadKinds(HANDLERS);

/** The words that start a command: every handler's verbs, and the router's own. */
export const VERBS: readonly string[] = [...HANDLERS.flatMap((h) => h.verbs), 'help', 'status'];
