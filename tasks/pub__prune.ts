// Publication housekeeping, hourly from the crontab: idempotency keys past PUB_KEY_RETENTION_DAYS,
// expired uploads (their parts go with them), expired preview tokens and guest sessions.
import type { Task } from 'graphile-worker';
import { DAY } from '../lib/clock.ts';
import { createPubGuestsQueries } from '../sql/queries/pub-guests.ts';
import { createPubRecordsQueries } from '../sql/queries/pub-records.ts';
import { createPubUploadsQueries } from '../sql/queries/pub-uploads.ts';
import type { LoggedDeps } from '../lib/deps.ts';

export default function pubPrune(deps: LoggedDeps): Task {
  return async () => {
    const now = deps.clock.now();
    await createPubRecordsQueries(deps.db).pruneRequests(new Date(now.getTime() - deps.config.pub.keyRetentionDays * DAY));
    await createPubUploadsQueries(deps.db).pruneExpired(now);
    await createPubUploadsQueries(deps.db).prunePreviews(now);
    await createPubGuestsQueries(deps.db).pruneSessions(now);
  };
}
