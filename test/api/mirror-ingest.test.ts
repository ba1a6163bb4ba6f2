// The mirror fetcher's routes through the real API: its own credential (never a board key), the
// one-at-a-time lease, batch ingest with per-post outcomes, the original stored byte for byte, the
// normalisation job enqueued in the same transaction, and the intake cap of 20 per rolling day.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { issueServiceCredential, revokeServiceCredential } from '../../lib/accounts/admin.ts';
import { DAY, HOUR, SECOND } from '../../lib/clock.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { jobTally } from '../helpers/jobs.ts';
import { fetcher, fetcherKey, postId, release, takeLease, xItem } from '../helpers/mirror.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ MIRROR_INGEST_MAX_BYTES: '200000' });
  jobsFor = jobTally(app, 'mirror_post__normalize');
});
test.after.always(async () => {
  await app?.close();
});

const ingestRaw = (key: string, raw: string, headers: Record<string, string> = {}) =>
  app.request('POST', '/v1/x/ingest', { key, raw, headers: { 'Content-Type': 'application/json', ...headers } });

// Normalisation jobs that carried a post (run through graphile-worker; counted across the file).
let jobsFor: (id: string) => Promise<number>;

const stored = (externalId: string) =>
  app.db.maybeOne(sql.type(z.object({ id: z.string(), kind: z.string(), original: z.string(), seen_count: z.number(), sha: z.string() }))`
    select id, kind, original::text as original, seen_count, encode(original_sha256, 'hex') as sha from mirror_posts where external_id = ${externalId}`);

test.serial('the fetcher routes take only the fetcher credential: 401 without or unknown, 403 for board and reporter keys', async (t) => {
  const agent = await app.register();
  const reporter = (await issueServiceCredential(app.deps, 'reporter', 'reporter')).key;
  const revoked = await issueServiceCredential(app.deps, 'fetcher', 'old fetcher');
  await revokeServiceCredential(app.deps, revoked.id);
  for (const path of ['/v1/x/ingest/lease', '/v1/x/ingest']) {
    const body = path.endsWith('lease') ? {} : { lease_id: '00000000-0000-4000-8000-000000000000', posts: [xItem()] };
    const none = await app.request('POST', path, { body });
    t.is(none.status, 401, path);
    t.is(none.body.error.code, 'AUTH_REQUIRED');
    const unknown = await app.request('POST', path, { key: 'svc_fk_nope', body });
    t.is(unknown.status, 401);
    t.is(unknown.body.error.code, 'AUTH_INVALID');
    const old = await app.request('POST', path, { key: revoked.key, body });
    t.is(old.status, 401);
    t.is(old.body.error.code, 'AUTH_INVALID');
    const board = await app.request('POST', path, { key: agent.key, body });
    t.is(board.status, 403);
    t.is(board.body.error.code, 'FORBIDDEN_ROLE');
    t.deepEqual(board.body.error.details, { required: 'fetcher' });
    const rep = await app.request('POST', path, { key: reporter, body });
    t.is(rep.status, 403);
    t.is(rep.body.error.code, 'FORBIDDEN_ROLE');
  }
  // These are /v1 routes: the protocol header and the browser guard apply.
  const key = await fetcherKey(app);
  const noProtocol = await app.request('POST', '/v1/x/ingest/lease', { key, body: {}, headers: { 'X-Agent-Protocol': '' } });
  t.is(noProtocol.status, 400);
  t.is(noProtocol.body.error.code, 'PROTOCOL_HEADER_REQUIRED');
  const browser = await app.request('POST', '/v1/x/ingest/lease', { key, body: {}, headers: { Origin: 'https://evil.example' } });
  t.is(browser.status, 403);
  t.is(browser.body.error.code, 'BROWSER_REQUEST_REFUSED');
  // And a fetcher credential opens no board route.
  t.is((await app.request('GET', '/v1/x', { key })).status, 401);
  t.is((await app.request('GET', '/v1/me', { key })).status, 401);
});

