/** The English catalog: one namespace per part of the bot (add a namespace here and in ../zh/index.ts). */
import { common } from './common.js';
import { workflow } from './workflow.js';

export const en = { common, workflow } as const;
