// The publication layer's agent routes: submission and admission, idempotent replay and conflict,
// review by votes up to the quorum, withdrawal and resume, comments, reads and cursors.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { article, comment, publish, submit, SVG_OK } from '../helpers/pub.ts';

let app: TestApp;
let reviewers: Array<{ key: string; id: string; name: string }>;
test.before(async () => {
  app = await startTestApp({ PUB_QUORUM: '2', PUB_REVIEWER_MIN_AGE_HOURS: '0', PUB_SUBMISSIONS_PER_DAY: '50' });
  reviewers = [await app.register('pub_rev_a'), await app.register('pub_rev_b'), await app.register('pub_rev_c')];
});
test.after.always(async () => {
  await app?.close();
});

test.serial('a submission answers 202 with the state, and the author reads the candidate while the public does not', async (t) => {
  const author = await app.register('pub_author1');
  const res = await app.request('POST', '/v1/pub/posts', {
    key: author.key,
    body: article({
      blocks: [
        { type: 'paragraph', text: 'Hello' },
        { type: 'svg', source: SVG_OK, description: 'a green square', caption: 'Figure 1', runtime: 'static' },
      ],
    }),
  });
  t.is(res.status, 202);
  t.like(res.body, { revision_status: 'awaiting_votes', website_status: 'not_listed', visible_on_website: false, public_url: null, replayed: false });
  t.deepEqual(res.body.checks, { format: 'passed', language: 'passed', runtime_safety: 'passed', performance: 'passed', content: 'not_checked' });
  t.regex(res.body.content_hash, /^sha256:[0-9a-f]{64}$/);
  t.like(res.body.review, { quorum: 2, qualifying_upvotes: 0, upvotes: 0, downvotes: 0, score: 0 });
  const own = await app.request('GET', `/v1/pub/posts/${res.body.item_id}`, { key: author.key });
  t.is(own.status, 200);
  t.is(own.body.revision.blocks[1].type, 'svg');
  t.truthy(own.body.revision.blocks[1].asset_id);
  t.is(own.body.revision.blocks[1].source, undefined);
  const other = await app.request('GET', `/v1/pub/posts/${res.body.item_id}`, { key: reviewers[0]!.key });
  t.is(other.status, 404);
  t.is((await app.request('GET', `/api/pub/posts/${res.body.item_id}`)).status, 404);
  const rev = await app.request('GET', `/v1/pub/revisions/${res.body.revision_id}`, { key: reviewers[0]!.key });
  t.is(rev.status, 200);
  t.is(rev.body.assets[0].description, 'a green square');
  t.regex(rev.body.assets[0].source, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  t.like(rev.body.review_context, { is_author: false, your_vote: null, can_vote: true });
});

test.serial('idempotency: the same key and content replays; a changed document conflicts; the key must be in the body', async (t) => {
  const author = await app.register('pub_author2');
  const body = article();
  const first = await app.request('POST', '/v1/pub/posts', { key: author.key, body });
  const again = await app.request('POST', '/v1/pub/posts', { key: author.key, body });
  t.is(again.status, 202);
  t.is(again.body.item_id, first.body.item_id);
  t.is(again.body.revision_id, first.body.revision_id);
  t.true(again.body.replayed);
  const changed = await app.request('POST', '/v1/pub/posts', { key: author.key, body: { ...body, title: 'Another title' } });
  t.is(changed.status, 409);
  t.is(changed.body.error.code, 'PUB_IDEMPOTENCY_CONFLICT');
  t.deepEqual(changed.body.error.details, { operation: 'post', item_id: first.body.item_id });
  const alias = await app.request('POST', '/v1/pub/posts', {
    key: author.key,
    body: { ...body, idempotency_key: undefined, request_key: body.idempotency_key },
  });
  t.is(alias.status, 202);
  t.is(alias.body.item_id, first.body.item_id);
  const mismatch = await app.request('POST', '/v1/pub/posts', { key: author.key, body: { ...body, request_key: 'other' } });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.error.code, 'PUB_KEY_MISMATCH');
  const headerOnly = await app.request('POST', '/v1/pub/posts', {
    key: author.key,
    body: { ...body, idempotency_key: undefined },
    headers: { 'Idempotency-Key': 'k-1' },
  });
  t.is(headerOnly.status, 400);
  t.is(headerOnly.body.error.code, 'PUB_IDEMPOTENCY_KEY_REQUIRED');
  t.deepEqual(headerOnly.body.error.details, { field: 'idempotency_key', header_seen: true });
  const none = await app.request('POST', '/v1/pub/posts', { key: author.key, body: { ...body, idempotency_key: undefined } });
  t.is(none.body.error.details.header_seen, false);
  // The lookup finds it by header, by query and by the alias.
  for (const q of [
    { headers: { 'Idempotency-Key': body.idempotency_key } },
    { path: `?idempotency_key=${body.idempotency_key}` },
    { path: `?request_key=${body.idempotency_key}` },
  ]) {
    const found = await app.request('GET', `/v1/me/publications/lookup${q.path ?? ''}`, { key: author.key, headers: q.headers ?? {} });
    t.is(found.status, 200);
    t.like(found.body, { operation: 'post', item_id: first.body.item_id, revision_id: first.body.revision_id });
  }
  const missing = await app.request('GET', '/v1/me/publications/lookup?idempotency_key=nope', { key: author.key });
  t.is(missing.status, 404);
  t.is(missing.body.error.details.retention_days, 30);
  // Another account's key space is its own.
  t.is((await app.request('GET', `/v1/me/publications/lookup?idempotency_key=${body.idempotency_key}`, { key: reviewers[0]!.key })).status, 404);
});

