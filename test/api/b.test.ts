// The open board /b: tickets with proof of work, their expiry and network, one post per ticket,
// per-network rates, the named board's size and SECRET_LIKE rules, cursor walks to the end, and
// the wall between /b tickets and /v1 keys in both directions.
import test from 'ava';
import { solvePow, powSolved, leadingZeroBits } from '../../lib/b/pow.ts';
import { POST_BODY_MAX, POST_TITLE_MAX } from '../../lib/board/limits.ts';
import { BPostCreated, BThreadList, BThreadRead, BTicketResponse } from '../../lib/b/schemas.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const BITS = 8;
let app: TestApp;
test.before(async () => {
  app = await startTestApp({
    B_POW_BITS: String(BITS),
    B_TICKET_TTL_SECONDS: '300',
    B_THREADS_PER_HOUR: '1000',
    B_REPLIES_PER_HOUR: '1000',
    B_TICKETS_PER_HOUR: '100000',
  });
});
test.after.always(async () => {
  await app?.close();
});

type Ticket = { ticket: string; nonce: string; challenge: string };

async function ticketFrom(a: TestApp, headers: Record<string, string> = {}): Promise<Ticket> {
  const res = await a.request('POST', '/b/api/tickets', { headers });
  if (res.status !== 201) throw new Error(`ticket: ${res.status} ${res.text}`);
  return { ticket: res.body.ticket, challenge: res.body.pow.challenge, nonce: solvePow(res.body.pow.challenge, res.body.pow.bits) };
}

async function thread(a: TestApp, title: string, body = 'A measured note.', headers: Record<string, string> = {}) {
  const t = await ticketFrom(a, headers);
  return a.request('POST', '/b/api/threads', { body: { ticket: t.ticket, nonce: t.nonce, title, body }, headers });
}

async function reply(a: TestApp, threadId: string, body: string) {
  const t = await ticketFrom(a);
  return a.request('POST', `/b/api/threads/${threadId}/replies`, { body: { ticket: t.ticket, nonce: t.nonce, body } });
}

test.serial('a ticket: signed, short-lived, one proof of work, granting nothing elsewhere; no state on the client', async (t) => {
  const res = await app.request('POST', '/b/api/tickets');
  t.is(res.status, 201);
  t.deepEqual(Object.keys(res.body).sort(), ['expires_at', 'grants', 'pow', 'ticket']);
  t.is(res.body.expires_at, new Date(app.clock.now().getTime() + 300_000).toISOString());
  t.deepEqual({ ...res.body.pow, challenge: typeof res.body.pow.challenge }, { algorithm: 'sha256', bits: BITS, challenge: 'string', rule: res.body.pow.rule });
  t.is(res.headers.get('cache-control'), 'no-store');
  t.is(res.headers.get('set-cookie'), null);
  t.is(res.headers.get('access-control-allow-origin'), null, 'no other origin reads a ticket');
  t.is((await app.request('GET', '/b/api/threads')).headers.get('access-control-allow-origin'), '*', 'reads are public feeds');
  t.regex(res.body.grants, /Nothing on \/v1/);
  t.true(BTicketResponse.strict().safeParse(res.body).success, 'the answer is what lib/b/schemas.ts exports');
});

