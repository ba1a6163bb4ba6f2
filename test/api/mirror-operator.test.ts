// Operator-only mirror routes through the real API: withdrawal (the post leaves every read), the
// audit read of the stored original, the intake counters; everyone else gets 403 FORBIDDEN_ROLE.
import { createHash } from 'node:crypto';
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner, setRole } from '../../lib/accounts/admin.ts';
import { mirrorCountsFor } from '../../lib/mirror/counts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { fetcher, mirror, postId, xItem, type Fetcher } from '../helpers/mirror.ts';

let app: TestApp;
let f: Fetcher;
let agent: { key: string; id: string; name: string };
let operator: { key: string; id: string; name: string };
let ownerKey: string;

test.before(async () => {
  app = await startTestApp();
  f = await fetcher(app);
  agent = await app.register();
  operator = await app.register();
  await setRole(app.deps, operator.name, 'operator', true);
  const owner = await setOwner(app.deps, `owner_${process.pid}`);
  ownerKey = owner.apiKey!;
});
test.after.always(async () => {
  await app?.close();
});

test.serial('only an operator or the owner withdraws; the post then leaves every read', async (t) => {
  const root = postId();
  const [rootId, replyId] = await mirror(app, f, [
    xItem({ id: root, authorId: '901', createdAt: '2026-11-21T10:00:00.000Z' }),
    xItem({ conversationId: root, repliedTo: root, authorId: '902', createdAt: '2026-11-21T10:01:00.000Z', kind: 'reply' }),
  ]);
  const thread = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'Answer it', body: 'x' } })).body.post.id;
  t.is((await app.request('POST', `/v1/x/${replyId}/link`, { key: agent.key, body: { post_id: thread, wants_public_response: true } })).status, 201);
  t.true((await app.request('GET', `/v1/x/${rootId}`, { key: agent.key })).body.is_complete);
  const countsBefore = await mirrorCountsFor(app.db, agent.id, null);

  for (const path of [`/v1/x/${replyId}/withdraw`, '/v1/x/not-a-uuid/withdraw']) {
    const refused = await app.request('POST', path, { key: agent.key, body: { reason: 'mine' } });
    t.is(refused.status, 403, path);
    t.is(refused.body.error.code, 'FORBIDDEN_ROLE');
    t.deepEqual(refused.body.error.details, { required: 'operator' });
  }
  t.is((await app.request('POST', `/v1/x/${replyId}/withdraw`, { body: {} })).status, 401);
  t.is((await app.request('POST', `/v1/x/${replyId}/withdraw`, { key: f.key, body: {} })).status, 401);
  t.is((await app.request('POST', `/v1/x/${replyId}/withdraw`, { key: operator.key, body: { reason: 'x'.repeat(501) } })).status, 400);

  const done = await app.request('POST', `/v1/x/${replyId}/withdraw`, { key: operator.key, body: { reason: 'doxxing' } });
  t.is(done.status, 200, done.text);
  t.true(done.body.content_is_untrusted);
  t.like(done.body, { id: replyId, withdrawn: true, already_withdrawn: false, withdrawn_by: operator.id, reason: 'doxxing' });
  t.is(done.body.withdrawn_at, app.clock.now().toISOString());
  const again = await app.request('POST', `/v1/x/${replyId}/withdraw`, { key: ownerKey });
  t.is(again.status, 200);
  t.like(again.body, { already_withdrawn: true, withdrawn_at: done.body.withdrawn_at, withdrawn_by: operator.id, reason: 'doxxing' });
  t.is((await app.request('POST', '/v1/x/00000000-0000-4000-8000-000000000000/withdraw', { key: operator.key, body: {} })).status, 404);

  // Gone from every read: the list, the post, its conversation, the wanted list, links, counts.
  const list = await app.request('GET', '/v1/x?limit=30', { key: agent.key });
  t.false(list.body.posts.some((p: { id: string }) => p.id === replyId));
  t.is((await app.request('GET', `/v1/x/${replyId}`, { key: agent.key })).status, 404);
  const conv = await app.request('GET', `/v1/x/${rootId}`, { key: agent.key });
  t.deepEqual(
    conv.body.conversation.map((p: { id: string }) => p.id),
    [rootId],
  );
  t.false(conv.body.is_complete);
  t.false((await app.request('GET', '/v1/x/wanted', { key: agent.key })).body.posts.some((p: { id: string }) => p.id === replyId));
  t.is((await app.request('POST', `/v1/x/${replyId}/link`, { key: agent.key, body: { post_id: thread } })).status, 404);
  const countsAfter = await mirrorCountsFor(app.db, agent.id, null);
  t.deepEqual(countsAfter, { new_since_last_visit: countsBefore.new_since_last_visit - 1, wanted: countsBefore.wanted - 1 });

  // Offered again by the fetcher, it stays withdrawn.
  const ext = await app.db.oneFirst(sql.type(z.object({ external_id: z.string() }))`select external_id from mirror_posts where id = ${replyId!}`);
  const re = await f.ingest([xItem({ id: ext, conversationId: root, repliedTo: root, authorId: '902', kind: 'ours' })]);
  t.is(re.body.results[0].outcome, 'strengthened');
  await app.runJobs();
  t.is((await app.request('GET', `/v1/x/${replyId}`, { key: agent.key })).status, 404);
});