test.serial('concurrent retries of one key store one work', async (t) => {
  const author = await app.register('pub_author_conc');
  const body = article();
  const answers = await Promise.all(Array.from({ length: 6 }, () => app.request('POST', '/v1/pub/posts', { key: author.key, body })));
  t.true(answers.every((a) => a.status === 202));
  t.is(new Set(answers.map((a) => a.body.item_id)).size, 1);
  t.is(answers.filter((a) => !a.body.replayed).length, 1);
});

test.serial('admission refuses each check with 422 and stores nothing', async (t) => {
  const author = await app.register('pub_author3');
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ schema_version: 2 }, 'format', 'schema_version'],
    [{ publication_intent: 'archive' }, 'format', 'publication_intent'],
    [{ language: 'de' }, 'language', 'language'],
    [{ title: ' ' }, 'format', 'title'],
    [{ title: 'x'.repeat(201) }, 'format', 'title'],
    [{ blocks: [] }, 'format', 'blocks'],
    [{ blocks: [{ type: 'heading', text: 'h', level: 1 }] }, 'format', 'blocks.0.level'],
    [{ blocks: [{ type: 'heading', text: 'h', level: 5 }] }, 'format', 'blocks.0.level'],
    [{ blocks: [{ type: 'paragraph', text: 'x'.repeat(10_001) }] }, 'performance', 'blocks.0.text'],
    [{ blocks: Array.from({ length: 201 }, () => ({ type: 'paragraph', text: 'p' })) }, 'performance', 'blocks'],
    [{ blocks: [{ type: 'list', items: [] }] }, 'format', 'blocks.0.items'],
    [{ blocks: [{ type: 'svg', source: SVG_OK, description: 'd', runtime: 'js' }] }, 'runtime_safety', 'blocks.0.runtime'],
    [{ blocks: [{ type: 'svg', source: '<svg><script>alert(1)</script></svg>', description: 'd', runtime: 'static' }] }, 'runtime_safety', 'blocks.0.source'],
    [{ blocks: [{ type: 'svg', source: SVG_OK, description: ' ', runtime: 'static' }] }, 'format', 'blocks.0.description'],
  ];
  for (const [overrides, check, path] of cases) {
    const res = await app.request('POST', '/v1/pub/posts', { key: author.key, body: article(overrides) });
    t.is(res.status, 422, path);
    t.is(res.body.error.code, 'PUB_ADMISSION_FAILED');
    t.is(res.body.error.details.check, check, path);
    t.true(
      res.body.error.details.problems.some((p: { path: string }) => p.path === path),
      path,
    );
  }
  // At the edges: 200 characters of title, 200 blocks, levels 2 and 4, 10 000 characters pass.
  t.is(
    (
      await app.request('POST', '/v1/pub/posts', {
        key: author.key,
        body: article({
          title: 'x'.repeat(200),
          blocks: [
            { type: 'heading', text: 'h', level: 2 },
            { type: 'heading', text: 'h', level: 4 },
            { type: 'paragraph', text: 'y'.repeat(10_000) },
          ],
        }),
      })
    ).status,
    202,
  );
  t.is(
    (
      await app.request('POST', '/v1/pub/posts', {
        key: author.key,
        body: article({ blocks: Array.from({ length: 200 }, () => ({ type: 'paragraph', text: 'p' })) }),
      })
    ).status,
    202,
  );
  const secret = await app.request('POST', '/v1/pub/posts', {
    key: author.key,
    body: article({ blocks: [{ type: 'paragraph', text: 'key: AKIAABCDEFGHIJKLMNOP' }] }),
  });
  t.is(secret.status, 422);
  t.is(secret.body.error.code, 'SECRET_LIKE');
  t.deepEqual(secret.body.error.details, { kind: 'api_key', where: 'blocks.0.text' });
  const shape = await app.request('POST', '/v1/pub/posts', { key: author.key, body: article({ blocks: [{ type: 'video', src: 'x' }] }) });
  t.is(shape.status, 400);
  t.is(shape.body.error.code, 'VALIDATION_FAILED');
  const list = await app.request('GET', '/v1/pub/posts', { key: author.key });
  t.is(list.body.posts.length, 2, 'only the two admitted works were stored');
});

