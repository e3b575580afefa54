/** The English catalog: one namespace per part of the bot (add a namespace here and in ../zh/index.ts). */
import { common } from './common.js';
import { material } from './material.js';
import { solution } from './solution.js';
import { core } from './core.js';
import { help } from './help.js';
import { lang } from './lang.js';
import { consoleWords } from './console.js';
import { workflow } from './workflow.js';

export const en = { common, material, solution, core, help, lang, console: consoleWords, workflow } as const;
