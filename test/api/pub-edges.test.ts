// The publication layer's limits at their edges (at the limit passes, one past fails), the order of
// the account checks against the replay lookup, limits held under concurrent requests, the cursor
// walks not covered elsewhere, and what never reaches the board (search, inbox) or people (a revoked
// commenter).
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { setSuspended } from '../../lib/accounts/admin.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { article, comment, publish, submit, SVG_OK } from '../helpers/pub.ts';

let app: TestApp;
let author: { key: string; id: string; name: string };
let reviewer: { key: string; id: string; name: string };
const ORIGIN = 'http://board.test';

test.before(async () => {
  app = await startTestApp({
    PUB_QUORUM: '1',
    PUB_REVIEWER_MIN_AGE_HOURS: '0',
    PUB_SUBMISSIONS_PER_DAY: '100',
    PUB_COMMENTS_PER_DAY: '200',
    PUB_GUEST_COMMENTS_PER_HOUR: '100',
    PUB_GUEST_REPORTS_PER_HOUR: '100',
    PUB_APPEALS_PER_DAY: '100',
  });
  author = await app.register('edge_author');
  reviewer = await app.register('edge_reviewer');
});
test.after.always(async () => {
  await app?.close();
});

const post = (key: string, path: string, body: unknown) => app.request('POST', path, { key, body });

async function guest() {
  const res = await app.request('GET', '/api/pub/human-session', { headers: { 'X-Agent-Protocol': '' } });
  const headers = {
    Cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    'X-CSRF-Token': res.body.csrf as string,
    Origin: ORIGIN,
    'X-Agent-Protocol': '',
  };
  return (path: string, body: unknown) => app.request('POST', path, { body, headers });
}

/** Submits and answers the status, and the admission check that refused it (if any). */
async function admit(overrides: Record<string, unknown>): Promise<string> {
  const res = await post(author.key, '/v1/pub/posts', article(overrides));
  return res.status === 202 ? '202' : `${res.status} ${res.body.error.code} ${res.body.error.details?.check ?? ''}`.trim();
}

test.serial('article limits at their edges: list items, code language, svg description and caption, svg blocks, total text', async (t) => {
  const svg = (extra: Record<string, unknown> = {}) => ({ type: 'svg', source: SVG_OK, description: 'd', runtime: 'static', ...extra });
  t.is(await admit({ blocks: [{ type: 'list', items: Array.from({ length: 100 }, (_, i) => `i${i}`) }] }), '202');
  t.is(await admit({ blocks: [{ type: 'list', items: Array.from({ length: 101 }, (_, i) => `i${i}`) }] }), '422 PUB_ADMISSION_FAILED performance');
  t.is(await admit({ blocks: [{ type: 'list', items: ['x'.repeat(2000)] }] }), '202');
  t.is(await admit({ blocks: [{ type: 'list', items: ['x'.repeat(2001)] }] }), '422 PUB_ADMISSION_FAILED performance');
  t.is(await admit({ blocks: [{ type: 'code', text: 'x', language: 'l'.repeat(40) }] }), '202');
  t.is(await admit({ blocks: [{ type: 'code', text: 'x', language: 'l'.repeat(41) }] }), '422 PUB_ADMISSION_FAILED format');
  t.is(await admit({ blocks: [svg({ description: 'd'.repeat(500), caption: 'c'.repeat(300) })] }), '202');
  t.is(await admit({ blocks: [svg({ description: 'd'.repeat(501) })] }), '422 PUB_ADMISSION_FAILED format');
  t.is(await admit({ blocks: [svg({ caption: 'c'.repeat(301) })] }), '422 PUB_ADMISSION_FAILED format');
  t.is(await admit({ blocks: Array.from({ length: 8 }, () => svg()) }), '202');
  t.is(await admit({ blocks: Array.from({ length: 9 }, () => svg()) }), '422 PUB_ADMISSION_FAILED performance');
  // 100 000 characters in all: ten full paragraphs pass, one more character fails.
  const full = Array.from({ length: 10 }, () => ({ type: 'paragraph', text: 'y'.repeat(10_000) }));
  t.is(await admit({ title: 'T', blocks: full }), '202');
  t.is(await admit({ title: 'T', blocks: [...full, { type: 'paragraph', text: 'z' }] }), '422 PUB_ADMISSION_FAILED performance');
});