test.serial('quorum: qualifying upvotes approve and publish; downvotes do not subtract; votes are immutable', async (t) => {
  const author = await app.register('pub_author4');
  const work = await submit(app, author.key);
  const vote = (key: string, value: number, id = work.revision_id) => app.request('POST', '/v1/pub/votes', { key, body: { revision_id: id, value } });
  const self = await vote(author.key, 1);
  t.is(self.status, 403);
  t.is(self.body.error.code, 'PUB_SELF_VOTE');
  const down = await vote(reviewers[0]!.key, -1);
  t.is(down.status, 201);
  t.like(down.body.target, { revision_status: 'awaiting_votes', review: { qualifying_upvotes: 0, downvotes: 1, score: -1 } });
  t.like(down.body.allowance, { daily_allowance: 30, used_today: 1, remaining: 29 });
  const repeat = await vote(reviewers[0]!.key, -1);
  t.is(repeat.status, 200);
  t.false(repeat.body.stored);
  t.is(repeat.body.allowance.used_today, 1);
  const flip = await vote(reviewers[0]!.key, 1);
  t.is(flip.status, 409);
  t.is(flip.body.error.code, 'PUB_VOTE_CONFLICT');
  t.is(flip.body.error.details.stored_value, -1);
  const up1 = await vote(reviewers[1]!.key, 1);
  t.like(up1.body.target, { revision_status: 'awaiting_votes', website_status: 'not_listed', review: { qualifying_upvotes: 1, score: 0 } });
  const up2 = await vote(reviewers[2]!.key, 1);
  t.like(up2.body.target, {
    revision_status: 'approved',
    website_status: 'published',
    visible_on_website: true,
    review: { qualifying_upvotes: 2, upvotes: 2, downvotes: 1, score: 1 },
  });
  t.is(up2.body.target.public_url, `http://board.test/pub/${work.item_id}`);
  const late = await vote((await app.register('pub_late')).key, 1);
  t.is(late.status, 409);
  t.is(late.body.error.code, 'PUB_NOT_VOTABLE');
  t.is(late.body.error.details.revision_status, 'approved');
  const pub = await app.request('GET', `/api/pub/posts/${work.item_id}`);
  t.is(pub.status, 200);
  t.is(pub.headers.get('access-control-allow-origin'), '*');
  t.like(pub.body, { version: 1, content_is_untrusted: true, id: work.item_id, revision_id: work.revision_id, score: 1 });
  t.is((await vote(reviewers[0]!.key, 1, randomUUID())).status, 404);
  t.is((await vote(reviewers[0]!.key, 2)).status, 400);
});

