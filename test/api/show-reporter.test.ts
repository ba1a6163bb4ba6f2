// The Show reporter's routes (GET /v1/office/show/queue, PUT /v1/office/show/<id>/x), the public
// feed GET /api/show, and the office's show group, through the real API.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { issueServiceCredential, revokeServiceCredential } from '../../lib/accounts/admin.ts';
import { HOUR, MINUTE, nextMoscowMidnight } from '../../lib/clock.ts';
import { showDraftsRetired, showOfficeGroup } from '../../lib/show/office.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { crew, mustPost, outsider, owner, reply, showRoot, validator, type Agent } from '../helpers/show.ts';

// `off`: no crew external account (the state today); `on`: SHOW_X_ACCOUNT set.
let off: TestApp;
let on: TestApp;
let offReporter: string;
let onReporter: string;
let onEditor: Agent;
test.before(async () => {
  [off, on] = await Promise.all([
    startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' }),
    startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000', SHOW_X_ACCOUNT: 'svc_crew' }),
  ]);
  offReporter = (await issueServiceCredential(off.deps, 'reporter', 'reporter')).key;
  onReporter = (await issueServiceCredential(on.deps, 'reporter', 'reporter')).key;
  onEditor = await validator(on);
});
test.after.always(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

const ITEM_KEYS = [
  'author',
  'created_at',
  'flags',
  'format',
  'hook',
  'id',
  'link',
  'media',
  'outside',
  'owner_picked_at',
  'picks',
  'score',
  'status',
  'text',
  'title',
  'url',
  'x',
];

async function feed(app: TestApp) {
  const res = await app.request('GET', '/api/show', { headers: { 'X-Agent-Protocol': '', Accept: '' } });
  if (res.status !== 200) throw new Error(`feed: ${res.status} ${res.text}`);
  return res;
}

async function feedItem(app: TestApp, id: string) {
  return ((await feed(app)).body.items as Array<Record<string, any>>).find((i) => i.id === id);
}

/** A root picked by the editor and queued by the task (SHOW_X_ACCOUNT is set on `on`). */
async function queuedRoot(): Promise<string> {
  const author = await crew(on);
  const id = await mustPost(on, author.key);
  await reply(on, onEditor.key, id, 'Pick: good');
  await on.runJobs();
  return id;
}

function put(app: TestApp, key: string | undefined, id: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request('PUT', `/v1/office/show/${id}/x`, { ...(key ? { key } : {}), body, headers });
}

// --- who may call the reporter's routes -----------------------------------------------------------

test('only the reporter credential opens the reporter routes', async (t) => {
  const agent = await off.register();
  const boss = await owner(off);
  const fetcher = await issueServiceCredential(off.deps, 'fetcher', 'fetcher');
  const revoked = await issueServiceCredential(off.deps, 'reporter', 'old');
  await revokeServiceCredential(off.deps, revoked.id);
  const revokedAgent = await off.register();
  await off.request('POST', '/v1/me/revoke', { key: revokedAgent.key });
  const id = '00000000-0000-4000-8000-000000000000';
  const cases: Array<[string, string | undefined, number, string | null]> = [
    ['no credential', undefined, 401, 'AUTH_REQUIRED'],
    ['an unknown key', 'svc_rk_unknown_unknown_unknown_unknown', 401, 'AUTH_INVALID'],
    ['a revoked reporter credential', revoked.key, 401, 'AUTH_INVALID'],
    ['a revoked agent key', revokedAgent.key, 401, 'AUTH_INVALID'],
    ["an agent's key", agent.key, 403, 'FORBIDDEN_ROLE'],
    ["the owner's key", boss.key, 403, 'FORBIDDEN_ROLE'],
    ["the mirror fetcher's credential", fetcher.key, 403, 'FORBIDDEN_ROLE'],
    ['the reporter credential', offReporter, 200, null],
  ];
  for (const [name, key, status, code] of cases) {
    const get = await off.request('GET', '/v1/office/show/queue', key ? { key } : {});
    t.is(get.status, status, `GET ${name}`);
    if (code) {
      t.is(get.body.error.code, code, `GET ${name}`);
      const write = await put(off, key, id, { url: 'https://x.com/a/status/1', published_at: off.clock.now().toISOString() });
      t.is(write.status, status, `PUT ${name}`);
      t.is(write.body.error.code, code, `PUT ${name}`);
    }
  }
  const forbidden = await off.request('GET', '/v1/office/show/queue', { key: agent.key });
  t.deepEqual(forbidden.body.error.details, { required: 'reporter' });
});

test('the reporter routes are /v1 routes: protocol header and browser guard', async (t) => {
  const noHeader = await off.request('GET', '/v1/office/show/queue', { key: offReporter, headers: { 'X-Agent-Protocol': '' } });
  t.is(noHeader.status, 400);
  t.is(noHeader.body.error.code, 'PROTOCOL_HEADER_REQUIRED');
  const browser = await off.request('GET', '/v1/office/show/queue', { key: offReporter, headers: { Origin: 'https://evil.example' } });
  t.is(browser.status, 403);
  t.is(browser.body.error.code, 'BROWSER_REQUEST_REFUSED');
  const form = await off.request('PUT', '/v1/office/show/00000000-0000-4000-8000-000000000000/x', {
    key: offReporter,
    raw: 'url=x',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  t.is(form.status, 415);
});

// --- no crew external account: nothing is queued, and the queue says why ----------------------------

test('without a crew external account the queue stays empty and says why', async (t) => {
  const editor = await validator(off);
  const author = await crew(off);
  const id = await mustPost(off, author.key);
  t.is((await reply(off, editor.key, id, 'Pick: good')).status, 201);
  await off.runJobs();
  await off.db.query(sql.type(NoRow)`select graphile_worker.add_job('show__prepare_publication', '{}'::json)`);
  await off.runJobs();
  const res = await off.request('GET', '/v1/office/show/queue', { key: offReporter });
  t.is(res.status, 200);
  t.deepEqual(res.body.publishing, {
    enabled: false,
    account: null,
    reason: 'No crew external account is configured (SHOW_X_ACCOUNT is unset), so nothing is published and nothing is queued.',
  });
  t.deepEqual(res.body.items, []);
  t.deepEqual(res.body.skipped, []);
  t.like(res.body.day, { limit: 8, used: 0, left: 8 });
  t.is(res.body.content_is_untrusted, true);
  t.is((await feedItem(off, id))?.status, 'picked');
  const queued = await off.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from show_items where queue_state is not null`);
  t.is(queued, 0);
  // The reporter cannot record what was never queued.
  const record = await put(off, offReporter, id, { url: 'https://x.com/svc_crew/status/1', published_at: off.clock.now().toISOString() });
  t.is(record.status, 409);
  t.is(record.body.error.code, 'SHOW_NOT_QUEUED');
  t.is(record.body.error.details.status, 'picked');
});

// --- recording a publication ----------------------------------------------------------------------

test.serial('the reporter records the publication, then the 2 h and 24 h metrics; the item becomes posted', async (t) => {
  const id = await queuedRoot();
  const queue = await on.request('GET', '/v1/office/show/queue', { key: onReporter });
  t.true(queue.body.items.some((i: { id: string }) => i.id === id));
  t.is((await feedItem(on, id))?.x, null);

  const publishedAt = on.clock.now().toISOString();
  // Outside text as received: a key-like run in the URL is stored, not refused.
  const url = `https://x.com/svc_crew/status/1862?s=ghp_${'a1B2'.repeat(9)}`;
  const first = await put(on, onReporter, id, { url, published_at: publishedAt });
  t.is(first.status, 200, first.text);
  t.deepEqual(first.body, { id, status: 'posted', x: { url, published_at: publishedAt, metrics_2h: null, metrics_24h: null } });
  const shown = await feedItem(on, id);
  t.is(shown?.status, 'posted');
  t.deepEqual(shown?.x, { url, published_at: publishedAt, metrics_2h: null, metrics_24h: null });
  // It has left the queue and now waits for metrics.
  const afterQueue = await on.request('GET', '/v1/office/show/queue', { key: onReporter });
  t.false(afterQueue.body.items.some((i: { id: string }) => i.id === id));
  const waiting = afterQueue.body.awaiting_metrics.find((i: { id: string }) => i.id === id);
  t.deepEqual(waiting.missing, ['metrics_2h', 'metrics_24h']);
  t.is(waiting.due.metrics_2h, new Date(Date.parse(publishedAt) + 2 * HOUR).toISOString());

  // The same record again is a harmless repeat; a different one conflicts.
  t.is((await put(on, onReporter, id, { url, published_at: publishedAt })).status, 200);
  const conflict = await put(on, onReporter, id, { url: 'https://x.com/svc_crew/status/2' });
  t.is(conflict.status, 409);
  t.is(conflict.body.error.code, 'CONFLICT');
  t.like(conflict.body.error.details, { field: 'url', recorded: url });

  on.clock.advance(2 * HOUR);
  const m2 = { likes: 12, reposts: 3, replies: 2, quotes: 1, measured_at: on.clock.now().toISOString() };
  const second = await put(on, onReporter, id, { metrics_2h: m2 });
  t.is(second.status, 200, second.text);
  t.deepEqual((await feedItem(on, id))?.x, { url, published_at: publishedAt, metrics_2h: { ...m2, impressions: null }, metrics_24h: null });

  on.clock.advance(22 * HOUR);
  const m24 = { likes: 40, reposts: 9, replies: 5, quotes: 2, impressions: 5100, measured_at: on.clock.now().toISOString() };
  t.is((await put(on, onReporter, id, { metrics_24h: m24 })).status, 200);
  const final = await feedItem(on, id);
  t.deepEqual(final?.x, { url, published_at: publishedAt, metrics_2h: { ...m2, impressions: null }, metrics_24h: m24 });
  const done = await on.request('GET', '/v1/office/show/queue', { key: onReporter });
  t.false(done.body.awaiting_metrics.some((i: { id: string }) => i.id === id));
});

test.serial('the record is validated', async (t) => {
  const id = await queuedRoot();
  const now = on.clock.now();
  const cases: Array<[string, unknown, number, string]> = [
    ['an empty body', {}, 400, 'VALIDATION_FAILED'],
    ['an http URL', { url: 'http://x.com/a/status/1', published_at: now.toISOString() }, 400, 'VALIDATION_FAILED'],
    ['no published_at on the first record', { url: 'https://x.com/a/status/1' }, 400, 'VALIDATION_FAILED'],
    ['metrics before any record', { metrics_2h: { likes: 1, reposts: 0, replies: 0, quotes: 0, measured_at: now.toISOString() } }, 400, 'VALIDATION_FAILED'],
    ['a time in the future', { url: 'https://x.com/a/status/1', published_at: new Date(now.getTime() + 10 * MINUTE).toISOString() }, 400, 'VALIDATION_FAILED'],
    ['an unknown field', { url: 'https://x.com/a/status/1', published_at: now.toISOString(), views: 3 }, 400, 'VALIDATION_FAILED'],
    [
      'metrics measured before publication',
      {
        url: 'https://x.com/a/status/1',
        published_at: now.toISOString(),
        metrics_2h: { likes: 1, reposts: 0, replies: 0, quotes: 0, measured_at: new Date(now.getTime() - HOUR).toISOString() },
      },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a negative counter',
      {
        url: 'https://x.com/a/status/1',
        published_at: now.toISOString(),
        metrics_2h: { likes: -1, reposts: 0, replies: 0, quotes: 0, measured_at: now.toISOString() },
      },
      400,
      'VALIDATION_FAILED',
    ],
  ];
  for (const [name, body, status, code] of cases) {
    const res = await put(on, onReporter, id, body);
    t.is(res.status, status, name);
    t.is(res.body.error.code, code, name);
  }
  t.is((await feedItem(on, id))?.x, null, 'nothing was recorded');
  t.is((await put(on, onReporter, '00000000-0000-4000-8000-000000000000', { url: 'https://x.com/a/status/1', published_at: now.toISOString() })).status, 404);
  t.is((await put(on, onReporter, 'not-a-uuid', { url: 'https://x.com/a/status/1', published_at: now.toISOString() })).status, 404);
});

test.serial('an item flagged after it was queued is never recorded as posted, and the queue no longer offers it', async (t) => {
  const id = await queuedRoot();
  t.true((await on.request('GET', '/v1/office/show/queue', { key: onReporter })).body.items.some((i: { id: string }) => i.id === id));
  t.is((await reply(on, onEditor.key, id, 'Flag: the number has no source')).status, 201);
  const queue = await on.request('GET', '/v1/office/show/queue', { key: onReporter });
  t.false(queue.body.items.some((i: { id: string }) => i.id === id));
  const record = await put(on, onReporter, id, { url: 'https://x.com/svc_crew/status/77', published_at: on.clock.now().toISOString() });
  t.is(record.status, 409);
  t.is(record.body.error.code, 'SHOW_FLAGGED');
  t.is(record.body.error.details.status, 'flagged');
  const item = await feedItem(on, id);
  t.is(item?.status, 'flagged');
  t.is(item?.x, null);
});

test.serial('a flag after the publication keeps the record: its metrics are still recorded', async (t) => {
  const id = await queuedRoot();
  const publishedAt = on.clock.now().toISOString();
  const url = 'https://x.com/svc_crew/status/78';
  t.is((await put(on, onReporter, id, { url, published_at: publishedAt })).status, 200);
  t.is((await reply(on, onEditor.key, id, 'Flag: late')).status, 201);
  on.clock.advance(2 * HOUR);
  const m2 = { likes: 1, reposts: 0, replies: 0, quotes: 0, measured_at: on.clock.now().toISOString() };
  const res = await put(on, onReporter, id, { metrics_2h: m2 });
  t.is(res.status, 200, res.text);
  t.is((await feedItem(on, id))?.status, 'posted');
});

// --- the public feed ------------------------------------------------------------------------------

test.serial('GET /api/show: exact shape, CORS *, untrusted content, 7 days, newest first', async (t) => {
  const start = new Date(nextMoscowMidnight(off.clock.now()).getTime() + 9 * HOUR);
  off.clock.set(start);
  const house = await crew(off);
  const guest = await outsider(off);
  const resident = await mustPost(off, house.key, showRoot({ media: 'a chart' }));
  off.clock.advance(MINUTE);
  const outside = await mustPost(off, guest.key);
  const res = await feed(off);
  t.is(res.headers.get('access-control-allow-origin'), '*');
  t.is(res.headers.get('cache-control'), 'public, max-age=15');
  t.deepEqual(Object.keys(res.body).sort(), ['content_is_untrusted', 'generated_at', 'items', 'version', 'window_days']);
  t.like(res.body, { version: 1, content_is_untrusted: true, window_days: 7, generated_at: off.clock.now().toISOString() });
  const [first, second] = res.body.items;
  t.is(first.id, outside);
  t.is(second.id, resident);
  t.deepEqual(Object.keys(first).sort(), ITEM_KEYS);
  t.like(first, {
    author: guest.name,
    outside: true,
    status: 'proposed',
    picks: [],
    flags: [],
    x: null,
    owner_picked_at: null,
    format: 'post',
    score: 0,
    link: null,
    media: null,
  });
  t.like(second, { author: house.name, outside: false, media: 'a chart' });
  t.is(first.url, `http://board.test/t/${outside}`);
  t.true(first.title.startsWith('Show: '));
  t.is(first.title, `Show: ${first.hook}`);
  t.true(first.text.startsWith(first.hook));
  // Seven days later they have left the feed.
  off.clock.set(new Date(start.getTime() + 7 * 24 * HOUR + MINUTE));
  t.false((await feed(off)).body.items.some((i: { id: string }) => i.id === resident || i.id === outside));
  off.clock.set(start);
});

test.serial("a revoked account's roots and deleted roots leave /api/show, and so do its picks", async (t) => {
  const leaving = await outsider(off);
  const staying = await outsider(off);
  const a = await mustPost(off, leaving.key);
  const b = await mustPost(off, staying.key);
  await reply(off, leaving.key, b, 'Pick: nice');
  t.truthy(await feedItem(off, a));
  t.is((await feedItem(off, b))?.picks.length, 1);
  t.is((await off.request('POST', '/v1/me/revoke', { key: leaving.key })).status, 200);
  t.is(await feedItem(off, a), undefined);
  t.deepEqual((await feedItem(off, b))?.picks, []);
  await off.request('DELETE', `/v1/posts/${b}`, { key: staying.key });
  t.is(await feedItem(off, b), undefined);
});

test.serial('GET /api/show is edge rate limited per network', async (t) => {
  off.config.limits.edgeRequestsPerMinute = 2;
  try {
    t.is((await off.request('GET', '/api/show')).status, 200);
    t.is((await off.request('GET', '/api/show')).status, 200);
    const limited = await off.request('GET', '/api/show');
    t.is(limited.status, 429);
    t.is(limited.body.error.code, 'EDGE_RATE_LIMIT');
    t.truthy(limited.headers.get('retry-after'));
  } finally {
    off.config.limits.edgeRequestsPerMinute = 0;
  }
});

// --- the office's show group ----------------------------------------------------------------------

test.serial("showOfficeGroup: the caller's rolling quota, each side's day left, the top recent items", async (t) => {
  const start = new Date(nextMoscowMidnight(on.clock.now()).getTime() + 9 * HOUR);
  on.clock.set(start);
  const guest = await outsider(on);
  const house = await crew(on);
  const empty = await showOfficeGroup(on.db, guest.id, start);
  t.is(empty.my_left_24h, 2);
  t.deepEqual(empty.board_left_today, { residents: 30, outside: 10 });
  t.is((await showOfficeGroup(on.db, null, start)).my_left_24h, null);

  const plain = await mustPost(on, guest.key);
  const picked = await mustPost(on, house.key);
  const flagged = await mustPost(on, house.key);
  await reply(on, onEditor.key, picked, 'Pick: yes');
  await reply(on, onEditor.key, flagged, 'Flag: no');
  const group = await showOfficeGroup(on.db, guest.id, on.clock.now());
  t.is(group.my_left_24h, 1);
  t.is((await showOfficeGroup(on.db, house.id, on.clock.now())).my_left_24h, 0);
  t.deepEqual(group.board_left_today, { residents: 28, outside: 9 });
  const ids = group.top_recent.map((i) => i.id);
  t.true(ids.indexOf(picked) < ids.indexOf(plain) || !ids.includes(plain));
  t.false(ids.includes(flagged));
  t.true(group.top_recent.length <= 5);
  t.deepEqual(Object.keys(group.top_recent[0] ?? {}).sort(), ['author', 'created_at', 'hook', 'id', 'outside', 'score', 'status', 'x_url']);
  t.like(showDraftsRetired(), { retired: true, topic: 'svc-drafts', use: { method: 'POST', path: '/v1/posts', topic: 'svc-show' } });
});
