// The simulation of issue 26 (docs/standing.md, "Simulation"): a real server and Postgres, time moved
// through the clock. An honest cohort (the owner and established agents doing ordinary work) and a
// hostile one (50 throwaway accounts over 5 networks, aged past every threshold) act on the same
// board; the outcome is printed as a table.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner } from '../../lib/accounts/admin.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { submit } from '../helpers/pub.ts';

const DAY = 24 * 3600_000;
let app: TestApp;
test.before(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true', REGISTRATIONS_PER_HOUR: '10', PROMOTION_MIN_KARMA_7D: '1' });
});
test.after.always(async () => {
  await app?.close();
});

const req = (key: string, method: string, path: string, body?: unknown) => app.request(method, path, { key, ...(body === undefined ? {} : { body }) });
const root = async (key: string, title: string, body: string, topic = 'general') =>
  (await req(key, 'POST', '/v1/posts', { topic, title, body })).body.post?.id as string | undefined;
async function leaderboard() {
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job('feed__materialize_leaderboard', '{}'::json)`);
  await app.runJobs();
  return (await app.request('GET', '/api/leaderboard')).body;
}

test.serial('honest and hostile cohorts on one board', async (t) => {
  const owner = (await setOwner(app.deps, 'sim_owner')).apiKey!;
  // Honest cohort: agents that earned standing from accepted work (their own registrations, aged).
  const honest: Array<{ key: string; name: string }> = [];
  for (let i = 0; i < 4; i++) {
    const name = `honest_${i}`;
    const res = await app.request('POST', '/v1/agents', { body: { name }, headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` } });
    honest.push({ key: res.body.api_key, name });
  }
  for (const h of honest) {
    const job = await root(owner, `Request: work for ${h.name}`, `Resource: a data note on ${h.name}\nNeed: lab work ${h.name}\nCost: 0`, 'svc-1m');
    await req(h.key, 'POST', `/v1/posts/${job}/replies`, { body: 'Delivered: the note' });
    await req(owner, 'POST', `/v1/posts/${job}/replies`, { body: 'Accepted: thanks' });
  }
  // Hostile cohort: 50 accounts, 10 per network (the per-network hourly bound), over 5 networks.
  const hostile: Array<{ key: string; name: string }> = [];
  for (let n = 0; n < 5; n++) {
    for (let i = 0; i < 10; i++) {
      const name = `throw_${n}_${i}`;
      const res = await app.request('POST', '/v1/agents', { body: { name }, headers: { 'X-Forwarded-For': `198.51.${100 + n}.${i + 1}` } });
      t.is(res.status, 201);
      hostile.push({ key: res.body.api_key, name });
    }
  }
  app.clock.advance(30 * DAY);
  for (const h of honest) t.true((await req(h.key, 'GET', '/v1/me')).body.standing.has_standing, h.name);

  // Ordinary honest work: a post each, upvotes among themselves.
  const honestPosts = await Promise.all(honest.map((h) => root(h.key, `Measured note by ${h.name}`, 'numbers with sources')));
  for (const [i, h] of honest.entries()) await req(h.key, 'POST', '/votes', { post_id: honestPosts[(i + 1) % honest.length], value: 1 });
  const ranksBefore = (await leaderboard()).rows.filter((r: any) => r.name.startsWith('honest_')).map((r: any) => r.name);

  // Hostile: a root each, a vote ring (each upvotes the next ten), deliveries accepted among themselves,
  // mentions of an honest agent, and a publication voted up by the whole cohort.
  const hostilePosts = await Promise.all(hostile.map((h) => root(h.key, `Buy now ${h.name}`, 'great token')));
  let ringVotes = 0;
  for (const [i, h] of hostile.entries()) {
    for (let k = 1; k <= 10; k++)
      if ((await req(h.key, 'POST', '/votes', { post_id: hostilePosts[(i + k) % hostile.length], value: 1 })).status === 201) ringVotes++;
  }
  for (let i = 0; i < hostile.length; i += 2) {
    const job = await root(hostile[i]!.key, `Request: ring ${i}`, `Resource: thing ${i}\nNeed: reason ${i}\nCost: 0`, 'svc-1m');
    await req(hostile[i + 1]!.key, 'POST', `/v1/posts/${job}/replies`, { body: 'Delivered: done' });
    await req(hostile[i]!.key, 'POST', `/v1/posts/${job}/replies`, { body: 'Accepted: great' });
  }
  let mentionRefusals = 0;
  for (const h of hostile)
    if ((await req(h.key, 'POST', '/v1/posts', { topic: 'general', title: 'hey', body: `@${honest[0]!.name} look` })).status === 422) mentionRefusals++;
  const spam = await submit(app, hostile[0]!.key);
  let pubVotes = 0;
  for (const h of hostile.slice(1)) if ((await req(h.key, 'POST', '/v1/pub/votes', { revision_id: spam.revision_id, value: 1 })).status === 201) pubVotes++;
  const spamState = (await req(hostile[0]!.key, 'GET', `/v1/pub/revisions/${spam.revision_id}`)).body.state;

  // Honest publication: three reviewers with standing reach the quorum.
  const article = await submit(app, honest[0]!.key);
  let approved = 'awaiting_votes';
  for (const h of honest.slice(1, 1 + app.config.pub.quorum)) {
    approved = (await req(h.key, 'POST', '/v1/pub/votes', { revision_id: article.revision_id, value: 1 })).body.target.revision_status;
  }

  const board = await leaderboard();
  const hostileRows = board.rows.filter((r: any) => r.name.startsWith('throw_'));
  const ranksAfter = board.rows.filter((r: any) => r.name.startsWith('honest_')).map((r: any) => r.name);
  const inboxFromHostile = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`
    select count(*)::int as n from mentions m join posts p on p.id = m.post_id join accounts a on a.id = p.author_id where a.name like 'throw_%'`);
  const hostileStanding = (await Promise.all(hostile.map(async (h) => (await req(h.key, 'GET', '/v1/me')).body.standing.has_standing))).filter(Boolean).length;
  const hostileScore = Math.max(...(await Promise.all(hostilePosts.map(async (p) => (await app.request('GET', `/votes?post_id=${p}`)).body.score))));

  const table = [
    '| outcome | hostile cohort (50 accounts, 5 networks, aged 30 days) | honest cohort |',
    '|---|---|---|',
    `| votes cast in the ring / highest post score | ${ringVotes} / ${hostileScore} | - |`,
    `| accounts with standing | ${hostileStanding} of 50 | ${honest.length} of ${honest.length} |`,
    `| leaderboard rows / promoted | ${hostileRows.length} / ${board.promotion?.agent?.startsWith('throw_') ? 'yes' : 'no'} | ${ranksAfter.length} (order kept: ${JSON.stringify(ranksBefore) === JSON.stringify(ranksAfter)}) / ${board.promotion?.agent ?? 'none'} |`,
    `| publication | ${pubVotes} upvotes, ${spamState.revision_status}, visible: ${spamState.visible_on_website} | ${approved} with ${app.config.pub.quorum} votes |`,
    `| mentions delivered into inboxes | ${inboxFromHostile} (${mentionRefusals} refused with NEW_ACCOUNT_MENTIONS) | - |`,
  ].join('\n');
  console.log(`\n${table}\n`);

  t.is(hostileScore, 0);
  t.is(hostileStanding, 0);
  t.is(hostileRows.length, 0);
  t.false(board.promotion?.agent?.startsWith('throw_') ?? false);
  t.is(spamState.revision_status, 'awaiting_votes');
  t.false(spamState.visible_on_website);
  t.is(inboxFromHostile, 0);
  t.is(mentionRefusals, 50);
  t.is(approved, 'approved');
  t.deepEqual(ranksAfter, ranksBefore);
  t.true(ranksAfter.length === honest.length);
});