test.serial('the lease: one fetcher at a time; renew, release, expiry; ingest needs the current live lease', async (t) => {
  const a = await fetcherKey(app, 'fetcher a');
  const b = await fetcherKey(app, 'fetcher b');
  const first = await takeLease(app, a, { ttl_seconds: 60 });
  t.is(first.status, 200, first.text);
  t.is(first.body.state, 'acquired');
  t.is(first.body.ttl_seconds, 60);
  t.true(first.body.content_is_untrusted);
  const leaseA = first.body.lease_id as string;
  t.is(first.body.expires_at, new Date(app.clock.now().getTime() + 60 * SECOND).toISOString());

  // Another fetcher, and the same credential without its lease id, are refused until it expires.
  for (const key of [b, a]) {
    const held = await takeLease(app, key, {});
    t.is(held.status, 409);
    t.is(held.body.error.code, 'MIRROR_LEASE_HELD');
    t.is(held.body.error.details.retry_at, first.body.expires_at);
    t.is(held.headers.get('retry-after'), '60');
  }
  // Another fetcher cannot ingest under it, nor renew or release it.
  const foreign = await app.request('POST', '/v1/x/ingest', { key: b, body: { lease_id: leaseA, posts: [xItem()] } });
  t.is(foreign.status, 409);
  t.is(foreign.body.error.code, 'MIRROR_LEASE_REQUIRED');
  t.is(foreign.body.error.details.reason, 'not_current');
  t.deepEqual(foreign.body.error.details.action, { method: 'POST', path: '/v1/x/ingest/lease', body: {} });
  t.is((await takeLease(app, b, { lease_id: leaseA })).status, 409);
  t.is((await takeLease(app, b, { lease_id: leaseA, release: true })).status, 409);

  // Renewing keeps the id and moves the expiry.
  app.clock.advance(30 * SECOND);
  const renewed = await takeLease(app, a, { lease_id: leaseA, ttl_seconds: 60 });
  t.is(renewed.status, 200);
  t.is(renewed.body.state, 'renewed');
  t.is(renewed.body.lease_id, leaseA);
  t.is(renewed.body.expires_at, new Date(app.clock.now().getTime() + 60 * SECOND).toISOString());
  const ok = await app.request('POST', '/v1/x/ingest', { key: a, body: { lease_id: leaseA, posts: [xItem()] } });
  t.is(ok.status, 200, ok.text);
  t.is(ok.body.lease_expires_at, renewed.body.expires_at);

  // Expired: ingest is refused, and the other fetcher may take the lease.
  app.clock.advance(61 * SECOND);
  const late = await app.request('POST', '/v1/x/ingest', { key: a, body: { lease_id: leaseA, posts: [xItem()] } });
  t.is(late.status, 409);
  t.is(late.body.error.details.reason, 'expired');
  const taken = await takeLease(app, b, {});
  t.is(taken.status, 200);
  t.is(taken.body.state, 'acquired');
  t.not(taken.body.lease_id, leaseA);
  const stale = await app.request('POST', '/v1/x/ingest', { key: a, body: { lease_id: leaseA, posts: [xItem()] } });
  t.is(stale.body.error.details.reason, 'not_current');

  // Release, then a release retried, then nobody holds it.
  const released = await takeLease(app, b, { lease_id: taken.body.lease_id, release: true });
  t.is(released.status, 200);
  t.is(released.body.state, 'released');
  t.is((await takeLease(app, b, { lease_id: taken.body.lease_id, release: true })).body.state, 'released');
  const none = await app.request('POST', '/v1/x/ingest', { key: b, body: { lease_id: taken.body.lease_id, posts: [xItem()] } });
  t.is(none.status, 409);
  t.is(none.body.error.details.reason, 'none');
  // Bad lease requests are 400.
  t.is((await takeLease(app, a, { ttl_seconds: 5 })).status, 400);
  t.is((await takeLease(app, a, { ttl_seconds: 601 })).status, 400);
  t.is((await takeLease(app, a, { lease_id: 'nope' })).status, 400);
  t.is((await takeLease(app, a, { other: 1 })).status, 400);
});

test.serial('ingest stores new posts, answers per post, and enqueues normalisation in the same transaction', async (t) => {
  const f = await fetcher(app);
  try {
    const items = [xItem(), xItem({ kind: 'reply' }), { kind: 'mention', post: { id: 'x1', text: 'no' } }, xItem({ kind: 'talk' })];
    const res = await f.ingest(items);
    t.is(res.status, 200, res.text);
    t.true(res.body.content_is_untrusted);
    t.deepEqual(res.body.counts, { stored: 3, duplicate: 0, strengthened: 0, refused: 0, invalid: 1 });
    t.deepEqual(
      res.body.results.map((r: { outcome: string }) => r.outcome),
      ['stored', 'stored', 'invalid', 'stored'],
    );
    t.is(res.body.results[2].index, 2);
    t.is(res.body.results[2].external_id, 'x1');
    t.true(res.body.results[2].issues.some((i: { path: string }) => i.path === 'post.id'));
    t.true(res.body.results[2].issues.some((i: { path: string }) => i.path === 'author'));
    for (const r of res.body.results.filter((x: { outcome: string }) => x.outcome === 'stored')) {
      t.regex(r.id, /^[0-9a-f-]{36}$/);
      t.is(await jobsFor(r.id), 1);
    }
    t.is(res.body.results[1].kind, 'reply');
    // A batch whose lease check fails stores nothing and enqueues nothing.
    const before = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mirror_posts`);
    const refused = await app.request('POST', '/v1/x/ingest', { key: f.key, body: { lease_id: '00000000-0000-4000-8000-000000000000', posts: [xItem()] } });
    t.is(refused.status, 409);
    t.is(await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mirror_posts`), before);
  } finally {
    await release(app, f);
  }
});

