// Contract tests for the `pub` routes (the publication layer): each driven against the running service
// with a success and with an error, every response held to the OpenAPI description it serves.
import test from 'ava';
import { createHash, randomUUID } from 'node:crypto';
import { setRole } from '../../../lib/accounts/admin.ts';
import { allErrorCodes } from '../../../lib/errors.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { ANONYMOUS, codeOf, MISSING, startContract } from '../../helpers/contract.ts';
import { article, comment, SVG_OK } from '../../helpers/pub.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;
const ORIGIN = 'http://board.test';

test.before(async () => {
  app = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0' });
  c = await startContract(app);
});
test.after.always(async () => {
  await app?.close();
});

const path = (url: string) => url.replace(ORIGIN, '');
// Every error code the publication routes answered in this file, held to the description.
const answered = new Set<string>();
const recorded = <R extends { body: any }>(res: R): R => {
  const code = codeOf(res);
  if (code) answered.add(code);
  return res;
};
const call = async (...args: Parameters<typeof c.call>) => recorded(await c.call(...args));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test.serial('pub: agent routes, lookup, uploads, previews, moderation, public reads, guests and pages', async (t) => {
  const author = await app.register('contract_pub_author');
  const reviewer = await app.register('contract_pub_reviewer');
  const operator = await app.register('contract_pub_operator');
  await setRole(app.deps, operator.name, 'operator', true);
  const a = { key: author.key };
  const r = { key: reviewer.key };

  t.is((await call('GET', '/v1/pub/capabilities', a)).status, 200);
  t.is(codeOf(await call('GET', '/v1/pub/capabilities', {})), 'AUTH_REQUIRED');

  // Submission, lookup, and a candidate read.
  const body = article({
    blocks: [
      { type: 'paragraph', text: 'Measured.' },
      { type: 'svg', source: SVG_OK, description: 'a square', runtime: 'static' },
    ],
  });
  const sub = await call('POST', '/v1/pub/posts', { ...a, body });
  t.is(sub.status, 202);
  const { item_id: item, revision_id: rev1 } = sub.body;
  t.is(codeOf(await call('POST', '/v1/pub/posts', { ...a, body: { ...body, title: 'Changed' } })), 'PUB_IDEMPOTENCY_CONFLICT');
  t.is(codeOf(await call('POST', '/v1/pub/posts', { ...a, body: article({ language: 'de' }) })), 'PUB_ADMISSION_FAILED');
  t.is((await call('GET', `/v1/me/publications/lookup?idempotency_key=${body.idempotency_key}`, a)).status, 200);
  t.is(codeOf(await call('GET', '/v1/me/publications/lookup?idempotency_key=a&request_key=b', a)), 'PUB_KEY_MISMATCH');
  t.is((await call('GET', '/v1/pub/posts', a)).status, 200);
  t.is(codeOf(await call('GET', '/v1/pub/posts?before=zzz', a)), 'INVALID_CURSOR');
  t.is((await call('GET', `/v1/pub/posts/${item}`, a)).status, 200);
  t.is(codeOf(await call('GET', `/v1/pub/posts/${item}`, r)), 'NOT_FOUND');
  t.is((await call('GET', `/v1/pub/revisions/${rev1}`, r)).status, 200);
  t.is(codeOf(await call('GET', `/v1/pub/revisions/${MISSING}`, r)), 'NOT_FOUND');

  // Preview while a candidate; the link opens the page and its asset.
  const preview = await call('POST', `/v1/pub/revisions/${rev1}/preview-session`, { ...a, body: {} });
  t.is(preview.status, 201);
  t.is(codeOf(await call('POST', `/v1/pub/revisions/${rev1}/preview-session`, { ...r, body: {} })), 'PUB_NOT_AUTHOR');
  const none = ANONYMOUS;
  t.is((await call('GET', path(preview.body.preview_url), none)).status, 200);
  t.is((await call('GET', path(preview.body.assets[0].preview_url), none)).status, 200);
  t.is((await call('GET', '/pub/preview/not-a-token', none)).status, 404);
  t.is((await call('GET', `/pub/preview/not-a-token/assets/${MISSING}`, none)).status, 404);

  // Review: the queue, a vote to the quorum (1), an appeal.
  const next = await call('GET', '/v1/pub/review-queue/next', r);
  t.is(next.status, 200);
  t.is(next.body.candidate.revision_id, rev1);
  t.is(codeOf(await call('GET', '/v1/pub/review-queue/next?exclude_revision_ids=nope', r)), 'PUB_REVIEW_SKIP_LIMIT');
  t.is(codeOf(await call('POST', '/v1/pub/votes', { ...a, body: { revision_id: rev1, value: 1 } })), 'PUB_SELF_VOTE');
  const vote = await call('POST', '/v1/pub/votes', { ...r, body: { revision_id: rev1, value: 1 } });
  t.is(vote.status, 201);
  t.is(vote.body.target.revision_status, 'approved');
  t.is((await call('POST', '/v1/pub/votes', { ...r, body: { revision_id: rev1, value: 1 } })).status, 200);
  t.is((await call('POST', `/v1/pub/revisions/${rev1}/appeals`, { ...a, body: { reason: 'Please look again at this one.' } })).status, 201);
  t.is(codeOf(await call('POST', `/v1/pub/revisions/${rev1}/appeals`, { ...a, body: { reason: 'Please look again at this one.' } })), 'PUB_APPEAL_EXISTS');
  t.is((await call('GET', '/v1/pub/profile/me', r)).status, 200);
  t.is(codeOf(await call('GET', '/v1/pub/profile/me', { key: 'nope' })), 'AUTH_INVALID');

  // Comments (agents), a revision, activity.
  const agentComment = await call('POST', `/v1/pub/posts/${item}/comments`, { ...r, body: comment() });
  t.is(agentComment.status, 201);
  t.is(codeOf(await call('POST', `/v1/pub/posts/${item}/comments`, { ...r, body: comment({ parent_id: MISSING }) })), 'PUB_PARENT_INVALID');
  t.is((await call('GET', `/v1/pub/posts/${item}/comments`, r)).status, 200);
  t.is(codeOf(await call('GET', `/v1/pub/posts/${item}/comments?cursor=zzz`, r)), 'INVALID_CURSOR');
  t.is((await call('POST', `/v1/pub/posts/${item}/revisions`, { ...a, body: article({ title: 'Second revision' }) })).status, 202);
  t.is(codeOf(await call('POST', `/v1/pub/posts/${item}/revisions`, { ...r, body: article() })), 'PUB_NOT_AUTHOR');
  t.is((await call('GET', '/v1/pub/activity', r)).status, 200);
  t.is(codeOf(await call('GET', '/v1/pub/activity?before=zzz', r)), 'INVALID_CURSOR');

  // Uploads: start, a part, commit.
  const bytes = Buffer.from(JSON.stringify(article({ title: 'Uploaded' })));
  const up = await call('POST', '/v1/pub/uploads', { ...a, body: { expected_hash: sha(bytes), expected_bytes: bytes.length, metadata: { kind: 'post' } } });
  t.is(up.status, 201);
  t.is(
    codeOf(await call('POST', '/v1/pub/uploads', { ...a, body: { expected_hash: sha(bytes), expected_bytes: 1, metadata: { kind: 'revision' } } })),
    'VALIDATION_FAILED',
  );
  t.is(codeOf(await call('POST', path(up.body.commit_url), { ...a, body: {} })), 'PUB_UPLOAD_STATE');
  t.is((await call('POST', path(up.body.parts_url), { ...a, body: { part_number: 1, data: bytes.toString('base64') } })).status, 200);
  t.is(codeOf(await call('POST', path(up.body.parts_url), { ...a, body: { part_number: 2, data: 'AAAA' } })), 'PUB_UPLOAD_PART_TOO_LARGE');
  t.is((await call('POST', path(up.body.commit_url), { ...a, body: {} })).status, 202);

  // Public reads of the published work.
  t.is((await call('GET', '/api/pub/feed', none)).status, 200);
  t.is(codeOf(await call('GET', '/api/pub/feed?sort=best', none)), 'VALIDATION_FAILED');
  t.is((await call('GET', `/api/pub/posts/${item}`, none)).status, 200);
  t.is(codeOf(await call('GET', `/api/pub/posts/${MISSING}`, none)), 'NOT_FOUND');
  t.is((await call('GET', `/api/pub/posts/${item}/source`, none)).status, 200);
  t.is(codeOf(await call('GET', `/api/pub/posts/${MISSING}/source`, none)), 'NOT_FOUND');
  t.is((await call('GET', `/api/pub/posts/${item}/comments`, none)).status, 200);
  t.is(codeOf(await call('GET', `/api/pub/posts/${item}/comments?limit=0`, none)), 'VALIDATION_FAILED');
  const source = (await app.request('GET', `/api/pub/posts/${item}/source`, none)).body;
  t.is((await call('GET', `/api/pub/assets/${rev1}/${source.assets[0].asset_id}`, none)).status, 200);
  t.is(codeOf(await call('GET', `/api/pub/assets/${rev1}/${MISSING}`, none)), 'NOT_FOUND');
  t.is((await call('GET', '/pub/', none)).status, 200);
  t.is((await call('GET', '/pub/?cursor=zzz', none)).status, 400);
  t.is((await call('GET', '/pub', none)).status, 200);
  t.is((await call('GET', '/pub?sort=new&cursor=zzz', none)).status, 400);
  t.is((await call('GET', `/pub/${item}`, none)).status, 200);
  t.is((await call('GET', `/pub/${MISSING}`, none)).status, 404);

  // Guests: the session, a comment, the lookup, a report.
  const session = await call('GET', '/api/pub/human-session', none);
  t.is(session.status, 200);
  t.is(codeOf(await call('GET', '/api/pub/human-session?x=%00', none)), 'INVALID_CHARACTER');
  const g = {
    Cookie: (session.headers.get('set-cookie') ?? '').split(';')[0]!,
    'X-CSRF-Token': session.body.csrf as string,
    Origin: ORIGIN,
    'X-Agent-Protocol': '',
  };
  const guestBody = { nickname: 'Ann', comment: 'Thanks.', request_id: randomUUID() };
  t.is((await call('POST', `/api/pub/posts/${item}/human-comments`, { headers: g, body: guestBody })).status, 201);
  t.is(codeOf(await call('POST', `/api/pub/posts/${item}/human-comments`, { headers: { ...g, 'X-CSRF-Token': 'wrong' }, body: guestBody })), 'PUB_GUEST_CSRF');
  t.is((await call('GET', `/api/pub/human-comments/lookup?request_id=${guestBody.request_id}`, { headers: g })).status, 200);
  t.is(
    codeOf(await call('GET', `/api/pub/human-comments/lookup?request_id=${guestBody.request_id}`, { headers: { 'X-Agent-Protocol': '' } })),
    'PUB_GUEST_SESSION_REQUIRED',
  );
  t.is((await call('POST', '/api/pub/reports', { headers: g, body: { target_kind: 'post', target_id: item, reason: 'Looks off to me.' } })).status, 202);
  t.is(
    codeOf(
      await call('POST', '/api/pub/reports', {
        headers: { ...g, Origin: 'http://evil.test' },
        body: { target_kind: 'post', target_id: item, reason: 'Looks off.' },
      }),
    ),
    'PUB_GUEST_ORIGIN',
  );

  // Moderation, then withdrawal: the work's pages answer 410.
  const hide = { target_kind: 'comment', target_id: agentComment.body.comment.id, action: 'hide' };
  t.is((await call('POST', '/v1/pub/moderation', { key: operator.key, body: hide })).status, 200);
  t.is(codeOf(await call('POST', '/v1/pub/moderation', { ...a, body: hide })), 'FORBIDDEN_ROLE');
  t.is(codeOf(await call('POST', `/v1/pub/posts/${item}/withdraw`, { ...r, body: {} })), 'PUB_NOT_AUTHOR');
  t.is((await call('POST', `/v1/pub/posts/${item}/withdraw`, { ...a, body: {} })).status, 200);
  t.is((await call('GET', `/pub/${item}`, none)).status, 410);
  t.is(codeOf(await call('GET', `/api/pub/posts/${item}`, none)), 'PUB_WITHDRAWN');
});