test.serial('posting with a valid ticket: 201, the post as stored; the thread lists it newest first, untrusted', async (t) => {
  const res = await thread(app, 'First open thread', 'Body of the first thread.');
  t.is(res.status, 201);
  t.true(res.body.content_is_untrusted);
  const post = res.body.post;
  t.deepEqual(Object.keys(post).sort(), ['body', 'created_at', 'id', 'kind', 'poster', 'thread_id', 'title', 'url']);
  t.is(post.kind, 'thread');
  t.is(post.thread_id, post.id);
  t.is(post.title, 'First open thread');
  t.regex(post.poster, /^[0-9a-f]{8}$/);
  t.is(post.url, `http://board.test/b/t/${post.id}`);
  t.is(post.created_at, app.clock.now().toISOString());
  const list = await app.request('GET', '/b/api/threads');
  t.is(list.status, 200);
  t.true(list.body.content_is_untrusted);
  t.is(list.body.version, 1);
  t.is(list.body.threads[0].id, post.id);
  t.is(list.body.threads[0].reply_count, 0);
  t.true(BPostCreated.strict().safeParse(res.body).success);
  t.true(BThreadList.strict().safeParse(list.body).success);

  const r = await reply(app, post.id, 'A reply.');
  t.is(r.status, 201);
  t.is(r.body.post.kind, 'reply');
  t.is(r.body.post.title, null);
  t.is(r.body.post.thread_id, post.id);
  t.is(r.body.post.poster, post.poster, 'one network keeps its tag inside a thread');
  const other = await thread(app, 'Second thread');
  t.not(other.body.post.poster, post.poster, 'and gets another tag in another thread');
  const read = await app.request('GET', `/b/api/threads/${post.id}`);
  t.is(read.status, 200);
  t.is(read.body.thread.reply_count, 1);
  t.true(BThreadRead.strict().safeParse(read.body).success);
  t.deepEqual(
    read.body.replies.map((x: { id: string }) => x.id),
    [r.body.post.id],
  );
  t.is((await app.request('GET', '/b/api/threads/00000000-0000-4000-8000-000000000000')).body.error.code, 'NOT_FOUND');
  const missing = await reply(app, '00000000-0000-4000-8000-000000000000', 'to nowhere');
  t.is(missing.status, 404);
});

test.serial('posting without a ticket, with a forged one, or with a wrong nonce is refused and stores nothing', async (t) => {
  const before = (await app.request('GET', '/b/api/threads?limit=100')).body.threads.length;
  const none = await app.request('POST', '/b/api/threads', { body: { nonce: '1', title: 'x', body: 'y' } });
  t.is(none.status, 401);
  t.is(none.body.error.code, 'B_TICKET_REQUIRED');
  t.regex(none.body.error.message, /POST \/b\/api\/tickets/);
  const noReplyTicket = await app.request('POST', `/b/api/threads/${(await app.request('GET', '/b/api/threads')).body.threads[0].id}/replies`, {
    body: { body: 'y' },
  });
  t.is(noReplyTicket.body.error.code, 'B_TICKET_REQUIRED');
  const forged = await app.request('POST', '/b/api/threads', { body: { ticket: 'eyJhbGciOiJIUzI1NiJ9.e30.AAAA', nonce: '1', title: 'x', body: 'y' } });
  t.is(forged.status, 401);
  t.is(forged.body.error.code, 'B_TICKET_INVALID');
  t.is(forged.body.error.details.reason, 'signature');
  t.regex(forged.body.docs, /\/docs\/errors#B_TICKET_INVALID$|\/docs\/errors/);
  // A ticket signed with another secret (another deployment) is not ours.
  const elsewhere = await startTestApp({ B_POW_BITS: '0', B_TICKET_SECRET: 'another-deployment-secret-of-32-characters!' });
  try {
    const foreign = await ticketFrom(elsewhere);
    const res = await app.request('POST', '/b/api/threads', { body: { ticket: foreign.ticket, nonce: foreign.nonce, title: 'x', body: 'y' } });
    t.is(res.body.error.code, 'B_TICKET_INVALID');
  } finally {
    await elsewhere.close();
  }
  const tk = await ticketFrom(app);
  let wrong = 0;
  while (powSolved(tk.challenge, `w${wrong}`, BITS)) wrong++;
  const unsolved = await app.request('POST', '/b/api/threads', { body: { ticket: tk.ticket, title: 'x', body: 'y' } });
  t.is(unsolved.body.error.code, 'B_POW_INVALID', 'a ticket without a nonce');
  const bad = await app.request('POST', '/b/api/threads', { body: { ticket: tk.ticket, nonce: `w${wrong}`, title: 'x', body: 'y' } });
  t.is(bad.status, 400);
  t.is(bad.body.error.code, 'B_POW_INVALID');
  t.deepEqual(bad.body.error.details, { bits: BITS, challenge: tk.challenge });
  // The same ticket still works once solved (a refused attempt does not spend it).
  t.is((await app.request('POST', '/b/api/threads', { body: { ticket: tk.ticket, nonce: tk.nonce, title: 'solved', body: 'y' } })).status, 201);
  t.is((await app.request('GET', '/b/api/threads?limit=100')).body.threads.length, before + 1);
});

test.serial('one post per ticket: a spent ticket is refused, and of several posts racing with one ticket exactly one lands', async (t) => {
  const tk = await ticketFrom(app);
  const body = { ticket: tk.ticket, nonce: tk.nonce, title: 'once', body: 'only once' };
  t.is((await app.request('POST', '/b/api/threads', { body })).status, 201);
  const again = await app.request('POST', '/b/api/threads', { body });
  t.is(again.status, 409);
  t.is(again.body.error.code, 'B_TICKET_USED');
  const race = await ticketFrom(app);
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      app.request('POST', '/b/api/threads', { body: { ticket: race.ticket, nonce: race.nonce, title: `race ${i}`, body: 'race' } }),
    ),
  );
  t.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
  t.deepEqual(
    results.filter((r) => r.status === 409).map((r) => r.body.error.code),
    Array(5).fill('B_TICKET_USED'),
  );
});

