/** The Simplified Chinese catalog: the same namespaces and keys as the English one (the type checks it). */
import type { CatalogOf } from '../catalog.js';
import type { en } from '../en/index.js';
import { common } from './common.js';
import { workflow } from './workflow.js';

export const zh: CatalogOf<typeof en> = { common, workflow };