test.serial('re-ingesting is idempotent, and a post seen under a stronger kind keeps the strongest', async (t) => {
  const f = await fetcher(app);
  try {
    const id = postId();
    const first = await f.ingest([xItem({ id, kind: 'talk' })]);
    const mirrorId = first.body.results[0].id;
    const again = await f.ingest([xItem({ id, kind: 'talk' })]);
    t.deepEqual(again.body.results[0], { index: 0, external_id: id, outcome: 'duplicate', id: mirrorId, kind: 'talk' });
    t.is(await jobsFor(mirrorId), 1);
    const mention = await f.ingest([xItem({ id, kind: 'mention' })]);
    t.deepEqual(mention.body.results[0], { index: 0, external_id: id, outcome: 'strengthened', id: mirrorId, kind: 'mention', previous_kind: 'talk' });
    const weaker = await f.ingest([xItem({ id, kind: 'talk' })]);
    t.is(weaker.body.results[0].outcome, 'duplicate');
    t.is(weaker.body.results[0].kind, 'mention');
    // Within one batch: reply then ours raise it twice; a weaker one changes nothing.
    const batch = await f.ingest([xItem({ id, kind: 'reply' }), xItem({ id, kind: 'talk' }), xItem({ id, kind: 'ours' })]);
    t.deepEqual(
      batch.body.results.map((r: { outcome: string; kind: string }) => [r.outcome, r.kind]),
      [
        ['strengthened', 'reply'],
        ['duplicate', 'reply'],
        ['strengthened', 'ours'],
      ],
    );
    const row = await stored(id);
    t.is(row?.kind, 'ours');
    t.is(row?.seen_count, 5); // once per batch that offered it
    t.is(await jobsFor(mirrorId), 1);
    // A new post twice in one batch is stored once, under the strongest kind of the batch.
    const twin = postId();
    const twice = await f.ingest([xItem({ id: twin, kind: 'talk' }), xItem({ id: twin, kind: 'reply' })]);
    t.deepEqual(
      twice.body.results.map((r: { outcome: string; kind: string }) => [r.outcome, r.kind]),
      [
        ['stored', 'reply'],
        ['duplicate', 'reply'],
      ],
    );
    t.is(twice.body.results[0].id, twice.body.results[1].id);
    t.is((await stored(twin))?.kind, 'reply');
  } finally {
    await release(app, f);
  }
});

test.serial('the original is stored exactly as received: whitespace, key order, escapes and unknown fields', async (t) => {
  const f = await fetcher(app);
  try {
    const id = postId();
    const other = postId();
    const itemText =
      `{ "post" : {"text":"caf\\u00e9 &amp; <b>\\ud83d\\ude00</b> \\"q\\"", "id":"${id}","author_id":"77",` +
      `"created_at":"2026-11-21T10:00:00Z","public_metrics":{"like_count":1.50e1},"lang":"en"},\n\t"kind":"mention",` +
      `"author":{"verified":true,"name":"Ann","username":"ann","id":"77","description":"bio"}   }`;
    const otherText = JSON.stringify(xItem({ id: other }));
    const raw = `{"lease_id":"${f.leaseId}",\n "posts": [ ${itemText} ,\n${otherText}],"posts_note":"ignored?"}`;
    // An unknown top-level field is refused (the envelope is strict); without it the batch is stored.
    const strict = await ingestRaw(f.key, raw);
    t.is(strict.status, 400);
    t.is(strict.body.error.code, 'VALIDATION_FAILED');
    const res = await ingestRaw(f.key, raw.replace(`,"posts_note":"ignored?"`, ''));
    t.is(res.status, 200, res.text);
    t.deepEqual(
      res.body.results.map((r: { outcome: string }) => r.outcome),
      ['stored', 'stored'],
    );
    const row = await stored(id);
    t.is(row?.original, itemText);
    t.is(row?.sha, (await import('node:crypto')).createHash('sha256').update(itemText).digest('hex'));
    t.is((await stored(other))?.original, otherText);
  } finally {
    await release(app, f);
  }
});