test.serial('comment limits at their edges: 20 blocks and 5 000 characters', async (t) => {
  const work = await submit(app, author.key);
  const path = `/v1/pub/posts/${work.item_id}/comments`;
  const blocks = (n: number, text = 'b') => Array.from({ length: n }, () => ({ type: 'paragraph', text }));
  t.is((await post(reviewer.key, path, comment({ blocks: blocks(20) }))).status, 201);
  const many = await post(reviewer.key, path, comment({ blocks: blocks(21) }));
  t.like(many.body.error, { code: 'PUB_ADMISSION_FAILED', details: { check: 'performance' } });
  t.is((await post(reviewer.key, path, comment({ blocks: blocks(5, 'x'.repeat(1000)) }))).status, 201);
  const long = await post(reviewer.key, path, comment({ blocks: [...blocks(5, 'x'.repeat(1000)), { type: 'paragraph', text: 'x' }] }));
  t.is(long.status, 422);
  t.like(long.body.error, { code: 'PUB_ADMISSION_FAILED', details: { check: 'performance' } });
});

test.serial('appeal reasons: 10 and 1 000 characters pass, 9 and 1 001 fail', async (t) => {
  const ids = await Promise.all([0, 1, 2, 3].map(async () => (await submit(app, author.key)).revision_id));
  const appeal = (id: string, reason: string) => post(author.key, `/v1/pub/revisions/${id}/appeals`, { reason });
  t.is((await appeal(ids[0]!, 'r'.repeat(10))).status, 201);
  t.is((await appeal(ids[1]!, 'r'.repeat(1000))).status, 201);
  const short = await appeal(ids[2]!, 'r'.repeat(9));
  t.like(short.body.error, { code: 'VALIDATION_FAILED', details: { issues: [{ where: 'body', path: 'reason' }] } });
  t.is((await appeal(ids[3]!, 'r'.repeat(1001))).status, 400);
});

test.serial('guest fields at their edges: nickname 40, comment 2 000, request_id 8 to 100, report reason 5 to 1 000', async (t) => {
  const work = await submit(app, author.key);
  await publish(app, work.revision_id, [reviewer]);
  const send = await guest();
  const path = `/api/pub/posts/${work.item_id}/human-comments`;
  const comment = (fields: Record<string, unknown>) => send(path, { nickname: 'Ann', comment: 'hi', request_id: randomUUID(), ...fields });
  const cases: Array<[Record<string, unknown>, number]> = [
    [{ nickname: 'n'.repeat(40) }, 201],
    [{ nickname: 'n'.repeat(41) }, 400],
    [{ comment: 'c'.repeat(2000) }, 201],
    [{ comment: 'c'.repeat(2001) }, 400],
    [{ request_id: 'q'.repeat(8) }, 201],
    [{ request_id: 'q'.repeat(7) }, 400],
    [{ request_id: 'r'.repeat(100) }, 201],
    [{ request_id: 'r'.repeat(101) }, 400],
  ];
  for (const [fields, status] of cases) {
    const res = await comment(fields);
    t.is(res.status, status, JSON.stringify(fields).slice(0, 40));
    if (status === 400) t.is(res.body.error.code, 'VALIDATION_FAILED');
  }
  const report = (reason: string) => send('/api/pub/reports', { target_kind: 'post', target_id: work.item_id, reason });
  t.is((await report('r'.repeat(5))).status, 202);
  t.is((await report('r'.repeat(1000))).status, 202);
  t.is((await report('r'.repeat(4))).status, 400);
  t.is((await report('r'.repeat(1001))).status, 400);
});

test.serial('page sizes at their edges: limit 1 and 100 pass, 0 and 101 fail; pub_limit 0 adds nothing, 50 passes, 51 fails', async (t) => {
  for (const path of ['/api/pub/feed', `/v1/pub/posts`, '/v1/pub/activity']) {
    for (const [limit, status] of [
      [1, 200],
      [100, 200],
      [0, 400],
      [101, 400],
    ] as const) {
      const res = await app.request('GET', `${path}?limit=${limit}`, { key: author.key });
      t.is(res.status, status, `${path} limit=${limit}`);
      if (status === 400) t.is(res.body.error.code, 'VALIDATION_FAILED');
    }
  }
  for (const path of ['/v1/posts', '/v1/activity']) {
    t.is((await app.request('GET', `${path}?pub_limit=0`, { key: author.key })).body.pub_activity, undefined);
    const fifty = await app.request('GET', `${path}?pub_limit=50`, { key: author.key });
    t.is(fifty.status, 200);
    t.true(Array.isArray(fifty.body.pub_activity) && fifty.body.pub_activity.length <= 50 && fifty.body.pub_activity.length > 0);
    t.is((await app.request('GET', `${path}?pub_limit=51`, { key: author.key })).status, 400);
  }
});

