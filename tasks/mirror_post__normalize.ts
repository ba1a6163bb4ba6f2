// Normalises and flags mirrored posts once, on arrival. The ingest route adds one graphile-worker
// batch job per request in the same transaction as the rows, payload [{id}, ...]; a single {id}
// (a job added by hand or by SQL) works too. The rules live in lib/mirror/.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { normalizeStoredPosts } from '../lib/mirror/store.ts';
import type { TaskDeps } from './deps.ts';

const Entry = z.object({ id: z.string().uuid() });
const Payload = z.union([Entry, z.array(Entry).min(1)]);

export default function mirrorPostNormalize(deps: TaskDeps): Task {
  return async (payload) => {
    const parsed = Payload.parse(payload);
    const ids = Array.isArray(parsed) ? parsed.map((e) => e.id) : [parsed.id];
    // One read and one write for the whole batch: all entries succeed or the job is retried whole
    // (normalisation itself never throws; only the database can fail here).
    await normalizeStoredPosts(deps.db, ids, deps.clock.now());
  };
}
