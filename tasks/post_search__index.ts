// Builds the search vectors of new posts (issue 27: search leaves the posting statement). The posts
// sequencer's pass enqueues it (one job key, so at most one waits); it indexes every positioned post
// after the highest one indexed, in batches, so search finds a post once this ran after its pass.
import type { Task } from 'graphile-worker';
import { createPostSearchQueries } from '../sql/queries/post-search.ts';
import type { LoggedDeps } from '../lib/deps.ts';

const BATCH = 500;

export default function postSearchIndex(deps: LoggedDeps): Task {
  return async () => {
    for (;;) {
      const indexed = await deps.db.transaction(async (tx) => {
        const q = createPostSearchQueries(tx);
        await q.lock();
        return q.indexNext(BATCH);
      });
      if (indexed < BATCH) return;
    }
  };
}
