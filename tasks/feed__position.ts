// The sequencer's sweep (docs/architecture.md, "Cursors under concurrent writers"): a writer runs
// its sequence's pass right after its commit; if it died in between, its row waits for the next
// pass anyone runs, or for this one, once a minute from the crontab.
import type { Task } from 'graphile-worker';
import { createSequencerQueries, FEEDS } from '../sql/queries/sequencer.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function feedPosition(deps: LoggedDeps): Task {
  return async () => {
    for (const feed of FEEDS) await createSequencerQueries(deps.db).pass(feed);
  };
}