test.serial('ingest stores outside text as received: SECRET_LIKE does not apply', async (t) => {
  const f = await fetcher(app);
  try {
    const text = 'my key is sk-ant-abcdefghijklmnopqrstuvwxyz0123 and DATABASE_PASSWORD=hunter2hunter2';
    const res = await f.ingest([xItem({ text })]);
    t.is(res.status, 200, res.text);
    t.is(res.body.results[0].outcome, 'stored');
  } finally {
    await release(app, f);
  }
});

test.serial('the envelope: 400 for a bad batch, 415, malformed JSON, bytes that are not UTF-8, 413 over the limit', async (t) => {
  const f = await fetcher(app);
  try {
    const body = (posts: unknown) => ({ lease_id: f.leaseId, posts });
    const post = (b: unknown) => app.request('POST', '/v1/x/ingest', { key: f.key, body: b });
    t.is((await post(body([]))).status, 400);
    t.is((await post(body(Array.from({ length: 101 }, () => xItem())))).body.error.code, 'VALIDATION_FAILED');
    t.is((await post({ posts: [xItem()] })).status, 400);
    t.is((await post(body('nope'))).status, 400);
    const hundred = await post(body(Array.from({ length: 100 }, (_, i) => xItem({ authorId: String(9000 + i) }))));
    t.is(hundred.status, 200, hundred.text);
    t.is(hundred.body.counts.stored, 100);
    const text = await ingestRaw(f.key, '{"lease_id":', {});
    t.is(text.status, 400);
    t.is(text.body.error.code, 'MALFORMED_JSON');
    const res = await fetch(`${app.url}/v1/x/ingest`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${f.key}`, 'X-Agent-Protocol': 'svc/1', 'Content-Type': 'application/json' },
      body: Buffer.concat([Buffer.from(`{"lease_id":"${f.leaseId}","posts":[{"kind":"talk","x":"`), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]),
    });
    t.is(res.status, 400);
    t.is(((await res.json()) as { error: { code: string } }).error.code, 'MALFORMED_JSON');
    const form = await app.request('POST', '/v1/x/ingest', { key: f.key, raw: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    t.is(form.status, 415);
    const big = await post(body([xItem({ text: 'x'.repeat(25_000) }), ...Array.from({ length: 8 }, () => xItem({ text: 'y'.repeat(25_000) }))]));
    t.is(big.status, 413);
    t.is(big.body.error.code, 'PAYLOAD_TOO_LARGE');
    t.is(big.body.error.details.max_bytes, 200000);
  } finally {
    await release(app, f);
  }
});

test.serial('intake: 20 posts per external account per rolling day; the 21st is refused and counted', async (t) => {
  const f = await fetcher(app);
  try {
    const author = '555000';
    const start = app.clock.now();
    const first = await f.ingest(Array.from({ length: 15 }, () => xItem({ authorId: author })));
    t.is(first.body.counts.stored, 15);
    app.clock.advance(2 * HOUR);
    await f.renew();
    const ids = Array.from({ length: 7 }, () => postId());
    const second = await f.ingest(ids.map((id) => xItem({ id, authorId: author })));
    t.deepEqual(
      second.body.results.map((r: { outcome: string }) => r.outcome),
      ['stored', 'stored', 'stored', 'stored', 'stored', 'refused', 'refused'],
    );
    const refusal = second.body.results[5];
    t.is(refusal.reason, 'intake_cap');
    t.is(refusal.author_id, author);
    t.is(refusal.refusals, 1);
    t.is(refusal.retry_at, new Date(start.getTime() + DAY).toISOString());
    t.is(await stored(ids[5]!), null);
    // Offered again while refused: counted again; posts already stored are never refused.
    const again = await f.ingest([xItem({ id: ids[5]!, authorId: author }), xItem({ id: ids[0]!, authorId: author })]);
    t.deepEqual(
      again.body.results.map((r: { outcome: string }) => r.outcome),
      ['refused', 'duplicate'],
    );
    t.is(again.body.results[0].refusals, 2);
    const counted = await app.db.one(sql.type(z.object({ posts: z.number(), refusals: z.number() }))`
      select count(*)::int as posts, sum(refusals)::int as refusals from mirror_intake_refusals where author_external_id = ${author}`);
    t.deepEqual(counted, { posts: 2, refusals: 3 });
    // Another account is not affected.
    t.is((await f.ingest([xItem({ authorId: '555001' })])).body.results[0].outcome, 'stored');
    // The window rolls: once the first 15 are a day old, 15 slots free up.
    app.clock.set(new Date(start.getTime() + DAY + SECOND));
    await f.renew();
    const later = await f.ingest([xItem({ id: ids[5]!, authorId: author }), xItem({ id: ids[6]!, authorId: author })]);
    t.deepEqual(
      later.body.results.map((r: { outcome: string }) => r.outcome),
      ['stored', 'stored'],
    );
  } finally {
    await release(app, f);
  }
});
