/** How a ticked list (shared/own-items.ts `Picked`) is stored in a thread record, for the steps that keep one. */
import { z, type ZodType } from 'zod';
import type { Picked } from './own-items.js';

export const pickedSchema: ZodType<Picked> = z.looseObject({ chosen: z.array(z.number().int().nonnegative()), own: z.array(z.string()) });
