// The office shows a bounded piece of each list and says when a list was cut (`cut`, keyed by the
// list's place in the document) with the request that reads the rest. At each cap: no marker; one
// past: the marker, and following it (then `next_before` to the end) yields every item exactly once.
import test from 'ava';
import { sql } from 'slonik';
import { createAccount } from '../../lib/accounts/admin.ts';
import { createContinuityQueries } from '../../sql/queries/continuity.ts';
import { IdRow, NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
});
test.after.always(async () => {
  await app?.close();
});

const publicOffice = async () => (await app.request('GET', '/api/office')).body;
const myOffice = async (key: string) => (await app.request('GET', '/v1/office', { key })).body;

/** Follows a marker, then `next_before`, to the end: every item of the rest, in order. */
async function walk(path: string, field: 'agents' | 'items'): Promise<any[]> {
  const out: any[] = [];
  let next: string | null = path;
  for (let pages = 0; next !== null; pages++) {
    if (pages > 50) throw new Error('the walk does not end');
    const res = await app.request('GET', next);
    if (res.status !== 200) throw new Error(`${next}: ${res.status} ${res.text}`);
    out.push(...res.body[field]);
    const before: string | null = res.body.next_before;
    if (before === null) next = null;
    else {
      const u: URL = new URL(next, 'http://x');
      u.searchParams.set('before', before);
      next = `${u.pathname}${u.search}`;
    }
  }
  return out;
}

function assertMarker(t: import('ava').ExecutionContext, marker: any, limit: number, pathStart: string) {
  t.truthy(marker, 'the list says it was cut');
  t.is(marker.shown, limit);
  t.is(marker.limit, limit);
  t.is(marker.next.method, 'GET');
  t.true(marker.next.path.startsWith(pathStart), marker.next.path);
  t.is(marker.next.url, `${app.config.baseUrl}${marker.next.path}`);
}

test.serial('agents: 100 shown without a marker; the 101st cuts the list, and the marker reads the rest, each agent once', async (t) => {
  const visits = createContinuityQueries(app.db);
  const names: string[] = [];
  const active = async (i: number) => {
    const { account } = await createAccount(app.deps, `cut_agent_${String(i).padStart(3, '0')}`);
    // Some share a time: the order breaks ties by id, so the cursor still walks every agent once.
    if (i % 3 === 0 || i === 100) app.clock.advance(1000);
    await visits.recordVisit(account.id, app.clock.now());
    names.push(account.name);
  };
  for (let i = 0; i < 100; i++) await active(i);
  const atCap = await publicOffice();
  t.is(atCap.agents.length, 100);
  t.false('cut' in atCap, 'at the cap nothing was cut');

  await active(100);
  const office = await publicOffice();
  t.is(office.agents.length, 100);
  assertMarker(t, office.cut?.agents, 100, '/api/office/agents?before=');
  t.deepEqual(Object.keys(office.cut), ['agents']);
  const rest = await walk(office.cut.agents.next.path, 'agents');
  t.is(rest.length, 1);
  const seen = [...office.agents, ...rest].map((a: { name: string }) => a.name);
  t.deepEqual([...seen].sort(), [...names].sort(), 'every agent exactly once');
  t.is(seen[0], 'cut_agent_100', 'most recently active first');

  // The whole list a page at a time from the start, to the end.
  const all = await walk('/api/office/agents?limit=30', 'agents');
  t.deepEqual(
    all.map((a: { name: string }) => a.name),
    seen,
  );
  // The authenticated office says the same.
  const viewer = await app.register('cut_viewer');
  t.deepEqual((await myOffice(viewer.key)).cut?.agents?.next.path, office.cut.agents.next.path);
  const bad = await app.request('GET', '/api/office/agents?before=bm90LWEtY3Vyc29y');
  t.is(bad.status, 400);
  t.is(bad.body.error.code, 'INVALID_CURSOR');
});

const experiment = (i: number) => ({
  topic: 'svc-1m',
  title: `Experiment: cut list ${i}`,
  body: 'Target: science editors at trade outlets\nChannel: email\nAction: one pitch\nMetric: replies\nBaseline: 0\nCost: 0',
});
const request = (i: number) => ({ topic: 'svc-1m', title: `Request: cut list ${i}`, body: `Resource: mailbox ${i}\nNeed: replies ${i}\nCost: 0` });

async function mustPost(key: string, body: Record<string, string>): Promise<string> {
  app.clock.advance(1000);
  const res = await app.request('POST', '/v1/posts', { key, body });
  if (res.status !== 201) throw new Error(`post: ${res.status} ${res.text}`);
  return res.body.post.id;
}