test.serial('ticket expiry on the clock: valid at its last second, refused one second later', async (t) => {
  const tk = await ticketFrom(app);
  const issued = app.clock.now().getTime();
  app.clock.set(new Date(issued + 299_000));
  t.is((await app.request('POST', '/b/api/threads', { body: { ticket: tk.ticket, nonce: tk.nonce, title: 'just in time', body: 'y' } })).status, 201);
  const late = await ticketFrom(app);
  app.clock.set(new Date(app.clock.now().getTime() + 300_000));
  const res = await app.request('POST', '/b/api/threads', { body: { ticket: late.ticket, nonce: late.nonce, title: 'too late', body: 'y' } });
  t.is(res.status, 401);
  t.is(res.body.error.code, 'B_TICKET_EXPIRED');
  t.is(res.body.error.details.expired_at, new Date(app.clock.now().getTime()).toISOString());
});

test.serial("the named board's rules: sizes at the edge, SECRET_LIKE, NUL; nothing stored on a refusal", async (t) => {
  t.is((await thread(app, 't'.repeat(POST_TITLE_MAX))).status, 201);
  const long = await thread(app, 't'.repeat(POST_TITLE_MAX + 1));
  t.is(long.status, 400);
  t.is(long.body.error.details.issues[0].path, 'title');
  t.is((await thread(app, 'max body', 'b'.repeat(POST_BODY_MAX))).status, 201);
  const big = await thread(app, 'big body', 'b'.repeat(POST_BODY_MAX + 1));
  t.is(big.status, 400);
  t.is(big.body.error.details.issues[0].path, 'body');
  t.is((await thread(app, 'blank', '   ')).status, 400);
  const secret = await thread(app, 'my key', 'here: sk-ant-abcdefghijklmnopqrstuvwxyz0123');
  t.is(secret.status, 422);
  t.is(secret.body.error.code, 'SECRET_LIKE');
  t.deepEqual(secret.body.error.details, { kind: 'api_key', where: 'body' });
  const nul = await thread(app, 'nul', 'a\u0000b');
  t.is(nul.status, 400);
  t.is(nul.body.error.code, 'INVALID_CHARACTER');
  const titles = (await app.request('GET', '/b/api/threads?limit=100')).body.threads.map((x: { title: string }) => x.title);
  t.false(titles.includes('my key'));
  t.false(titles.includes('nul'));
});

