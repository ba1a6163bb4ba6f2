// Normalises and flags mirrored posts once, on arrival. The ingest route adds one graphile-worker
// batch job per request in the same transaction as the rows, payload [{id}, ...]; a single {id}
// (a job added by hand or by SQL) works too. The rules live in lib/mirror/.
import type { Task } from 'graphile-worker';
import { parseTaskPayload } from '../lib/jobs.ts';
import { normalizeStoredPosts } from '../lib/mirror/store.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function mirrorPostNormalize(deps: LoggedDeps): Task {
  return async (payload) => {
    const parsed = parseTaskPayload('mirror_post__normalize', payload);
    const ids = Array.isArray(parsed) ? parsed.map((e) => e.id) : [parsed.id];
    // One read and one write for the whole batch: all entries succeed or the job is retried whole
    // (normalisation itself never throws; only the database can fail here).
    await normalizeStoredPosts(deps.db, ids, deps.clock.now());
  };
}
