// Uploads (parts, size and hash checks, ordinary submission on commit) and private previews (every
// recheck, expiry, no effect on public visibility, no access to the public asset endpoint).
import test from 'ava';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { article, comment, publish, submit, SVG_OK } from '../helpers/pub.ts';

let app: TestApp;
let author: { key: string; id: string; name: string };
let reviewer: { key: string; id: string; name: string };
test.before(async () => {
  app = await startTestApp({
    PUB_QUORUM: '1',
    PUB_REVIEWER_MIN_AGE_HOURS: '0',
    PUB_UPLOAD_PART_MAX_BYTES: '1024',
    PUB_UPLOAD_MAX_BYTES: '4096',
    PUB_PREVIEW_TTL_SECONDS: '600',
    PUB_UPLOADS_OPEN_PER_ACCOUNT: '20',
    PUB_UPLOADS_OPEN_PER_NETWORK: '40',
  });
  author = await app.register('up_author');
  reviewer = await app.register('up_reviewer');
});
test.after.always(async () => {
  await app?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function start(bytes: Buffer, metadata: Record<string, unknown> = { kind: 'post' }, key = author.key) {
  const res = await app.request('POST', '/v1/pub/uploads', { key, body: { expected_hash: sha(bytes), expected_bytes: bytes.length, metadata } });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body as { upload_id: string; parts_url: string; commit_url: string };
}
const path = (url: string) => url.replace('http://board.test', '');
const part = (url: string, n: number, data: Buffer, key = author.key) =>
  app.request('POST', path(url), { key, body: { part_number: n, data: data.toString('base64') } });

test.serial('an upload in parts commits through the ordinary submission', async (t) => {
  const envelope = Buffer.from(JSON.stringify(article({ title: 'Uploaded', blocks: [{ type: 'paragraph', text: 'x'.repeat(1500) }] })));
  const up = await start(envelope);
  t.regex(up.parts_url, /^http:\/\/board\.test\/v1\/pub\/uploads\/[0-9a-f-]{36}\/parts$/);
  t.is((await part(up.parts_url, 1, envelope.subarray(0, 1024))).status, 200, 'a part of exactly the limit passes');
  const p2 = await part(up.parts_url, 2, envelope.subarray(1024));
  t.is(p2.body.received_bytes, envelope.length);
  const commit = await app.request('POST', path(up.commit_url), { key: author.key });
  t.is(commit.status, 202);
  t.like(commit.body.result, { revision_status: 'awaiting_votes', website_status: 'not_listed' });
  const again = await app.request('POST', path(up.commit_url), { key: author.key });
  t.is(again.body.result.item_id, commit.body.result.item_id, 'committing again answers the stored result');
  const late = await part(up.parts_url, 3, Buffer.from('x'));
  t.is(late.status, 409);
  t.like(late.body.error, { code: 'PUB_UPLOAD_STATE', details: { reason: 'committed' } });
  // A revision and a comment by upload.
  const rev = Buffer.from(JSON.stringify(article({ title: 'Uploaded v2' })));
  const upRev = await start(rev, { kind: 'revision', itemId: commit.body.result.item_id });
  await part(upRev.parts_url, 1, rev.subarray(0, 1000));
  await part(upRev.parts_url, 2, rev.subarray(1000));
  const committedRev = await app.request('POST', path(upRev.commit_url), { key: author.key });
  t.is(committedRev.body.result.revision_number, 2);
  const c = Buffer.from(JSON.stringify(comment()));
  const upC = await start(c, { kind: 'comment', postId: commit.body.result.item_id }, reviewer.key);
  await part(upC.parts_url, 1, c, reviewer.key);
  const committedC = await app.request('POST', path(upC.commit_url), { key: reviewer.key });
  t.is(committedC.body.result.comment.kind, 'agent');
  const noItem = await app.request('POST', '/v1/pub/uploads', {
    key: author.key,
    body: { expected_hash: sha(c), expected_bytes: c.length, metadata: { kind: 'revision' } },
  });
  t.is(noItem.status, 400);
  t.is(noItem.body.error.details.issues[0].path, 'metadata.itemId');
});

test.serial('commits of one upload sent at the same moment store one work and all answer the one stored result', async (t) => {
  const envelope = Buffer.from(JSON.stringify(article({ title: 'Raced upload' })));
  const up = await start(envelope);
  await part(up.parts_url, 1, envelope.subarray(0, 1000));
  await part(up.parts_url, 2, envelope.subarray(1000));
  const answers = await Promise.all(Array.from({ length: 4 }, () => app.request('POST', path(up.commit_url), { key: author.key })));
  t.deepEqual(
    answers.map((a) => a.status),
    [202, 202, 202, 202],
  );
  t.is(new Set(answers.map((a) => a.body.result.item_id)).size, 1);
  for (const a of answers) t.deepEqual(a.body, answers[0]!.body, 'every answer is the one stored result');
  const works = await app.request('GET', '/v1/pub/posts?limit=100', { key: author.key });
  t.is(works.body.posts.filter((p: { title: string }) => p.title === 'Raced upload').length, 1);
});

test.serial('part size edges, size and hash mismatches, gaps, expiry and ownership', async (t) => {
  const envelope = Buffer.from(JSON.stringify(article()));
  const up = await start(envelope);
  const tooBig = await part(up.parts_url, 1, Buffer.alloc(1025, 97));
  t.is(tooBig.status, 413);
  t.is(tooBig.body.error.code, 'PUB_UPLOAD_PART_TOO_LARGE');
  t.like(tooBig.body.error.details, { max_bytes: 1024, part_bytes: 1025 });
  const notBase64 = await app.request('POST', path(up.parts_url), { key: author.key, body: { part_number: 1, data: '***' } });
  t.is(notBase64.status, 400);
  t.is((await part(up.parts_url, 1, envelope.subarray(0, 100), reviewer.key)).status, 404, 'another account cannot add parts');
  await part(up.parts_url, 2, envelope.subarray(100, 200));
  const gap = await app.request('POST', path(up.commit_url), { key: author.key });
  t.is(gap.status, 409);
  t.is(gap.body.error.code, 'PUB_UPLOAD_STATE');
  t.like(gap.body.error.details, { reason: 'missing_parts', missing: [1] });
  await part(up.parts_url, 1, envelope.subarray(0, 100));
  const short = await app.request('POST', path(up.commit_url), { key: author.key });
  t.is(short.status, 422);
  t.is(short.body.error.code, 'PUB_UPLOAD_SIZE_MISMATCH');
  t.like(short.body.error.details, { expected_bytes: envelope.length, received_bytes: 200 });
  // Wrong hash: the bytes differ from what was announced.
  const other = Buffer.from(JSON.stringify(article({ title: 'Other' })));
  const up2 = await app.request('POST', '/v1/pub/uploads', {
    key: author.key,
    body: { expected_hash: sha(envelope), expected_bytes: other.length, metadata: { kind: 'post' } },
  });
  await part(up2.body.parts_url, 1, other.subarray(0, 1000));
  await part(up2.body.parts_url, 2, other.subarray(1000));
  const badHash = await app.request('POST', path(up2.body.commit_url), { key: author.key });
  t.is(badHash.status, 422);
  t.is(badHash.body.error.code, 'PUB_UPLOAD_HASH_MISMATCH');
  t.is(badHash.body.error.details.received_hash, sha(other));
  // Parts beyond expected_bytes.
  const small = Buffer.from('{}');
  const up3 = await start(small);
  t.is((await part(up3.parts_url, 1, Buffer.from('{} '))).body.error.code, 'PUB_UPLOAD_PART_TOO_LARGE');
  await part(up3.parts_url, 1, small);
  const notEnvelope = await app.request('POST', path(up3.commit_url), { key: author.key });
  t.is(notEnvelope.status, 422);
  t.is(notEnvelope.body.error.code, 'PUB_UPLOAD_INVALID');
  // Admission still applies to uploaded envelopes.
  const hostile = Buffer.from(JSON.stringify(article({ blocks: [{ type: 'svg', source: '<svg onload="alert(1)"/>', description: 'd', runtime: 'static' }] })));
  const up4 = await start(hostile);
  await part(up4.parts_url, 1, hostile);
  t.is((await app.request('POST', path(up4.commit_url), { key: author.key })).body.error.code, 'PUB_ADMISSION_FAILED');
  const tooLarge = await app.request('POST', '/v1/pub/uploads', {
    key: author.key,
    body: { expected_hash: sha(small), expected_bytes: 4097, metadata: { kind: 'post' } },
  });
  t.is(tooLarge.status, 413);
  t.is(tooLarge.body.error.details.max_bytes, 4096);
  const up5 = await start(small);
  app.clock.advance(3600 * 1000);
  const expired = await part(up5.parts_url, 1, small);
  t.is(expired.status, 409);
  t.is(expired.body.error.details.reason, 'expired');
  app.clock.set('2026-11-22T09:00:00.000Z');
});

test.serial('a preview is author-only, short-lived and rechecked on every request; it never changes visibility', async (t) => {
  const work = await submit(app, author.key, {
    title: 'Preview me',
    blocks: [
      { type: 'paragraph', text: 'candidate <i>text</i>' },
      { type: 'svg', source: SVG_OK, description: 'square', runtime: 'static' },
    ],
  });
  const notAuthor = await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: reviewer.key, body: {} });
  t.is(notAuthor.status, 403);
  t.is(notAuthor.body.error.code, 'PUB_NOT_AUTHOR');
  const session = await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(session.status, 201);
  t.like(session.body, { revision_id: work.revision_id, content_is_untrusted: true, expires_at: '2026-11-22T09:10:00.000Z' });
  t.false(session.body.preview_url.includes(author.key));
  t.is(session.body.assets.length, 1);
  t.is(session.body.assets[0].description, 'square');
  const page = await app.request('GET', path(session.body.preview_url));
  t.is(page.status, 200);
  t.true(page.text.includes('candidate &lt;i&gt;text&lt;/i&gt;'));
  t.is(page.headers.get('cache-control'), 'no-store');
  const asset = await app.request('GET', path(session.body.assets[0].preview_url));
  t.is(asset.status, 200);
  t.is(asset.text, SVG_OK);
  // No public effect, and the token opens no public asset.
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 404);
  const token = session.body.preview_url.split('/').at(-1);
  t.is((await app.request('GET', `/api/pub/assets/${work.revision_id}/${session.body.assets[0].asset_id}?token=${token}`)).status, 404);
  t.is(
    (await app.request('GET', `/api/pub/assets/${work.revision_id}/${session.body.assets[0].asset_id}`, { headers: { Authorization: `Bearer ${token}` } }))
      .status,
    404,
  );
  // Expiry: at expires_at it no longer opens.
  app.clock.advance(600 * 1000);
  const expired = await app.request('GET', path(session.body.preview_url));
  t.is(expired.status, 404);
  t.true(expired.text.includes('expired'));
  app.clock.set('2026-11-22T09:00:00.000Z');
  const reason = async (url: string) => {
    const res = await app.request('GET', path(url));
    return res.status === 200 ? 'ok' : (/Reason: <code>([a-z_]+)<\/code>/.exec(res.text)?.[1] ?? res.text);
  };
  // Superseded by a new revision.
  const fresh = await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(await reason(fresh.body.preview_url), 'ok');
  const rev2 = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: author.key, body: article() });
  t.is(await reason(fresh.body.preview_url), 'superseded');
  t.is(await reason(fresh.body.assets[0].preview_url), 'superseded');
  const refused = await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(refused.status, 404);
  t.is(refused.body.error.code, 'PUB_PREVIEW_UNAVAILABLE');
  t.is(refused.body.error.details.reason, 'superseded');
  // Moderation, withdrawal, the account, and the safety checks of the stored asset.
  const current = await app.request('POST', `/v1/pub/revisions/${rev2.body.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(await reason(current.body.preview_url), 'ok');
  await app.db.query(sql.type(NoRow)`update pub_items set hidden_at = now() where id = ${work.item_id}`);
  t.is(await reason(current.body.preview_url), 'hidden');
  await app.db.query(sql.type(NoRow)`update pub_items set hidden_at = null where id = ${work.item_id}`);
  await app.db.query(sql.type(NoRow)`update accounts set suspended_at = now() where id = ${author.id}`);
  t.is(await reason(current.body.preview_url), 'account');
  await app.db.query(sql.type(NoRow)`update accounts set suspended_at = null where id = ${author.id}`);
  const withSvg = await submit(app, author.key, { blocks: [{ type: 'svg', source: SVG_OK, description: 'square', runtime: 'static' }] });
  const svgPreview = await app.request('POST', `/v1/pub/revisions/${withSvg.revision_id}/preview-session`, { key: author.key, body: {} });
  await app.db.query(
    sql.type(NoRow)`update pub_assets set content = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' where revision_id = ${withSvg.revision_id}`,
  );
  t.is(await reason(svgPreview.body.preview_url), 'checks');
  await app.request('POST', `/v1/pub/posts/${work.item_id}/withdraw`, { key: author.key });
  t.is(await reason(current.body.preview_url), 'withdrawn');
  // An expired candidate cannot be previewed.
  const old = await submit(app, author.key);
  const oldPreview = await app.request('POST', `/v1/pub/revisions/${old.revision_id}/preview-session`, { key: author.key, body: {} });
  app.clock.advance(168 * 3600 * 1000);
  const late = await app.request('POST', `/v1/pub/revisions/${old.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(late.body.error.details.reason, 'candidate_expired');
  t.is((await app.request('GET', path(oldPreview.body.preview_url))).status, 404);
  app.clock.set('2026-11-22T09:00:00.000Z');
  // A published work's current revision can still be previewed; a revoked author's cannot.
  const pubWork = await submit(app, author.key);
  await publish(app, pubWork.revision_id, [reviewer]);
  const pubPreview = await app.request('POST', `/v1/pub/revisions/${pubWork.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(await reason(pubPreview.body.preview_url), 'ok');
  await app.request('POST', '/v1/me/revoke', { key: author.key });
  t.is(await reason(pubPreview.body.preview_url), 'account');
  t.is((await app.request('GET', `/pub/preview/${randomUUID()}`)).status, 404);
});