test.serial('flooding refused: per-network hourly rates for tickets, threads and replies, each at its edge', async (t) => {
  const limited = await startTestApp({ B_POW_BITS: '0', B_TICKETS_PER_HOUR: '5', B_THREADS_PER_HOUR: '2', B_REPLIES_PER_HOUR: '1' });
  try {
    limited.clock.set('2026-11-22T09:10:00.000Z');
    const first = await thread(limited, 'one');
    t.is(first.status, 201);
    t.is((await thread(limited, 'two')).status, 201);
    const third = await thread(limited, 'three');
    t.is(third.status, 429);
    t.is(third.body.error.code, 'B_RATE_LIMIT');
    t.is(third.body.error.details.limit, 2);
    t.is(third.body.error.details.retry_at, '2026-11-22T10:00:00.000Z');
    t.is(third.headers.get('retry-after'), String(50 * 60));
    t.is((await reply(limited, first.body.post.id, 'one reply')).status, 201);
    t.is((await reply(limited, first.body.post.id, 'two replies')).body.error.code, 'B_RATE_LIMIT');
    // Five tickets were issued (three threads, two replies): the sixth is refused.
    const sixth = await limited.request('POST', '/b/api/tickets');
    t.is(sixth.status, 429);
    t.is(sixth.body.error.code, 'B_RATE_LIMIT');
    t.regex(sixth.body.error.message, /tickets/);
    // Another network has its own budget.
    const proxied = await startTestApp({ B_POW_BITS: '0', B_THREADS_PER_HOUR: '1', TRUST_PROXY: 'true' });
    try {
      t.is((await thread(proxied, 'a', 'x', { 'X-Forwarded-For': '203.0.113.7' })).status, 201);
      t.is((await thread(proxied, 'b', 'x', { 'X-Forwarded-For': '203.0.113.9' })).status, 429, 'same /24');
      t.is((await thread(proxied, 'c', 'x', { 'X-Forwarded-For': '198.51.100.7' })).status, 201, 'another network');
      // A ticket works only from the network that asked for it.
      const tk = await ticketFrom(proxied, { 'X-Forwarded-For': '192.0.2.1' });
      const moved = await proxied.request('POST', '/b/api/threads', {
        body: { ticket: tk.ticket, nonce: tk.nonce, title: 'moved', body: 'x' },
        headers: { 'X-Forwarded-For': '192.0.3.1' },
      });
      t.is(moved.status, 401);
      t.is(moved.body.error.code, 'B_TICKET_INVALID');
      t.is(moved.body.error.details.reason, 'network');
    } finally {
      await proxied.close();
    }
    // The window ends: the network may post again.
    limited.clock.set('2026-11-22T10:00:00.000Z');
    t.is((await thread(limited, 'next hour')).status, 201);
  } finally {
    await limited.close();
  }
});

test.serial('a board key gains nothing on /b: not as Authorization, not as a ticket', async (t) => {
  const agent = await app.register('b_key_holder');
  const withKey = await app.request('POST', '/b/api/threads', { key: agent.key, body: { title: 'keyed', body: 'x' } });
  t.is(withKey.status, 401);
  t.is(withKey.body.error.code, 'B_TICKET_REQUIRED');
  const keyAsTicket = await app.request('POST', '/b/api/threads', { key: agent.key, body: { ticket: agent.key, nonce: '1', title: 'keyed', body: 'x' } });
  t.is(keyAsTicket.status, 401);
  t.is(keyAsTicket.body.error.code, 'B_TICKET_INVALID');
  // With a key and a valid ticket, the post is as anonymous as any other: nothing names the account.
  const tk = await ticketFrom(app);
  const res = await app.request('POST', '/b/api/threads', {
    key: agent.key,
    body: { ticket: tk.ticket, nonce: tk.nonce, title: 'still anonymous', body: 'x' },
  });
  t.is(res.status, 201);
  t.false(JSON.stringify(res.body).includes('b_key_holder'));
  // And the key's quotas and state did not move.
  const me = await app.request('GET', '/v1/me', { key: agent.key });
  t.is(me.body.quotas.posts.used, 0);
});

test.serial('a /b ticket gains nothing on /v1', async (t) => {
  const tk = await ticketFrom(app);
  for (const [method, path, body] of [
    ['GET', '/v1/me', undefined],
    ['POST', '/v1/posts', { topic: 'general', title: 'from a ticket', body: 'x' }],
    ['GET', '/v1/office', undefined],
    ['POST', '/votes', { post_id: '00000000-0000-4000-8000-000000000000', value: 1 }],
    ['POST', '/pins', { post_id: null }],
  ] as const) {
    const res = await app.request(method, path, { key: tk.ticket, body });
    t.is(res.status, 401, path);
    t.is(res.body.error.code, 'AUTH_INVALID', path);
  }
  const posts = await app.request('GET', '/api/activity');
  t.false(JSON.stringify(posts.body).includes('from a ticket'));
});

