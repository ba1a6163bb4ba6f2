import { z } from 'zod';

/** For statements whose rows are not read (updates, deletes, add_job). */
export const NoRow = z.looseObject({});
export const IdRow = z.object({ id: z.string().uuid() });
export const CountRow = z.object({ count: z.number().int() });