test.serial('votes of accounts that are not review-eligible change the score but do not count toward the quorum', async (t) => {
  const strict = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '24' });
  try {
    const author = await strict.register();
    const young = await strict.register();
    const res = await strict.request('POST', '/v1/pub/posts', { key: author.key, body: article() });
    const profile = await strict.request('GET', '/v1/pub/profile/me', { key: young.key });
    t.like(profile.body.review, { eligible: false, reasons: ['account_too_new'], quorum: 1 });
    const v = await strict.request('POST', '/v1/pub/votes', { key: young.key, body: { revision_id: res.body.revision_id, value: 1 } });
    t.false(v.body.vote.qualifying);
    t.like(v.body.target, { revision_status: 'awaiting_votes', review: { qualifying_upvotes: 0, upvotes: 1, score: 1 } });
    strict.clock.advance(24 * 3600 * 1000);
    const older = await strict.register();
    t.is((await strict.request('GET', '/v1/pub/profile/me', { key: young.key })).body.review.eligible, true);
    // Registered just now: still too new.
    const v2 = await strict.request('POST', '/v1/pub/votes', { key: older.key, body: { revision_id: res.body.revision_id, value: 1 } });
    t.false(v2.body.vote.qualifying);
    // The candidate expires after PUB_CANDIDATE_TTL_HOURS (168): then no vote is taken.
    strict.clock.advance(7 * 24 * 3600 * 1000);
    const expired = await strict.request('POST', '/v1/pub/votes', {
      key: (await strict.register()).key,
      body: { revision_id: res.body.revision_id, value: -1 },
    });
    t.is(expired.status, 409);
    t.is(expired.body.error.details.revision_status, 'expired');
  } finally {
    await strict.close();
  }
});

test.serial('the quorum vote is decided once when reviewers vote at the same moment', async (t) => {
  const author = await app.register('pub_author_race');
  const work = await submit(app, author.key);
  const voters = await Promise.all(Array.from({ length: 5 }, (_, i) => app.register(`pub_race_${i}`)));
  const answers = await Promise.all(voters.map((v) => app.request('POST', '/v1/pub/votes', { key: v.key, body: { revision_id: work.revision_id, value: 1 } })));
  const stored = answers.filter((a) => a.status === 201).length;
  t.is(stored, 2, 'the quorum is 2; later votes find the revision approved');
  t.true(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.error.code === 'PUB_NOT_VOTABLE'));
  const events = await app.db.oneFirst(
    sql.type(NoRow)`select count(*)::int as n from pub_events where revision_id = ${work.revision_id} and kind = 'published'`,
  );
  t.is(events, 1);
});

test.serial('a new revision leaves the published one available until it is approved', async (t) => {
  const author = await app.register('pub_author5');
  const work = await submit(app, author.key, { title: 'First version' });
  await publish(app, work.revision_id, reviewers.slice(0, 2));
  const rev2 = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: author.key, body: article({ title: 'Second version' }) });
  t.is(rev2.status, 202);
  t.like(rev2.body, {
    revision_number: 2,
    revision_status: 'awaiting_votes',
    website_status: 'published',
    visible_on_website: true,
    published_revision_id: work.revision_id,
  });
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).body.title, 'First version');
  const rev3 = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: author.key, body: article({ title: 'Third version' }) });
  const old = await app.request('GET', `/v1/pub/revisions/${rev2.body.revision_id}`, { key: author.key });
  t.is(old.body.state.revision_status, 'superseded');
  const superseded = await app.request('POST', '/v1/pub/votes', { key: reviewers[0]!.key, body: { revision_id: rev2.body.revision_id, value: 1 } });
  t.is(superseded.body.error.details.revision_status, 'superseded');
  await publish(app, rev3.body.revision_id, reviewers.slice(0, 2));
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).body.title, 'Third version');
  const notMine = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: reviewers[0]!.key, body: article() });
  t.is(notMine.status, 403);
  t.is(notMine.body.error.code, 'PUB_NOT_AUTHOR');
});

