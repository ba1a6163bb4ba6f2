// Bounds on what a caller can park in Postgres (issue 24.4): open uploads and open upload bytes per
// account and per network, the part write allowance, live previews per revision and per account.
// Each at its edge, refused with 429 + Retry-After + details naming the bound and when it frees,
// nothing stored by a refusal, and concurrent requests unable to pass a bound. Networks are told
// apart by X-Forwarded-For (TRUST_PROXY), one network per test.
import test from 'ava';
import { createHash } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { enqueue } from '../../lib/jobs.ts';
import { article, submit } from '../helpers/pub.ts';
import { svgCapabilities } from '../../lib/pub/svg-limits.ts';

const LIMITS = {
  PUB_UPLOADS_OPEN_PER_ACCOUNT: '3',
  PUB_UPLOAD_OPEN_BYTES_PER_ACCOUNT: '6000',
  PUB_UPLOADS_OPEN_PER_NETWORK: '5',
  PUB_UPLOAD_OPEN_BYTES_PER_NETWORK: '9000',
  PUB_PREVIEWS_PER_REVISION: '3',
  PUB_PREVIEWS_PER_ACCOUNT: '5',
};
let app: TestApp;
test.before(async () => {
  app = await startTestApp({
    ...LIMITS,
    TRUST_PROXY: 'true',
    PUB_UPLOAD_MAX_BYTES: '4096',
    PUB_UPLOAD_PART_MAX_BYTES: '1024',
    PUB_UPLOAD_TTL_SECONDS: '3600',
    PUB_PREVIEW_TTL_SECONDS: '600',
  });
});
test.after.always(async () => {
  await app?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const from = (network: number, host = 1) => ({ 'X-Forwarded-For': `10.0.${network}.${host}` });
const startUpload = (key: string, network: number, bytes = 100, host = 1) =>
  app.request('POST', '/v1/pub/uploads', {
    key,
    headers: from(network, host),
    body: { expected_hash: sha(Buffer.alloc(bytes, 97)), expected_bytes: bytes, metadata: { kind: 'post' } },
  });
const rows = (where: ReturnType<typeof sql.fragment>) =>
  app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from pub_uploads where ${where}`);
const path = (url: string) => url.replace('http://board.test', '');

test.serial('open uploads per account: the bound passes, one more is 429 with the bound and when it frees; expiry frees it', async (t) => {
  const a = await app.register();
  const started = [];
  for (let i = 0; i < 3; i++) {
    const res = await startUpload(a.key, 1);
    t.is(res.status, 201);
    started.push(res.body);
    app.clock.advance(1000);
  }
  const refused = await startUpload(a.key, 1);
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'PUB_UPLOAD_LIMIT');
  t.like(refused.body.error.details, { scope: 'account', bound: 'open_uploads', limit: 3, in_use: 3, retry_at: started[0].expires_at });
  t.is(refused.headers.get('retry-after'), String(3600 - 3));
  t.is(await rows(sql.fragment`account_id = ${a.id}`), 3, 'the refusal stored nothing');
  t.is((await startUpload(a.key, 2)).status, 429, 'the bound is per account whatever the network');
  // Expiry frees them: at the first upload's expiry one more fits, and the expired row is gone.
  app.clock.set(started[0].expires_at);
  t.is((await startUpload(a.key, 1)).status, 201);
  t.is(await rows(sql.fragment`account_id = ${a.id}`), 3, 'the expired upload was deleted before counting');
  app.clock.set('2026-11-22T09:00:00.000Z');
});

test.serial('a committed upload no longer counts as open', async (t) => {
  const a = await app.register();
  const envelope = Buffer.from(JSON.stringify(article({ title: 'Bounded' })));
  const up = await app.request('POST', '/v1/pub/uploads', {
    key: a.key,
    headers: from(12),
    body: { expected_hash: sha(envelope), expected_bytes: envelope.length, metadata: { kind: 'post' } },
  });
  t.is((await startUpload(a.key, 12)).status, 201);
  t.is((await startUpload(a.key, 12)).status, 201);
  t.is((await startUpload(a.key, 12)).status, 429);
  await app.request('POST', path(up.body.parts_url), {
    key: a.key,
    headers: from(12),
    body: { part_number: 1, data: envelope.subarray(0, 1024).toString('base64') },
  });
  await app.request('POST', path(up.body.parts_url), {
    key: a.key,
    headers: from(12),
    body: { part_number: 2, data: envelope.subarray(1024).toString('base64') },
  });
  t.is((await app.request('POST', path(up.body.commit_url), { key: a.key, headers: from(12) })).status, 202);
  t.is((await startUpload(a.key, 12)).status, 201);
});

test.serial('open upload bytes per account: exactly the bound passes, one byte more is refused', async (t) => {
  const b = await app.register();
  t.is((await startUpload(b.key, 3, 4096)).status, 201);
  const over = await startUpload(b.key, 3, 6000 - 4096 + 1);
  t.is(over.status, 429);
  t.like(over.body.error.details, { scope: 'account', bound: 'open_upload_bytes', limit: 6000, in_use: 4096 });
  t.truthy(over.headers.get('retry-after'));
  t.is((await startUpload(b.key, 3, 6000 - 4096)).status, 201);
  t.is(await rows(sql.fragment`account_id = ${b.id}`), 2);
});

test.serial('open uploads and bytes per network: accounts together stop at the bound; another network is not affected', async (t) => {
  const accounts = await Promise.all(Array.from({ length: 6 }, () => app.register()));
  for (let i = 0; i < 5; i++) t.is((await startUpload(accounts[i]!.key, 4, 100, i + 1)).status, 201, 'addresses of one /24 are one network');
  const refused = await startUpload(accounts[5]!.key, 4, 100, 200);
  t.is(refused.status, 429);
  t.like(refused.body.error.details, { scope: 'network', bound: 'open_uploads', limit: 5, in_use: 5 });
  t.is((await startUpload(accounts[5]!.key, 5)).status, 201, 'another network');
  // Bytes per network: 2 x 4096 fit under 9000, a third 4096 does not.
  const big = await Promise.all(Array.from({ length: 3 }, () => app.register()));
  t.is((await startUpload(big[0]!.key, 6, 4096)).status, 201);
  t.is((await startUpload(big[1]!.key, 6, 4096)).status, 201);
  const bytes = await startUpload(big[2]!.key, 6, 4096);
  t.is(bytes.status, 429);
  t.like(bytes.body.error.details, { scope: 'network', bound: 'open_upload_bytes', limit: 9000, in_use: 8192 });
  t.is((await startUpload(big[2]!.key, 6, 9000 - 8192)).status, 201);
});

test.serial('many connections starting uploads at once cannot pass the account or the network bound', async (t) => {
  const one = await app.register();
  const answers = await Promise.all(Array.from({ length: 12 }, () => startUpload(one.key, 7)));
  t.is(answers.filter((r) => r.status === 201).length, 3);
  t.true(answers.filter((r) => r.status !== 201).every((r) => r.status === 429 && r.body.error.code === 'PUB_UPLOAD_LIMIT'));
  t.is(await rows(sql.fragment`account_id = ${one.id}`), 3);
  const many = await Promise.all(Array.from({ length: 12 }, () => app.register()));
  const racing = await Promise.all(many.map((m, i) => startUpload(m.key, 8, 100, i + 1)));
  t.is(racing.filter((r) => r.status === 201).length, 5);
  t.is(await rows(sql.fragment`network = '10.0.8.0/24'`), 5);
});

test.serial('parts sent at once never pass expected_bytes, and rewrites stop at the write allowance', async (t) => {
  const c = await app.register();
  const started = await startUpload(c.key, 9, 2048);
  const parts_url = path(started.body.parts_url);
  // 6 distinct parts of 1024 bytes at once into an upload of 2048: exactly two fit.
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      app.request('POST', parts_url, { key: c.key, headers: from(9), body: { part_number: i + 1, data: Buffer.alloc(1024, 97).toString('base64') } }),
    ),
  );
  t.is(answers.filter((r) => r.status === 200).length, 2);
  t.true(answers.filter((r) => r.status !== 200).every((r) => r.body.error.code === 'PUB_UPLOAD_PART_TOO_LARGE'));
  const stored = await app.db.oneFirst(
    sql.type(
      z.object({ n: z.number() }),
    )`select coalesce(sum(octet_length(data)), 0)::int as n from pub_upload_parts where upload_id = ${started.body.upload_id}`,
  );
  t.is(stored, 2048);
  // Rewrites: 2048 written so far, allowance 2 x 2048: two more 1024-byte rewrites pass, the next is refused.
  const kept = answers.findIndex((r) => r.status === 200) + 1;
  const rewrite = () =>
    app.request('POST', parts_url, { key: c.key, headers: from(9), body: { part_number: kept, data: Buffer.alloc(1024, 98).toString('base64') } });
  t.is((await rewrite()).status, 200);
  t.is((await rewrite()).status, 200);
  const exhausted = await rewrite();
  t.is(exhausted.status, 409);
  t.like(exhausted.body.error, { code: 'PUB_UPLOAD_STATE', details: { reason: 'rewrites_exhausted', bytes_written: 4096, allowance: 4096 } });
});

test.serial('abandoned uploads and their parts are deleted once expired (pub__prune), so stored parts stay within the open bounds', async (t) => {
  const d = await app.register();
  const started = await startUpload(d.key, 10, 1024);
  await app.request('POST', path(started.body.parts_url), {
    key: d.key,
    headers: from(10),
    body: { part_number: 1, data: Buffer.alloc(1024, 97).toString('base64') },
  });
  const parts = () =>
    app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from pub_upload_parts where upload_id = ${started.body.upload_id}`);
  t.is(await parts(), 1);
  app.clock.advance(3601 * 1000);
  await enqueue(app.db, 'pub__prune', {});
  await app.runJobs();
  t.is(await parts(), 0);
  t.is(await rows(sql.fragment`id = ${started.body.upload_id}`), 0);
  app.clock.set('2026-11-22T09:00:00.000Z');
});

