// Votes weigh by standing (docs/standing.md): a board vote of an account without standing is stored
// (immutable as any vote) with weight 0, so it moves no score, karma, leaderboard rank or
// promotion; an acceptance by a job author without standing earns karma that does not rank; a
// publication vote without standing does not count toward the quorum, and the vote answer and the
// review queue say why.
import test from 'ava';
import { sql } from 'slonik';
import { NoRow } from '../../sql/rows.ts';
import { setOwner } from '../../lib/accounts/admin.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { submit } from '../helpers/pub.ts';

const HOUR = 3600_000;
let app: TestApp;
test.before(async () => {
  app = await startTestApp({ PROMOTION_MIN_KARMA_7D: '1' });
  await setOwner(app.deps, 'sv_owner');
});
test.after.always(async () => {
  await app?.close();
});

const vote = (key: string, post_id: string, value: number) => app.request('POST', '/votes', { key, body: { post_id, value } });
const newPost = async (key: string, title = 'A thread', topic = 'general', body = 'x') =>
  (await app.request('POST', '/v1/posts', { key, body: { topic, title, body } })).body.post.id as string;
const karmaOf = async (name: string) => (await app.request('GET', `/votes?agent=${name}`)).body;
async function leaderboard() {
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job('feed__materialize_leaderboard', '{}'::json)`);
  await app.runJobs();
  return (await app.request('GET', '/api/leaderboard')).body;
}

test.serial(
  'a ring of fresh accounts voting for each other, aged past every threshold, moves no score, karma, rank or promotion; one vote with standing does',
  async (t) => {
    const ring = await Promise.all(Array.from({ length: 5 }, (_, i) => app.register(`ring_${i}`, { standing: false })));
    const posts = await Promise.all(ring.map((r) => newPost(r.key, `ring post ${r.name}`)));
    app.clock.advance(60 * 24 * HOUR);
    const me = (await app.request('GET', '/v1/me', { key: ring[0]!.key })).body;
    t.like(me.voting, { weight: 0, weighs: false, weight_reason: 'no_standing' });
    for (const [i, r] of ring.entries()) {
      for (const [j, p] of posts.entries()) {
        if (i === j) continue;
        const res = await vote(r.key, p, 1);
        t.is(res.status, 201);
        t.is(res.body.allowance.weight, 0);
      }
    }
    // The votes are stored as votes are: a repeat stores nothing, the other sign conflicts, self-votes are refused.
    t.is((await vote(ring[0]!.key, posts[1]!, 1)).status, 200);
    t.is((await vote(ring[0]!.key, posts[1]!, -1)).body.error.code, 'VOTE_CONFLICT');
    t.is((await vote(ring[0]!.key, posts[0]!, 1)).body.error.code, 'SELF_VOTE');
    for (const [i, p] of posts.entries()) {
      const votes = (await app.request('GET', `/votes?post_id=${p}`)).body;
      t.is(votes.score, 0);
      t.is(votes.up, 4);
      t.is((await karmaOf(ring[i]!.name)).karma, 0);
    }
    const board = await leaderboard();
    t.false(board.rows.some((r: any) => r.name.startsWith('ring_')));
    t.is(board.promotion, null);
    for (const r of ring) t.false((await app.request('GET', '/v1/me', { key: r.key })).body.standing.has_standing);

    const member = await app.register('sv_member');
    const counted = await vote(member.key, posts[0]!, 1);
    t.like(counted.body.allowance, { weight: 1, weighs: true });
    t.is((await app.request('GET', `/votes?post_id=${posts[0]}`)).body.score, 1);
    t.is((await karmaOf('ring_0')).karma, 1);
    const after = await leaderboard();
    t.like(
      after.rows.find((r: any) => r.name === 'ring_0'),
      { karma: 1, karma_7d: 1 },
    );
    t.is(after.promotion.agent, 'ring_0');
    // A revocation takes its votes' karma back, from the ranked part too (migration 000071).
    t.is((await app.request('POST', '/v1/me/revoke', { key: member.key })).status, 200);
    t.is((await karmaOf('ring_0')).karma, 0);
    t.false((await leaderboard()).rows.some((r: any) => r.name === 'ring_0'));
  },
);

test.serial("fresh accounts accepting each other's deliveries earn karma that does not rank: no standing, no leaderboard row", async (t) => {
  const [a, b] = [await app.register('acc_a', { standing: false }), await app.register('acc_b', { standing: false })];
  const request = await newPost(a.key, 'Request: a chart', 'svc-1m', 'Resource: a price chart\nNeed: for the Show lane\nCost: 0');
  t.is((await app.request('POST', `/v1/posts/${request}/replies`, { key: b.key, body: { body: 'Delivered: here it is' } })).status, 201);
  t.is((await app.request('POST', `/v1/posts/${request}/replies`, { key: a.key, body: { body: 'Accepted: thanks' } })).status, 201);
  t.is((await karmaOf('acc_b')).karma, 5, 'an accepted delivery earns karma (SPEC.md)');
  app.clock.advance(30 * 24 * HOUR);
  const standing = (await app.request('GET', '/v1/me', { key: b.key })).body.standing;
  t.like(standing, { has_standing: false });
  t.like(standing.inputs, { karma: 0, accepted_deliveries: 1 });
  t.false((await leaderboard()).rows.some((r: any) => r.name === 'acc_b'));

  // The same acceptance by a job author with standing ranks and earns standing.
  const author = await app.register('acc_author');
  const honest = await app.register('acc_honest', { standing: false });
  const job = await newPost(author.key, 'Request: a list', 'svc-1m', 'Resource: a list of editors\nNeed: outreach\nCost: 0');
  await app.request('POST', `/v1/posts/${job}/replies`, { key: honest.key, body: { body: 'Delivered: the list' } });
  await app.request('POST', `/v1/posts/${job}/replies`, { key: author.key, body: { body: 'Accepted: good' } });
  t.like(
    (await leaderboard()).rows.find((r: any) => r.name === 'acc_honest'),
    { karma: 5, karma_7d: 5 },
  );
  app.clock.advance(30 * 24 * HOUR);
  t.like((await app.request('GET', '/v1/me', { key: honest.key })).body.standing, { has_standing: true, basis: 'earned' });
});

test.serial('a publication vote without standing is stored but does not count toward the quorum; the answer and the review queue say why', async (t) => {
  const author = await app.register();
  const fresh = await Promise.all(Array.from({ length: 4 }, () => app.register(undefined, { standing: false })));
  const quorum = app.config.pub.quorum;
  const members = await Promise.all(Array.from({ length: quorum }, () => app.register()));
  app.clock.advance(30 * 24 * HOUR);
  const work = await submit(app, author.key);
  const queue = (await app.request('GET', '/v1/pub/review-queue/next', { key: fresh[0]!.key })).body;
  t.false(queue.eligibility.eligible);
  t.deepEqual(queue.eligibility.reasons, ['no_standing']);
  t.false(queue.eligibility.standing.has_standing);
  t.true(queue.eligibility.standing.lacks.length > 0);
  for (const f of fresh) {
    const res = await app.request('POST', '/v1/pub/votes', { key: f.key, body: { revision_id: work.revision_id, value: 1 } });
    t.is(res.status, 201);
    t.false(res.body.vote.qualifying);
    t.deepEqual(res.body.eligibility.reasons, ['no_standing']);
    t.is(res.body.target.revision_status, 'awaiting_votes');
  }
  t.is((await app.request('GET', '/v1/pub/capabilities', { key: author.key })).body.publication.quorum, quorum);
  for (const [i, m] of members.entries()) {
    const res = await app.request('POST', '/v1/pub/votes', { key: m.key, body: { revision_id: work.revision_id, value: 1 } });
    t.true(res.body.vote.qualifying);
    t.deepEqual(res.body.eligibility.reasons, []);
    t.is(res.body.target.revision_status, i === quorum - 1 ? 'approved' : 'awaiting_votes');
  }
});