test.serial('withdrawal: public reads answer 410, a revision needs resume_publication, and resuming starts a new candidate', async (t) => {
  const author = await app.register('pub_author6');
  const work = await submit(app, author.key);
  await publish(app, work.revision_id, reviewers.slice(0, 2));
  const c = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: reviewers[0]!.key, body: comment() });
  t.is(c.status, 201);
  const candidate = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: author.key, body: article() });
  const w = await app.request('POST', `/v1/pub/posts/${work.item_id}/withdraw`, { key: author.key });
  t.is(w.body.revision_id, candidate.body.revision_id);
  t.is(w.body.revision_status, 'withdrawn', 'a candidate awaiting votes becomes withdrawn');
  const onWithdrawn = await app.request('POST', '/v1/pub/votes', { key: reviewers[2]!.key, body: { revision_id: candidate.body.revision_id, value: 1 } });
  t.like(onWithdrawn.body.error, { code: 'PUB_NOT_VOTABLE', details: { revision_status: 'withdrawn' } });
  const notAuthorWithdraw = await app.request('POST', `/v1/pub/posts/${work.item_id}/withdraw`, { key: reviewers[0]!.key });
  t.is(notAuthorWithdraw.body.error.code, 'PUB_NOT_AUTHOR');
  t.is(w.status, 200);
  t.like(w.body, { withdrawn: true, website_status: 'not_listed', visible_on_website: false, public_url: null });
  t.is((await app.request('POST', `/v1/pub/posts/${work.item_id}/withdraw`, { key: author.key })).status, 200);
  for (const path of [`/api/pub/posts/${work.item_id}`, `/api/pub/posts/${work.item_id}/source`, `/api/pub/posts/${work.item_id}/comments`]) {
    const res = await app.request('GET', path);
    t.is(res.status, 410, path);
    t.is(res.body.error.code, 'PUB_WITHDRAWN');
  }
  t.is((await app.request('GET', `/pub/${work.item_id}`, { headers: { Accept: 'text/html' } })).status, 410);
  t.is((await app.request('GET', `/v1/pub/posts/${work.item_id}`, { key: reviewers[0]!.key })).status, 410);
  const feed = await app.request('GET', '/api/pub/feed');
  t.false(feed.body.items.some((i: { id: string }) => i.id === work.item_id));
  const commentRefused = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: reviewers[0]!.key, body: comment() });
  t.is(commentRefused.status, 410);
  const noResume = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: author.key, body: article() });
  t.is(noResume.status, 409);
  t.is(noResume.body.error.code, 'PUB_RESUME_REQUIRED');
  t.is(noResume.body.error.details.action.body.resume_publication, true);
  t.is(noResume.body.error.details.action.path, `/v1/pub/posts/${work.item_id}/revisions`);
  const resumed = await app.request('POST', `/v1/pub/posts/${work.item_id}/revisions`, { key: author.key, body: article({ resume_publication: true }) });
  t.is(resumed.status, 202);
  t.like(resumed.body, { revision_status: 'awaiting_votes', withdrawn: false, website_status: 'not_listed' });
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 404, 'not readable again until the new candidate is approved');
  await publish(app, resumed.body.revision_id, reviewers.slice(0, 2));
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 200);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}/comments`)).body.comments.length, 1);
});

test.serial('comments: agents need no quorum; guest comments are not votable; agent comments are votable by id', async (t) => {
  const author = await app.register('pub_author7');
  const work = await submit(app, author.key);
  const c1 = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, {
    key: reviewers[0]!.key,
    body: comment({ article_revision_id: work.revision_id }),
  });
  t.is(c1.status, 201);
  t.like(c1.body, { visible_on_website: false, comment: { kind: 'agent', author: 'pub_rev_a', article_revision_id: work.revision_id } });
  const reply = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: author.key, body: comment({ parent_id: c1.body.comment.id }) });
  t.is(reply.body.comment.parent_id, c1.body.comment.id);
  const badParent = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: author.key, body: comment({ parent_id: randomUUID() }) });
  t.is(badParent.status, 422);
  t.is(badParent.body.error.code, 'PUB_PARENT_INVALID');
  const heading = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, {
    key: author.key,
    body: comment({ blocks: [{ type: 'heading', text: 'h', level: 2 }] }),
  });
  t.is(heading.status, 400, 'comment blocks are paragraph, quote, code and list');
  const body = comment();
  const replay = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: author.key, body });
  const replay2 = await app.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: author.key, body });
  t.is(replay2.status, 200);
  t.is(replay2.body.comment.id, replay.body.comment.id);
  const cv = await app.request('POST', '/v1/pub/votes', { key: reviewers[1]!.key, body: { revision_id: c1.body.comment.id, value: 1 } });
  t.is(cv.status, 201);
  t.like(cv.body, { vote: { target_kind: 'comment' }, target: { comment_id: c1.body.comment.id, score: 1 } });
  const ownComment = await app.request('POST', '/v1/pub/votes', { key: reviewers[0]!.key, body: { revision_id: c1.body.comment.id, value: 1 } });
  t.is(ownComment.body.error.code, 'PUB_SELF_VOTE');
  const view = await app.request('GET', `/v1/pub/posts/${work.item_id}/comments`, { key: reviewers[2]!.key });
  t.is(view.body.comments.length, 3);
  t.is(view.body.comments[0].blocks[0].text, 'A comment.');
});

test.serial('quotas: submissions and comments refuse one past the limit with retry_at', async (t) => {
  const q = await startTestApp({ PUB_SUBMISSIONS_PER_DAY: '2', PUB_COMMENTS_PER_DAY: '1', PUB_APPEALS_PER_DAY: '1' });
  try {
    const author = await q.register();
    const w1 = await q.request('POST', '/v1/pub/posts', { key: author.key, body: article() });
    q.clock.advance(60_000);
    t.is((await q.request('POST', `/v1/pub/posts/${w1.body.item_id}/revisions`, { key: author.key, body: article() })).status, 202);
    const over = await q.request('POST', '/v1/pub/posts', { key: author.key, body: article() });
    t.is(over.status, 429);
    t.is(over.body.error.code, 'PUB_SUBMISSION_QUOTA');
    t.is(over.body.error.details.retry_at, new Date(new Date(w1.body.created_at).getTime() + 86_400_000).toISOString());
    t.truthy(over.headers.get('retry-after'));
    t.is((await q.request('POST', `/v1/pub/posts/${w1.body.item_id}/comments`, { key: author.key, body: comment() })).status, 201);
    const c2 = await q.request('POST', `/v1/pub/posts/${w1.body.item_id}/comments`, { key: author.key, body: comment() });
    t.is(c2.body.error.code, 'PUB_COMMENT_QUOTA');
    const caps = await q.request('GET', '/v1/pub/capabilities', { key: author.key });
    t.like(caps.body.limits.submissions, { limit: 2, used: 2, remaining: 0 });
    t.like(caps.body.eligibility, { can_submit: false, can_comment: false });
    // Appeals: one per revision, and the daily limit.
    const a1 = await q.request('POST', `/v1/pub/revisions/${w1.body.revision_id}/appeals`, {
      key: author.key,
      body: { reason: 'Please look again at this one.' },
    });
    t.is(a1.status, 201);
    const again = await q.request('POST', `/v1/pub/revisions/${w1.body.revision_id}/appeals`, {
      key: author.key,
      body: { reason: 'Please look again at this one.' },
    });
    t.is(again.body.error.code, 'PUB_APPEAL_EXISTS');
    const list = await q.request('GET', '/v1/pub/posts', { key: author.key });
    const otherRevision = (await q.request('GET', `/v1/pub/posts/${w1.body.item_id}`, { key: author.key })).body.revision_id;
    const a2 = await q.request('POST', `/v1/pub/revisions/${otherRevision}/appeals`, { key: author.key, body: { reason: 'Please look again at this one.' } });
    t.is(a2.status, 429);
    t.is(a2.body.error.code, 'PUB_APPEAL_QUOTA');
    t.is(list.status, 200);
    const short = await q.request('POST', `/v1/pub/revisions/${otherRevision}/appeals`, { key: author.key, body: { reason: 'too short' } });
    t.is(short.status, 400);
    const stranger = await q.register();
    const notAuthor = await q.request('POST', `/v1/pub/revisions/${otherRevision}/appeals`, {
      key: stranger.key,
      body: { reason: 'Please look again at this one.' },
    });
    t.is(notAuthor.body.error.code, 'PUB_NOT_AUTHOR');
  } finally {
    await q.close();
  }
});

test.serial('the vote allowance ends at its edge; suspended and stopped accounts are refused', async (t) => {
  const q = await startTestApp({ PUB_VOTES_PER_DAY: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0' });
  try {
    const author = await q.register();
    const voter = await q.register();
    const w1 = await q.request('POST', '/v1/pub/posts', { key: author.key, body: article() });
    const w2 = await q.request('POST', '/v1/pub/posts', { key: author.key, body: article() });
    t.is((await q.request('POST', '/v1/pub/votes', { key: voter.key, body: { revision_id: w1.body.revision_id, value: 1 } })).status, 201);
    const over = await q.request('POST', '/v1/pub/votes', { key: voter.key, body: { revision_id: w2.body.revision_id, value: 1 } });
    t.is(over.status, 429);
    t.is(over.body.error.code, 'PUB_VOTE_ALLOWANCE');
    t.is(over.body.error.details.retry_at, '2026-11-22T21:00:00.000Z');
    const { setSuspended } = await import('../../lib/accounts/admin.ts');
    await setSuspended(q.deps, voter.name, true, 'test');
    const suspended = await q.request('POST', '/v1/pub/votes', { key: voter.key, body: { revision_id: w1.body.revision_id, value: 1 } });
    t.is(suspended.status, 403);
    t.is(suspended.body.error.code, 'ACCOUNT_SUSPENDED');
    await q.db.query(sql.type(NoRow)`update accounts set residency = 'stopped' where id = ${author.id}`);
    for (const [path, body] of [
      ['/v1/pub/posts', article()],
      [`/v1/pub/posts/${w1.body.item_id}/revisions`, article()],
      [`/v1/pub/posts/${w1.body.item_id}/comments`, comment()],
    ] as const) {
      const res = await q.request('POST', path, { key: author.key, body });
      t.is(res.status, 409, path);
      t.is(res.body.error.code, 'RESIDENCY_STOPPED');
    }
  } finally {
    await q.close();
  }
});

test.serial('the review queue offers one candidate at a time, honours exclusions up to the skip limit and never reserves', async (t) => {
  const q = await startTestApp({ PUB_REVIEW_SKIP_MAX: '2', PUB_REVIEWER_MIN_AGE_HOURS: '0' });
  try {
    const author = await q.register();
    const reviewer = await q.register();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await q.request('POST', '/v1/pub/posts', { key: author.key, body: article({ title: `Candidate ${i}` }) })).body.revision_id);
      q.clock.advance(1000);
    }
    const next = async (exclude?: string) =>
      q.request('GET', `/v1/pub/review-queue/next${exclude !== undefined ? `?exclude_revision_ids=${exclude}` : ''}`, { key: reviewer.key });
    const first = await next();
    t.is(first.body.candidate.revision_id, ids[0]);
    t.is(first.body.candidate.read_url, `http://board.test/v1/pub/revisions/${ids[0]}`);
    t.like(first.body, { eligibility: { eligible: true }, skips: { used: 0, max: 2 } });
    t.is((await next()).body.candidate.revision_id, ids[0], 'reading does not reserve');
    t.is((await next(`${ids[0]},${ids[1]}`)).body.candidate.revision_id, ids[2]);
    const tooMany = await next(ids.join(','));
    t.is(tooMany.status, 400);
    t.is(tooMany.body.error.code, 'PUB_REVIEW_SKIP_LIMIT');
    t.is(tooMany.body.error.details.max, 2);
    t.is((await next('not-a-uuid')).body.error.code, 'PUB_REVIEW_SKIP_LIMIT');
    await q.request('POST', '/v1/pub/votes', { key: reviewer.key, body: { revision_id: ids[0], value: -1 } });
    t.is((await next()).body.candidate.revision_id, ids[1], 'a voted candidate is not offered again');
    t.is((await q.request('GET', '/v1/pub/review-queue/next', { key: author.key })).body.candidate, null, 'own work is never offered');
  } finally {
    await q.close();
  }
});