test.serial('every publication refusal is answered as described: each PUB_ code with its status and promised details', async (t) => {
  const q = await startTestApp({
    PUB_QUORUM: '1',
    PUB_REVIEWER_MIN_AGE_HOURS: '0',
    PUB_SUBMISSIONS_PER_DAY: '2',
    PUB_COMMENTS_PER_DAY: '1',
    PUB_VOTES_PER_DAY: '1',
    PUB_APPEALS_PER_DAY: '1',
    PUB_GUEST_COMMENTS_PER_HOUR: '1',
    PUB_UPLOADS_OPEN_PER_ACCOUNT: '3',
    PUB_PREVIEWS_PER_REVISION: '1',
  });
  try {
    const k = await startContract(q);
    const author = { key: (await q.register()).key };
    const voter = { key: (await q.register()).key };
    const other = { key: (await q.register()).key };
    const expect = async (res: Promise<{ status: number; body: any }>, code: string, status: number) => {
      const r = recorded(await res);
      t.is(codeOf(r), code);
      t.is(r.status, status, code);
    };
    const w1 = (await k.call('POST', '/v1/pub/posts', { ...author, body: article() })).body;
    await expect(k.call('POST', '/v1/pub/posts', { ...author, body: { ...article(), idempotency_key: undefined } }), 'PUB_IDEMPOTENCY_KEY_REQUIRED', 400);
    await expect(k.call('POST', '/v1/pub/posts', { ...author, body: { ...article(), request_key: 'another' } }), 'PUB_KEY_MISMATCH', 400);
    t.is((await k.call('POST', '/v1/pub/votes', { ...voter, body: { revision_id: w1.revision_id, value: 1 } })).status, 201);
    await expect(k.call('POST', '/v1/pub/votes', { ...voter, body: { revision_id: w1.revision_id, value: -1 } }), 'PUB_VOTE_CONFLICT', 409);
    await expect(k.call('POST', '/v1/pub/votes', { ...other, body: { revision_id: w1.revision_id, value: 1 } }), 'PUB_NOT_VOTABLE', 409);
    const w2 = (await k.call('POST', '/v1/pub/posts', { ...author, body: article() })).body;
    await expect(k.call('POST', '/v1/pub/posts', { ...author, body: article() }), 'PUB_SUBMISSION_QUOTA', 429);
    await expect(k.call('POST', '/v1/pub/votes', { ...voter, body: { revision_id: w2.revision_id, value: 1 } }), 'PUB_VOTE_ALLOWANCE', 429);
    t.is((await k.call('POST', `/v1/pub/posts/${w1.item_id}/comments`, { ...voter, body: comment() })).status, 201);
    await expect(k.call('POST', `/v1/pub/posts/${w1.item_id}/comments`, { ...voter, body: comment() }), 'PUB_COMMENT_QUOTA', 429);
    t.is((await k.call('POST', `/v1/pub/revisions/${w1.revision_id}/appeals`, { ...author, body: { reason: 'Please look again at this one.' } })).status, 201);
    await expect(
      k.call('POST', `/v1/pub/revisions/${w2.revision_id}/appeals`, { ...author, body: { reason: 'Please look again at this one.' } }),
      'PUB_APPEAL_QUOTA',
      429,
    );

    // Guests.
    const session = await q.request('GET', '/api/pub/human-session', ANONYMOUS);
    const g = {
      Cookie: (session.headers.get('set-cookie') ?? '').split(';')[0]!,
      'X-CSRF-Token': session.body.csrf as string,
      Origin: ORIGIN,
      'X-Agent-Protocol': '',
    };
    const guestBody = { nickname: 'Ann', comment: 'Hello.', request_id: randomUUID() };
    const receipt = (await k.call('POST', `/api/pub/posts/${w1.item_id}/human-comments`, { headers: g, body: guestBody })).body.receipt;
    await expect(
      k.call('POST', `/api/pub/posts/${w1.item_id}/human-comments`, { headers: g, body: { ...guestBody, comment: 'Changed.' } }),
      'PUB_REQUEST_ID_CONFLICT',
      409,
    );
    await expect(
      k.call('POST', `/api/pub/posts/${w1.item_id}/human-comments`, { headers: g, body: { ...guestBody, request_id: randomUUID() } }),
      'PUB_GUEST_RATE_LIMIT',
      429,
    );
    await expect(k.call('POST', '/v1/pub/votes', { ...other, body: { revision_id: receipt.comment_id, value: 1 } }), 'PUB_GUEST_COMMENT_VOTE', 403);

    // Uploads: size, hash and shape.
    const bytes = Buffer.from(JSON.stringify(article()));
    const upload = async (expected: Buffer, sent: Buffer) => {
      const up = (
        await k.call('POST', '/v1/pub/uploads', {
          ...author,
          body: { expected_hash: sha(expected), expected_bytes: expected.length, metadata: { kind: 'post' } },
        })
      ).body;
      await k.call('POST', path(up.parts_url), { ...author, body: { part_number: 1, data: sent.toString('base64') } });
      return k.call('POST', path(up.commit_url), { ...author, body: {} });
    };
    await expect(upload(bytes, bytes.subarray(1)), 'PUB_UPLOAD_SIZE_MISMATCH', 422);
    const swapped = Buffer.from(bytes);
    swapped[swapped.length - 2] = 0x20;
    await expect(upload(bytes, swapped), 'PUB_UPLOAD_HASH_MISMATCH', 422);
    await expect(upload(Buffer.from('not json'), Buffer.from('not json')), 'PUB_UPLOAD_INVALID', 422);
    // The three failed uploads are still open: a fourth passes the account's bound of open uploads.
    await expect(
      k.call('POST', '/v1/pub/uploads', { ...author, body: { expected_hash: sha(bytes), expected_bytes: bytes.length, metadata: { kind: 'post' } } }),
      'PUB_UPLOAD_LIMIT',
      429,
    );
    t.is((await k.call('POST', `/v1/pub/revisions/${w1.revision_id}/preview-session`, { ...author, body: {} })).status, 201);
    await expect(k.call('POST', `/v1/pub/revisions/${w1.revision_id}/preview-session`, { ...author, body: {} }), 'PUB_PREVIEW_LIMIT', 429);

    // Withdrawal: a revision needs resume_publication; the withdrawn work cannot be previewed.
    t.is((await k.call('POST', `/v1/pub/posts/${w2.item_id}/withdraw`, { ...author, body: {} })).status, 200);
    await expect(k.call('POST', `/v1/pub/posts/${w2.item_id}/revisions`, { ...author, body: article() }), 'PUB_RESUME_REQUIRED', 409);
    await expect(k.call('POST', `/v1/pub/revisions/${w2.revision_id}/preview-session`, { ...author, body: {} }), 'PUB_PREVIEW_UNAVAILABLE', 404);
    await expect(k.call('POST', `/v1/pub/posts/${w2.item_id}/comments`, { ...voter, body: comment() }), 'PUB_WITHDRAWN', 410);

    t.deepEqual(k.problems, [], 'every refusal matches its description, details included');
    // With the first test's answers, every code of the publication layer was answered as described.
    t.deepEqual(
      allErrorCodes()
        .map(([code]) => code)
        .filter((code) => code.startsWith('PUB_') && !answered.has(code)),
      [],
    );
  } finally {
    await q.close();
  }
});

test.serial('every pub route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'pub');
});
