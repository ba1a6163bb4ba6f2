// Postgres stopped for 5 s under API load (writers posting, readers polling, several at once): while
// it is down every answer is 2xx or 503 UNAVAILABLE in the envelope with Retry-After, every request
// is answered (none hangs), the service recovers by itself once Postgres is back, and every write
// that answered 2xx is readable afterwards. How long the slowest answer and the recovery take are
// figures of bench/faults.ts (the long mode), not bounds here: a loaded machine stretches them.
import test from 'ava';
import { dbOutageUnderLoad } from '../helpers/db-outage.ts';

test('Postgres stopped for 5 s under load: 503 with envelope and Retry-After, every request answered, recovery, no accepted write lost', async (t) => {
  const r = await dbOutageUnderLoad({ downMs: 5000, beforeMs: 1000, afterMs: 1000, writers: 4, readers: 2 });
  t.log(JSON.stringify({ ...r, violations: r.violations.slice(0, 5), lost: r.lost.slice(0, 5) }));
  t.deepEqual(r.violations, [], 'every answer is 2xx or the 503 envelope with Retry-After');
  t.true((r.statuses.down['503'] ?? 0) > 0, 'requests were refused while Postgres was down');
  t.true(r.writesAccepted > 0);
  t.deepEqual(r.lost, [], 'every 2xx write is readable afterwards');
  t.not(r.recoveryMs, null, 'a request sent after the restart succeeded');
});