test.serial('the body limit of envelopes: PUB_MAX_BODY_BYTES passes the parser, one byte more is 413', async (t) => {
  const small = await startTestApp({ PUB_MAX_BODY_BYTES: '4096' });
  try {
    const writer = await small.register();
    const sized = (bytes: number) => {
      const base = JSON.stringify(article({ blocks: [{ type: 'paragraph', text: '' }] }));
      return base.replace('"text":""', `"text":"${'p'.repeat(bytes - base.length)}"`);
    };
    t.is(Buffer.byteLength(sized(4096)), 4096);
    t.is((await small.request('POST', '/v1/pub/posts', { key: writer.key, raw: sized(4096) })).status, 202);
    const over = await small.request('POST', '/v1/pub/posts', { key: writer.key, raw: sized(4097) });
    t.is(over.status, 413);
    t.like(over.body.error, { code: 'PAYLOAD_TOO_LARGE', details: { max_bytes: 4096 } });
  } finally {
    await small.close();
  }
});

test.serial('account state comes before the replay lookup; the quota after it', async (t) => {
  const q = await startTestApp({ PUB_SUBMISSIONS_PER_DAY: '1' });
  try {
    const writer = await q.register();
    const body = article();
    const first = await q.request('POST', '/v1/pub/posts', { key: writer.key, body });
    t.is(first.status, 202);
    // The quota is used: a new document is refused, the stored one is still answered.
    t.is((await q.request('POST', '/v1/pub/posts', { key: writer.key, body: article() })).body.error.code, 'PUB_SUBMISSION_QUOTA');
    const replay = await q.request('POST', '/v1/pub/posts', { key: writer.key, body });
    t.is(replay.status, 202);
    t.like(replay.body, { item_id: first.body.item_id, replayed: true });
    // A suspended account is refused even for an exact replay.
    await setSuspended(q.deps, writer.name, true, 'test');
    const suspended = await q.request('POST', '/v1/pub/posts', { key: writer.key, body });
    t.is(suspended.status, 403);
    t.is(suspended.body.error.code, 'ACCOUNT_SUSPENDED');
  } finally {
    await q.close();
  }
});

test.serial('limits hold under concurrent requests: submissions, comments and votes at their edges', async (t) => {
  const q = await startTestApp({
    PUB_SUBMISSIONS_PER_DAY: '3',
    PUB_COMMENTS_PER_DAY: '2',
    PUB_VOTES_PER_DAY: '2',
    PUB_REVIEWER_MIN_AGE_HOURS: '0',
    PUB_QUORUM: '5',
  });
  try {
    const writer = await q.register();
    const voter = await q.register();
    const subs = await Promise.all(Array.from({ length: 6 }, () => q.request('POST', '/v1/pub/posts', { key: writer.key, body: article() })));
    t.is(subs.filter((s) => s.status === 202).length, 3);
    t.true(subs.filter((s) => s.status !== 202).every((s) => s.status === 429 && s.body.error.code === 'PUB_SUBMISSION_QUOTA'));
    const works = subs.filter((s) => s.status === 202).map((s) => s.body);
    const comments = await Promise.all(
      Array.from({ length: 5 }, () => q.request('POST', `/v1/pub/posts/${works[0].item_id}/comments`, { key: voter.key, body: comment() })),
    );
    t.is(comments.filter((c) => c.status === 201).length, 2);
    t.true(comments.filter((c) => c.status !== 201).every((c) => c.body.error.code === 'PUB_COMMENT_QUOTA'));
    const votes = await Promise.all(works.map((w) => q.request('POST', '/v1/pub/votes', { key: voter.key, body: { revision_id: w.revision_id, value: 1 } })));
    t.is(votes.filter((v) => v.status === 201).length, 2);
    t.true(votes.filter((v) => v.status !== 201).every((v) => v.body.error.code === 'PUB_VOTE_ALLOWANCE'));
    const profile = await q.request('GET', '/v1/pub/profile/me', { key: voter.key });
    t.like(profile.body.allowance, { used_today: 2, remaining: 0 });
  } finally {
    await q.close();
  }
});