test.serial(
  'live previews per revision and per account: at the bound, one more is 429 with when the oldest expires; concurrent requests cannot pass it',
  async (t) => {
    const e = await app.register();
    const works = [await submit(app, e.key), await submit(app, e.key), await submit(app, e.key)];
    const preview = (revisionId: string) => app.request('POST', `/v1/pub/revisions/${revisionId}/preview-session`, { key: e.key, body: {} });
    const first = await preview(works[0]!.revision_id);
    t.is(first.status, 201);
    app.clock.advance(1000);
    const racing = await Promise.all(Array.from({ length: 8 }, () => preview(works[0]!.revision_id)));
    t.is(racing.filter((r) => r.status === 201).length, 2, 'three in all for the revision');
    const refused = racing.find((r) => r.status === 429)!;
    t.like(refused.body.error, { code: 'PUB_PREVIEW_LIMIT', details: { scope: 'revision', limit: 3, in_use: 3, retry_at: first.body.expires_at } });
    t.is(refused.headers.get('retry-after'), '599');
    t.is((await preview(works[1]!.revision_id)).status, 201);
    t.is((await preview(works[1]!.revision_id)).status, 201);
    const account = await preview(works[2]!.revision_id);
    t.is(account.status, 429);
    t.like(account.body.error.details, { scope: 'account', limit: 5, in_use: 5 });
    const live = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from pub_previews where account_id = ${e.id}`);
    t.is(live, 5, 'refusals stored nothing');
    // The oldest expires: one more fits again.
    app.clock.set(first.body.expires_at);
    t.is((await preview(works[2]!.revision_id)).status, 201);
    app.clock.set('2026-11-22T09:00:00.000Z');
  },
);

test.serial('capabilities show the bounds live, with what the account holds now', async (t) => {
  const f = await app.register();
  await startUpload(f.key, 11, 300);
  await startUpload(f.key, 11, 200);
  const caps = await app.request('GET', '/v1/pub/capabilities', { key: f.key });
  t.like(caps.body.uploads, {
    max_bytes: 4096,
    open_per_account: 3,
    open_bytes_per_account: 6000,
    open_per_network: 5,
    open_bytes_per_network: 9000,
    bytes_written_factor: 2,
    open_now: { uploads: 2, bytes: 500 },
  });
  t.like(caps.body.limits.previews, { ttl_seconds: 600, per_revision: 3, per_account: 5, live_now: 0 });
  // The svg group is the admission's own limits object (test/lib/pub/svg-cost.test.ts checks every number).
  t.deepEqual(caps.body.svg, JSON.parse(JSON.stringify(svgCapabilities())));
});
