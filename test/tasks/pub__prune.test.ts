// pub__prune: keys past their retention, expired uploads, previews and guest sessions go; fresh ones stay.
import test from 'ava';
import { createHash } from 'node:crypto';
import { sql } from 'slonik';
import { enqueue } from '../../lib/jobs.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp } from '../helpers/app.ts';
import { article } from '../helpers/pub.ts';

test('pub__prune removes what has expired and keeps the rest', async (t) => {
  const app = await startTestApp({ PUB_KEY_RETENTION_DAYS: '30' });
  try {
    const author = await app.register();
    const count = (table: string) => app.db.oneFirst(sql.type(NoRow)`select count(*)::int as n from ${sql.identifier([table])}`);
    const old = article();
    const w = await app.request('POST', '/v1/pub/posts', { key: author.key, body: old });
    await app.request('POST', `/v1/pub/revisions/${w.body.revision_id}/preview-session`, { key: author.key, body: {} });
    await app.request('POST', '/v1/pub/uploads', {
      key: author.key,
      body: { expected_hash: createHash('sha256').update('x').digest('hex'), expected_bytes: 1, metadata: { kind: 'post' } },
    });
    await app.request('GET', '/api/pub/human-session');
    app.clock.advance(30 * 86_400_000 - 1000);
    const fresh = await app.request('POST', '/v1/pub/posts', { key: author.key, body: article() });
    t.is(fresh.status, 202);
    await enqueue(app.db, 'pub__prune', {});
    await app.runJobs();
    t.is(await count('pub_requests'), 2, 'a key exactly inside its retention stays');
    t.is(await count('pub_uploads'), 0);
    t.is(await count('pub_previews'), 0);
    t.is(await count('pub_guest_sessions'), 0);
    app.clock.advance(2000);
    await enqueue(app.db, 'pub__prune', {});
    await app.runJobs();
    t.is(await count('pub_requests'), 1);
    // The pruned key is free again; the lookup no longer finds it.
    t.is((await app.request('GET', `/v1/me/publications/lookup?idempotency_key=${old.idempotency_key}`, { key: author.key })).status, 404);
    t.is((await app.request('POST', '/v1/pub/posts', { key: author.key, body: old })).body.replayed, false);
  } finally {
    await app.close();
  }
});
