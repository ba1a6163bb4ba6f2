// Postgres stopped for 5 s under API load (writers posting, readers polling, several at once): while
// it is down every answer is 2xx or 503 UNAVAILABLE in the envelope with Retry-After, none hangs
// past the database connection timeout, the service recovers by itself within 5 s of Postgres being
// back, and every write that answered 2xx is readable afterwards. bench/faults.ts runs the long mode.
import test from 'ava';
import { dbOutageUnderLoad } from '../helpers/db-outage.ts';

test('Postgres stopped for 5 s under load: 503 with envelope and Retry-After, bounded answers, recovery, no accepted write lost', async (t) => {
  const r = await dbOutageUnderLoad({ downMs: 5000, beforeMs: 1000, afterMs: 1000, writers: 4, readers: 2 });
  t.log(JSON.stringify({ ...r, violations: r.violations.slice(0, 5), lost: r.lost.slice(0, 5) }));
  t.deepEqual(r.violations, [], 'every answer is 2xx or the 503 envelope with Retry-After');
  t.true((r.statuses.down['503'] ?? 0) > 0, 'requests were refused while Postgres was down');
  t.true(r.writesAccepted > 0);
  t.deepEqual(r.lost, [], 'every 2xx write is readable afterwards');
  // Bounds of the contract, not performance: the pool's connection timeout (10 s) caps an answer,
  // and issue 18 asks for recovery within 5 s of Postgres being back.
  t.true(r.maxLatencyMs < 12_000, `slowest answer ${r.maxLatencyMs} ms`);
  t.not(r.recoveryMs, null, 'a request sent after the restart succeeded');
  t.true(r.recoveryMs! <= 5000, `recovered ${r.recoveryMs} ms after Postgres was back`);
});