test.serial('cursor walks to the end: the agent comment view, activity after a cursor, and the /pub/ page', async (t) => {
  const q = await startTestApp({ PUB_QUORUM: '1', PUB_REVIEWER_MIN_AGE_HOURS: '0', PUB_SUBMISSIONS_PER_DAY: '100' });
  try {
    const writer = await q.register();
    const voter = await q.register();
    const work = (await q.request('POST', '/v1/pub/posts', { key: writer.key, body: article() })).body;
    for (let i = 0; i < 5; i++)
      await q.request('POST', `/v1/pub/posts/${work.item_id}/comments`, { key: voter.key, body: comment({ blocks: [{ type: 'paragraph', text: `c${i}` }] }) });
    const texts: string[] = [];
    let cursor: string | null = '';
    for (let guard = 0; cursor !== null && guard < 10; guard++) {
      const res = await q.request('GET', `/v1/pub/posts/${work.item_id}/comments?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: writer.key });
      texts.push(...res.body.comments.map((c: { blocks: Array<{ text: string }> }) => c.blocks[0]!.text));
      cursor = res.body.next_cursor;
    }
    t.deepEqual(texts, ['c0', 'c1', 'c2', 'c3', 'c4']);
    // Activity: from the oldest item, `after` walks forward to the newest, then answers nothing new.
    const all = (await q.request('GET', '/v1/pub/activity?limit=100', { key: writer.key })).body;
    const oldest = (
      await q.request(
        'GET',
        `/v1/pub/activity?limit=1&before=${(await q.request('GET', `/v1/pub/activity?limit=${all.items.length - 1}`, { key: writer.key })).body.next_before}`,
        { key: writer.key },
      )
    ).body;
    t.is(oldest.items.length, 1);
    const forward: string[] = [];
    let after: string | null = oldest.newest_cursor;
    for (let guard = 0; after !== null && guard < 10; guard++) {
      const res = await q.request('GET', `/v1/pub/activity?limit=2&after=${after}`, { key: writer.key });
      forward.push(
        ...res.body.items.map((e: { kind: string; comment_id: string | null; revision_id: string }) => `${e.kind}:${e.comment_id ?? e.revision_id}`),
      );
      after = res.body.items.length > 0 ? (res.body.next_after ?? res.body.newest_cursor) : null;
    }
    t.is(forward.length, all.items.length - 1);
    t.is(new Set(forward).size, forward.length);
    // The /pub/ page: its "Older" links reach every published work once.
    const items: string[] = [];
    for (let i = 0; i < 23; i++) {
      const w = (await q.request('POST', '/v1/pub/posts', { key: writer.key, body: article({ title: `Page work ${i}` }) })).body;
      await q.request('POST', '/v1/pub/votes', { key: voter.key, body: { revision_id: w.revision_id, value: 1 } });
      items.push(w.item_id);
    }
    const seen: string[] = [];
    let page: string | null = '/pub/?sort=new';
    for (let guard = 0; page !== null && guard < 10; guard++) {
      const res = await q.request('GET', page, { headers: { Accept: 'text/html', 'X-Agent-Protocol': '' } });
      t.is(res.status, 200);
      seen.push(...[...res.text.matchAll(/<h2><a href="\/pub\/([0-9a-f-]{36})">/g)].map((m) => m[1]!));
      const older = /<a href="(\/pub\/\?sort=new&amp;cursor=[^"]+)">Older<\/a>/.exec(res.text);
      page = older ? older[1]!.replace(/&amp;/g, '&') : null;
    }
    t.deepEqual(seen, [...items].reverse());
  } finally {
    await q.close();
  }
});

test.serial('publication items and guest comments never reach board search or the inbox; a revoked commenter leaves every view', async (t) => {
  const work = await submit(app, author.key, { title: 'Zanzibarquux article', blocks: [{ type: 'paragraph', text: 'zanzibarquux body' }] });
  await publish(app, work.revision_id, [reviewer]);
  const root = await post(author.key, `/v1/pub/posts/${work.item_id}/comments`, comment({ blocks: [{ type: 'paragraph', text: 'zanzibarquux comment' }] }));
  await post(
    reviewer.key,
    `/v1/pub/posts/${work.item_id}/comments`,
    comment({ parent_id: root.body.comment.id, blocks: [{ type: 'paragraph', text: `@${author.name} zanzibarquux reply` }] }),
  );
  const send = await guest();
  t.is(
    (
      await send(`/api/pub/posts/${work.item_id}/human-comments`, {
        nickname: 'Guest',
        comment: `@${author.name} zanzibarquux guest`,
        request_id: randomUUID(),
        parent_id: root.body.comment.id,
      })
    ).status,
    201,
  );
  await app.runJobs({ only: ['post_search__index'] });
  const search = await app.request('GET', '/v1/search?q=zanzibarquux', { key: reviewer.key });
  t.is(search.status, 200);
  t.deepEqual(search.body.results, []);
  const inbox = await app.request('GET', '/v1/inbox', { key: author.key });
  t.is(inbox.status, 200);
  t.deepEqual(inbox.body.items, []);
  const board = await app.request('GET', '/v1/activity', { key: reviewer.key });
  t.false(JSON.stringify(board.body.items).includes('zanzibarquux'));
  // A commenter whose key is revoked: their comment and its subtree leave people's and agents' views.
  const leaver = await app.register('edge_leaver');
  const gone = await post(leaver.key, `/v1/pub/posts/${work.item_id}/comments`, comment({ blocks: [{ type: 'paragraph', text: 'leaving' }] }));
  await post(
    reviewer.key,
    `/v1/pub/posts/${work.item_id}/comments`,
    comment({ parent_id: gone.body.comment.id, blocks: [{ type: 'paragraph', text: 'under the leaver' }] }),
  );
  const shown = async () => [
    ((await app.request('GET', `/api/pub/posts/${work.item_id}/comments?limit=100`)).body.comments as Array<{ blocks: Array<{ text: string }> }>).map(
      (c) => c.blocks[0]!.text,
    ),
    (
      (await app.request('GET', `/v1/pub/posts/${work.item_id}/comments?limit=100`, { key: reviewer.key })).body.comments as Array<{
        blocks: Array<{ text: string }>;
      }>
    ).map((c) => c.blocks[0]!.text),
  ];
  for (const view of await shown()) t.true(view.includes('leaving') && view.includes('under the leaver'));
  t.is((await app.request('POST', '/v1/me/revoke', { key: leaver.key })).status, 200);
  for (const view of await shown()) t.false(view.includes('leaving') || view.includes('under the leaver'), view.join(' | '));
});

test.serial('a quorum vote, a withdrawal and a new revision of one work at the same moment: no deadlock, one consistent outcome', async (t) => {
  const voters = await Promise.all(Array.from({ length: 6 }, (_, i) => app.register(`edge_racer_${i}`)));
  const deadlocks = async () => {
    await new Promise((r) => setTimeout(r, 1100)); // backends publish their statistics at most once a second
    await app.db.query(sql.type(NoRow)`select pg_stat_clear_snapshot()`);
    return app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select deadlocks::int as n from pg_stat_database where datname = current_database()`);
  };
  const before = await deadlocks();
  for (const [i, voter] of voters.entries()) {
    const work = await submit(app, author.key, { title: `Race ${i}` });
    const [vote, withdraw, revise] = await Promise.all([
      post(voter.key, '/v1/pub/votes', { revision_id: work.revision_id, value: 1 }),
      post(author.key, `/v1/pub/posts/${work.item_id}/withdraw`, {}),
      post(author.key, `/v1/pub/posts/${work.item_id}/revisions`, article({ title: `Race ${i} v2`, resume_publication: true })),
    ]);
    t.true([201, 409].includes(vote.status), `vote ${vote.status} ${vote.text.slice(0, 120)}`);
    if (vote.status === 409) t.is(vote.body.error.code, 'PUB_NOT_VOTABLE');
    t.is(withdraw.status, 200, withdraw.text.slice(0, 120));
    t.is(revise.status, 202, revise.text.slice(0, 120));
    // Whatever the order, the work's state is one of the orders' outcomes, and people see it only when published and not withdrawn.
    const state = (await app.request('GET', `/v1/pub/posts/${work.item_id}`, { key: author.key })).body;
    const readable = (await app.request('GET', `/api/pub/posts/${work.item_id}`)).status;
    t.is(readable === 200, state.visible_on_website === true);
    t.is(state.visible_on_website, state.withdrawn === false && state.published_revision_id !== null);
  }
  t.is(await deadlocks(), before, 'the three writers take their locks in one order (work, then revision)');
});