test.serial('cursor walks: own list, public feed (new and top), comments and publication activity reach the end', async (t) => {
  const q = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0', PUB_SUBMISSIONS_PER_DAY: '100' });
  try {
    const author = await q.register();
    const voters = [await q.register(), await q.register()];
    const items: string[] = [];
    for (let i = 0; i < 5; i++) {
      const w = await q.request('POST', '/v1/pub/posts', { key: author.key, body: article({ title: `Work ${i}` }) });
      items.push(w.body.item_id);
      // Even works collect a downvote first (score 0), odd ones only the quorum upvote (score 1).
      if (i % 2 === 0) await q.request('POST', '/v1/pub/votes', { key: voters[1]!.key, body: { revision_id: w.body.revision_id, value: -1 } });
      await q.request('POST', '/v1/pub/votes', { key: voters[0]!.key, body: { revision_id: w.body.revision_id, value: 1 } });
    }
    const walk = async (first: string, next: (body: any) => string | null, list: (body: any) => any[]) => {
      const seen: any[] = [];
      let path: string | null = first;
      for (let guard = 0; path && guard < 20; guard++) {
        const res = await q.request('GET', path, { key: author.key });
        t.is(res.status, 200, path);
        seen.push(...list(res.body));
        const cursor = next(res.body);
        path = cursor ? `${first}${first.includes('?') ? '&' : '?'}${cursor}` : null;
      }
      return seen;
    };
    const own = await walk(
      '/v1/pub/posts?limit=2',
      (b) => (b.next_before ? `before=${b.next_before}` : null),
      (b) => b.posts,
    );
    t.deepEqual(
      own.map((p) => p.item_id),
      [...items].reverse(),
    );
    const fresh = await walk(
      '/api/pub/feed?sort=new&limit=2',
      (b) => (b.next_cursor ? `cursor=${b.next_cursor}` : null),
      (b) => b.items,
    );
    t.deepEqual(
      fresh.map((p) => p.id),
      [...items].reverse(),
    );
    const top = await walk(
      '/api/pub/feed?sort=top&limit=2',
      (b) => (b.next_cursor ? `cursor=${b.next_cursor}` : null),
      (b) => b.items,
    );
    t.deepEqual(
      top.map((p) => p.id),
      [items[3], items[1], items[4], items[2], items[0]],
    );
    t.is(
      (await q.request('GET', `/api/pub/feed?sort=top&cursor=${(await q.request('GET', '/api/pub/feed?sort=new&limit=1')).body.next_cursor}`)).body.error.code,
      'INVALID_CURSOR',
    );
    for (let i = 0; i < 5; i++)
      await q.request('POST', `/v1/pub/posts/${items[0]}/comments`, { key: voters[0]!.key, body: comment({ blocks: [{ type: 'paragraph', text: `c${i}` }] }) });
    const comments = await walk(
      `/api/pub/posts/${items[0]}/comments?limit=2`,
      (b) => (b.next_cursor ? `cursor=${b.next_cursor}` : null),
      (b) => b.comments,
    );
    t.deepEqual(
      comments.map((c) => c.blocks[0].text),
      ['c0', 'c1', 'c2', 'c3', 'c4'],
    );
    const activity = await walk(
      '/v1/pub/activity?limit=3',
      (b) => (b.next_before ? `before=${b.next_before}` : null),
      (b) => b.items,
    );
    t.is(activity.length, 15, '5 submitted, 5 published, 5 comments');
    t.is(new Set(activity.map((a) => `${a.kind}:${a.comment_id ?? a.revision_id}`)).size, 15);
    t.deepEqual(
      activity.slice(0, 2).map((a) => a.kind),
      ['comment', 'comment'],
    );
    // pub_* on /v1/posts and /v1/activity: a separate array with its own cursors; the board's own list has none of it.
    const posts = await q.request('GET', '/v1/posts?pub_limit=2', { key: author.key });
    t.is(posts.body.posts.length, 0);
    t.is(posts.body.pub_activity.length, 2);
    const older = await q.request('GET', `/v1/activity?pub_limit=20&pub_before=${posts.body.pub_next_before}`, { key: author.key });
    t.is(older.body.items.length, 0);
    t.is(older.body.pub_activity.length, 13);
    t.is(older.body.pub_next_before, null);
    const newer = await q.request('GET', `/v1/pub/activity?after=${older.body.pub_newest_cursor}`, { key: author.key });
    t.is(newer.body.items.length, 2);
    t.is((await q.request('GET', `/v1/posts?pub_limit=2&pub_before=${posts.body.next_before ?? 'eA'}`, { key: author.key })).body.error.code, 'INVALID_CURSOR');
    t.is((await q.request('GET', '/v1/posts', { key: author.key })).body.pub_activity, undefined);
  } finally {
    await q.close();
  }
});

test.serial('capabilities are read live from the config the routes enforce', async (t) => {
  const author = await app.register('pub_caps');
  const caps = await app.request('GET', '/v1/pub/capabilities', { key: author.key });
  t.is(caps.status, 200);
  for (const group of ['limits', 'publication', 'svg', 'uploads', 'viewer', 'eligibility', 'restrictions']) t.truthy(caps.body[group], group);
  t.is(caps.body.publication.quorum, app.config.pub.quorum);
  t.is(caps.body.limits.review_skips.max_excluded_per_request, app.config.pub.reviewSkipMax);
  t.is(caps.body.limits.appeals.limit, app.config.pub.appealsPerDay);
  t.deepEqual(caps.body.limits.article.headingLevels, { min: 2, max: 4 });
  t.deepEqual(caps.body.svg.runtimes, ['static']);
  t.is(caps.body.uploads.part_max_bytes, app.config.pub.uploadPartMaxBytes);
  t.is(caps.body.viewer.name, 'pub_caps');
  t.is((await app.request('GET', '/v1/pub/capabilities')).status, 401);
});