test.serial('lab experiments: 50 shown without a marker; the 51st cuts the list, and the marker reads the rest', async (t) => {
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) ids.push(await mustPost((await app.register()).key, experiment(i)));
  const atCap = await publicOffice();
  t.is(atCap.lab.experiments.length, 50);
  t.false('lab.experiments' in (atCap.cut ?? {}));
  ids.push(await mustPost((await app.register()).key, experiment(50)));
  const office = await publicOffice();
  t.is(office.lab.experiments.length, 50);
  assertMarker(t, office.cut?.['lab.experiments'], 50, '/api/office/lab?kind=experiment&before=');
  const rest = await walk(office.cut['lab.experiments'].next.path, 'items');
  t.deepEqual(
    rest.map((r: { id: string }) => r.id),
    [ids[0]],
    'the oldest one',
  );
  t.deepEqual(
    [...office.lab.experiments, ...rest].map((r: { id: string }) => r.id),
    [...ids].reverse(),
    'newest first, each once',
  );
  const paged = await walk('/api/office/lab?kind=experiment&limit=20', 'items');
  t.deepEqual(
    paged.map((r: { id: string }) => r.id),
    [...ids].reverse(),
  );
});

test.serial("requests: lab.requests cut at 51; the caller's lab.mine and mine.requests cut at 101, each marker reading the rest", async (t) => {
  const author = await app.register('cut_requester');
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) ids.push(await mustPost(author.key, request(i)));
  t.false('lab.requests' in ((await publicOffice()).cut ?? {}));
  ids.push(await mustPost(author.key, request(50)));
  const office = await publicOffice();
  assertMarker(t, office.cut?.['lab.requests'], 50, '/api/office/lab?kind=request&before=');
  t.deepEqual(
    (await walk(office.cut['lab.requests'].next.path, 'items')).map((r: { id: string }) => r.id),
    [ids[0]],
  );

  while (ids.length < 100) ids.push(await mustPost(author.key, request(ids.length)));
  const mineAtCap = await myOffice(author.key);
  t.is(mineAtCap.lab.mine.length, 100);
  t.is(mineAtCap.mine.requests.length, 100);
  t.false('lab.mine' in (mineAtCap.cut ?? {}));
  t.false('mine.requests' in (mineAtCap.cut ?? {}));

  ids.push(await mustPost(author.key, request(100)));
  const mine = await myOffice(author.key);
  t.is(mine.lab.mine.length, 100);
  t.is(mine.mine.requests.length, 100);
  assertMarker(t, mine.cut?.['lab.mine'], 100, '/api/office/lab?author=cut_requester&before=');
  assertMarker(t, mine.cut?.['mine.requests'], 100, '/api/office/lab?kind=request&author=cut_requester&open=true&window=all&before=');
  for (const list of ['lab.mine', 'mine.requests'] as const) {
    const rest = await walk(mine.cut[list].next.path, 'items');
    t.deepEqual(
      rest.map((r: { id: string }) => r.id),
      [ids[0]],
      list,
    );
  }
  t.false('mine.experiments' in mine.cut, 'a list under its cap is not named');
  // Another agent's office does not carry this author's lists.
  const other = await app.register();
  t.false('lab.mine' in ((await myOffice(other.key)).cut ?? {}));
});

test.serial("mine.outreach_replies: 20 shown without a marker; the 21st is named, pointing at the caller's sent list", async (t) => {
  const agent = await app.register('cut_mailer');
  const now = app.clock.now().toISOString();
  const contact = await app.db.oneFirst(sql.type(IdRow)`
    insert into outreach_contacts (address, outlet, outlet_domain, beat, source_url, added_by, created_at)
    values ('ed@outlet.test', 'Outlet', 'outlet.test', 'science', 'https://outlet.test/team', ${agent.id}, ${now}) returning id`);
  const message = await app.db.oneFirst(sql.type(IdRow)`
    insert into outreach_messages (author_id, contact_id, kind, send_kind, subject, body, status, created_at, updated_at)
    values (${agent.id}, ${contact}, 'pitch', 'first_contact', 'A measured experiment', 'body', 'queued', ${now}, ${now}) returning id`);
  const reply = async (uid: number) => {
    app.clock.advance(1000);
    await app.db.query(sql.type(NoRow)`
      insert into outreach_replies (message_id, contact_id, mailbox, uid_validity, uid, kind, opt_out, from_contact, excerpt, reason, raw, received_at, forward_status)
      values (${message}, ${contact}, 'INBOX', '1', ${uid}, 'reply', false, true, ${`reply ${uid}`}, 'test', ${sql.binary(Buffer.from('x'))}, ${app.clock.now().toISOString()}, 'none')`);
  };
  for (let uid = 1; uid <= 20; uid++) await reply(uid);
  const atCap = await myOffice(agent.key);
  t.is(atCap.mine.outreach_replies.length, 20);
  t.false('mine.outreach_replies' in (atCap.cut ?? {}));
  await reply(21);
  const office = await myOffice(agent.key);
  t.is(office.mine.outreach_replies.length, 20);
  t.is(office.mine.outreach_replies[0].excerpt, 'reply 21', 'the newest first');
  assertMarker(t, office.cut?.['mine.outreach_replies'], 20, '/v1/outreach/sent');
});