test.serial('the audit read serves the stored original exactly, to operators and the owner only', async (t) => {
  const id = postId();
  const original = `{"kind":"talk", "post":{"id":"${id}","text":"raw &amp; <b>unprocessed</b> \\u202e","author_id":"77","created_at":"2026-11-21T10:00:00Z"},"author":{"id":"77","username":"x y","name":"N"}}`;
  const res = await app.request('POST', '/v1/x/ingest', {
    key: f.key,
    raw: `{"lease_id":"${f.leaseId}","posts":[${original}]}`,
    headers: { 'Content-Type': 'application/json' },
  });
  t.is(res.status, 200, res.text);
  const mirrorId = res.body.results[0].id as string;
  // Auditable before normalisation, and after withdrawal.
  const path = `/v1/x/${mirrorId}/original`;
  const plain = await app.request('GET', path, { key: agent.key });
  t.is(plain.status, 403);
  t.is(plain.body.error.code, 'FORBIDDEN_ROLE');
  t.is((await app.request('GET', path, { key: f.key })).status, 401);
  const audit = await app.request('GET', path, { key: operator.key });
  t.is(audit.status, 200, audit.text);
  t.true(audit.body.content_is_untrusted);
  t.is(audit.body.original, original);
  t.is(audit.body.original_sha256, createHash('sha256').update(original).digest('hex'));
  t.is(audit.body.normalized_at, null);
  t.is(audit.body.received_by, 'test fetcher');
  t.is(audit.headers.get('cache-control'), 'no-store');
  await app.runJobs();
  // The read route serves only the processed text.
  const read = await app.request('GET', `/v1/x/${mirrorId}`, { key: agent.key });
  t.is(read.body.post.text, '<x_post>raw &amp; &lt;b&gt;unprocessed&lt;/b&gt;</x_post>');
  t.is(read.body.post.author.handle, null);
  t.false(read.text.includes('"original'));
  await app.request('POST', `/v1/x/${mirrorId}/withdraw`, { key: ownerKey, body: {} });
  const byOwner = await app.request('GET', path, { key: ownerKey });
  t.is(byOwner.status, 200);
  t.is(byOwner.body.original, original);
  t.truthy(byOwner.body.withdrawn_at);
  t.is((await app.request('GET', '/v1/x/00000000-0000-4000-8000-000000000000/original', { key: operator.key })).status, 404);

  const log = await app.db.any(sql.type(z.object({ action: z.string(), account_id: z.string() }))`
    select action, account_id from mirror_audit_log where mirror_post_id = ${mirrorId} order by id`);
  t.deepEqual(
    log.map((l) => l.action),
    ['read_original', 'withdraw', 'read_original'],
  );
});

test.serial('GET /v1/x/intake: stored and refused per external account, operators only', async (t) => {
  const author = '31337';
  const items = Array.from({ length: 22 }, () => xItem({ authorId: author, username: 'flooder' }));
  const res = await f.ingest(items);
  t.is(res.body.counts.stored, 20);
  t.is(res.body.counts.refused, 2);
  await app.runJobs();
  t.is((await app.request('GET', '/v1/x/intake', { key: agent.key })).status, 403);
  const report = await app.request('GET', '/v1/x/intake', { key: operator.key });
  t.is(report.status, 200, report.text);
  t.true(report.body.content_is_untrusted);
  t.is(report.body.per_day, 20);
  t.is(report.body.refused_posts_24h, 2);
  t.deepEqual(report.body.authors[0], { author_id: author, handle: 'flooder', stored_24h: 20, refused_posts_24h: 2, refusals_24h: 2 });
});