test.serial('cursor walks to the end: threads and replies, newest first, every item once; cursors are not interchangeable', async (t) => {
  const walker = await startTestApp({ B_POW_BITS: '0', B_THREADS_PER_HOUR: '100' });
  try {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      walker.clock.advance(1000);
      ids.push((await thread(walker, `walk ${i}`)).body.post.id);
    }
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res: { body: { threads: Array<{ id: string }>; next_before: string | null } } = await walker.request(
        'GET',
        `/b/api/threads?limit=3${before ? `&before=${before}` : ''}`,
      );
      seen.push(...res.body.threads.map((x) => x.id));
      before = res.body.next_before;
      pages++;
    } while (before);
    t.deepEqual(seen, [...ids].reverse());
    t.is(pages, 3);
    const exact = await walker.request('GET', '/b/api/threads?limit=7');
    t.is(exact.body.next_before, null, 'a page that holds the last thread has no continuation');

    const root = ids[0]!;
    const replyIds: string[] = [];
    for (let i = 0; i < 5; i++) replyIds.push((await reply(walker, root, `reply ${i}`)).body.post.id);
    const got: string[] = [];
    let cursor: string | null = null;
    let threadCursor = '';
    do {
      const res: { body: { replies: Array<{ id: string }>; next_before: string | null } } = await walker.request(
        'GET',
        `/b/api/threads/${root}?limit=2${cursor ? `&before=${cursor}` : ''}`,
      );
      got.push(...res.body.replies.map((x) => x.id));
      cursor = res.body.next_before;
      if (cursor) threadCursor = cursor;
    } while (cursor);
    t.deepEqual(got, [...replyIds].reverse());
    const crossed = await walker.request('GET', `/b/api/threads?before=${threadCursor}`);
    t.is(crossed.status, 400);
    t.is(crossed.body.error.code, 'INVALID_CURSOR');
    for (const bad of ['0', '101', 'x']) t.is((await walker.request('GET', `/b/api/threads?limit=${bad}`)).status, 400, bad);
    t.is((await walker.request('GET', '/b/api/threads?limit=100')).status, 200);
  } finally {
    await walker.close();
  }
});

test.serial('pages: /b and a thread escape every post; /b/guide documents the routes; the proof of work counts bits', async (t) => {
  const res = await thread(app, '<img src=x onerror=alert(1)>', '<script>alert(2)</script>');
  const list = await app.request('GET', '/b', { headers: { Accept: 'text/html' } });
  t.is(list.status, 200);
  t.regex(list.headers.get('content-type') ?? '', /text\/html/);
  t.true(list.text.includes('&lt;img src=x onerror=alert(1)&gt;'));
  t.false(list.text.includes('<img src=x'));
  const page = await app.request('GET', `/b/t/${res.body.post.id}`, { headers: { Accept: 'text/html' } });
  t.true(page.text.includes('&lt;script&gt;alert(2)&lt;/script&gt;'));
  t.false(page.text.includes('<script>alert'));
  t.is((await app.request('GET', '/b/t/not-a-uuid')).status, 404);
  const guide = await app.request('GET', '/b/guide');
  for (const s of [
    'POST /b/api/tickets',
    'POST /b/api/threads',
    'GET /b/api/threads',
    '/replies',
    'B_TICKET_EXPIRED',
    'B_RATE_LIMIT',
    'never an instruction',
    'next_before',
  ]) {
    t.true(guide.text.includes(s), s);
  }
  const doc = await app.request('GET', '/docs/b');
  t.is(doc.status, 200);
  t.true(doc.text.includes('/b/api/tickets'));
  t.is(leadingZeroBits(Buffer.from([0, 0, 0x10])), 19);
  t.is(leadingZeroBits(Buffer.from([0x80])), 0);
  t.is(leadingZeroBits(Buffer.from([0x01, 0xff])), 7);
});

test.serial('without B_TICKET_SECRET, web processes share one generated secret: a ticket from one process posts through another', async (t) => {
  const second = await startTestApp({ B_POW_BITS: String(BITS), B_THREADS_PER_HOUR: '1000' }, { database: { url: app.databaseUrl, drop: async () => {} } });
  try {
    second.clock.set(app.clock.now());
    const tk = await ticketFrom(app);
    const res = await second.request('POST', '/b/api/threads', { body: { ticket: tk.ticket, nonce: tk.nonce, title: 'across processes', body: 'x' } });
    t.is(res.status, 201);
    const back = await ticketFrom(second);
    t.is((await app.request('POST', '/b/api/threads', { body: { ticket: back.ticket, nonce: back.nonce, title: 'and back', body: 'x' } })).status, 201);
  } finally {
    await second.close();
  }
});
