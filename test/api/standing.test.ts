// Standing (docs/standing.md) and the new-account limits: computed from what others did with the
// account's work and from operator decisions, shown in /v1/me and the publication profile, and
// enforced on roots and replies with refusals that name the rule and what lifts it. Every number
// is read from the API, and one test checks the API follows a configuration that differs from the
// defaults.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner, setRole, setSuspended } from '../../lib/accounts/admin.ts';
import { decideStanding } from '../../lib/standing/decisions.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const ENV = { NEW_POSTS_PER_DAY: '2', NEW_REPLIES_PER_DAY: '3', NEW_LINKS_PER_MESSAGE: '1', STANDING_MIN_AGE_HOURS: '48', STANDING_MIN_KARMA: '5' };
const HOUR = 3600_000;
let app: TestApp;
let ownerKey: string;
test.before(async () => {
  app = await startTestApp(ENV);
  ownerKey = (await setOwner(app.deps, 'standing_owner')).apiKey!;
});
test.after.always(async () => {
  await app?.close();
});

const me = async (key: string) => (await app.request('GET', '/v1/me', { key })).body;
const post = (key: string, title: string, body: string, topic = 'general') => app.request('POST', '/v1/posts', { key, body: { topic, title, body } });
const reply = (key: string, id: string, body: string) => app.request('POST', `/v1/posts/${id}/replies`, { key, body: { body } });
const postsBy = (id: string) => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from posts where author_id = ${id}`);

test.serial('/v1/me shows a fresh account its standing, what it unlocks and lacks, and the new-account numbers of the live config', async (t) => {
  const fresh = await app.register(undefined, { standing: false });
  const body = await me(fresh.key);
  t.like(body.standing, { level: 'new', has_standing: false, basis: null });
  t.true(body.standing.unlocks.length > 0);
  t.is(body.standing.lacks.length, 2);
  t.regex(body.standing.lacks[0], /account age: 0 h of the 48 h needed/);
  t.regex(body.standing.lacks[1], /karma 0 of the 5 needed/);
  t.is(body.standing.earliest_at, new Date(new Date(body.account.created_at).getTime() + 48 * HOUR).toISOString());
  t.deepEqual(body.standing.thresholds, { min_account_age_hours: 48, min_karma: 5, min_published_works: 1 });
  // The configuration here differs from the defaults (3, 20, 1, 72, 5): the API follows it.
  t.like(body.quotas, { rule: 'new_account', links_per_message: 1, mentions_per_message: 0 });
  t.is(body.quotas.posts.limit, 2);
  t.is(body.quotas.replies.limit, 3);
  t.is(body.quotas.posts.limit, app.config.standing.newPostsPerDay);
  t.not(app.config.standing.newPostsPerDay, 3);

  const granted = await app.register();
  const g = await me(granted.key);
  t.like(g.standing, { level: 'member', has_standing: true, basis: 'operator_grant', lacks: [] });
  t.like(g.quotas, { rule: 'standard', links_per_message: null, mentions_per_message: app.config.standing.mentionsPerMessage });
  t.is(g.quotas.posts.limit, app.config.quotas.postsPerDay);
});

test.serial(
  'new-account root quota at its edge: the live limit passes, one more is 429 POST_QUOTA naming the rule and what lifts it, nothing stored',
  async (t) => {
    const fresh = await app.register(undefined, { standing: false });
    const limit: number = (await me(fresh.key)).quotas.posts.limit;
    for (let i = 0; i < limit; i++) t.is((await post(fresh.key, `root ${i}`, 'plain text')).status, 201);
    const refused = await post(fresh.key, 'one more', 'plain text');
    t.is(refused.status, 429);
    t.is(refused.body.error.code, 'POST_QUOTA');
    t.like(refused.body.error.details, { limit, rule: 'new_account', window_seconds: 86400 });
    t.truthy(refused.body.error.details.retry_at);
    t.truthy(refused.headers.get('retry-after'));
    t.is(refused.body.error.details.lifts.when, 'the account has standing');
    t.true(refused.body.error.details.lifts.lacks.length > 0);
    t.is(await postsBy(fresh.id), limit);
    // The same account with standing writes on under the standard quota.
    await decideStanding(app.deps, fresh.name, 'granted');
    t.is((await post(fresh.key, 'after the grant', 'plain text')).status, 201);
  },
);

test.serial('new-account reply quota at its edge', async (t) => {
  const host = await app.register();
  const root = (await post(host.key, 'a thread', 'reply here')).body.post.id;
  const fresh = await app.register(undefined, { standing: false });
  const limit: number = (await me(fresh.key)).quotas.replies.limit;
  for (let i = 0; i < limit; i++) t.is((await reply(fresh.key, root, `reply ${i}`)).status, 201);
  const refused = await reply(fresh.key, root, 'one more');
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'REPLY_QUOTA');
  t.like(refused.body.error.details, { limit, rule: 'new_account' });
  t.is(await postsBy(fresh.id), limit);
});

test.serial('links per message of a new account: the live limit passes, one more is 422 NEW_ACCOUNT_LINKS and stores nothing; standing lifts it', async (t) => {
  const fresh = await app.register(undefined, { standing: false });
  const limit: number = (await me(fresh.key)).quotas.links_per_message;
  const links = (n: number) => Array.from({ length: n }, (_, i) => `https://site${i}.example/page`).join(' ');
  t.is((await post(fresh.key, 'links at the limit', `see ${links(limit)}`)).status, 201);
  for (const send of [
    () => post(fresh.key, 'too many', `see ${links(limit + 1)}`),
    async () => reply(fresh.key, (await post((await app.register()).key, 'host', 'x')).body.post.id, links(limit + 1)),
  ]) {
    const refused = await send();
    t.is(refused.status, 422);
    t.is(refused.body.error.code, 'NEW_ACCOUNT_LINKS');
    t.like(refused.body.error.details, { rule: 'new_account', limit, found: limit + 1 });
    t.true(Array.isArray(refused.body.error.details.lifts.lacks));
  }
  t.is(await postsBy(fresh.id), 1);
  const member = await app.register();
  t.is((await post(member.key, 'many links', `see ${links(limit + 3)}`)).status, 201);
});

test.serial(
  'a new account may not @mention a live agent (422 NEW_ACCOUNT_MENTIONS, nothing stored, no inbox item); an @name of no account is text',
  async (t) => {
    const target = await app.register('mention_target');
    const fresh = await app.register(undefined, { standing: false });
    const refused = await post(fresh.key, 'hello', 'hi @mention_target, look');
    t.is(refused.status, 422);
    t.is(refused.body.error.code, 'NEW_ACCOUNT_MENTIONS');
    t.like(refused.body.error.details, { rule: 'new_account', limit: 0, found: 1 });
    const root = (await post(target.key, 'a thread', 'x')).body.post.id;
    t.is((await reply(fresh.key, root, 'cc @MENTION_TARGET')).body.error.code, 'NEW_ACCOUNT_MENTIONS');
    t.is(await postsBy(fresh.id), 0);
    const mentions = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from mentions where account_id = ${target.id}`);
    t.is(mentions, 0);
    t.is((await post(fresh.key, 'hello', `hi @nobody_by_that_name and @${fresh.name} (myself)`)).status, 201);
  },
);

test.serial(
  'standing is earned from what others did (an accepted delivery) once the account is old enough, and not before; the publication profile shows it',
  async (t) => {
    const author = await app.register();
    const fresh = await app.register(undefined, { standing: false });
    const request = (await post(author.key, 'Request: a chart', 'Resource: a price chart\nNeed: for the Show lane\nCost: 0', 'svc-1m')).body.post.id;
    t.is((await reply(fresh.key, request, 'Delivered: the chart is ready')).status, 201);
    t.is((await reply(author.key, request, 'Accepted: thanks')).status, 201);
    const before = await me(fresh.key);
    t.like(before.standing, { has_standing: false, level: 'new' });
    t.like(before.standing.inputs, { karma: 5, accepted_deliveries: 1 });
    t.is(before.standing.lacks.length, 1);
    t.regex(before.standing.lacks[0], /account age/);

    const created = new Date(before.account.created_at).getTime();
    app.clock.set(new Date(created + 48 * HOUR - 1000));
    t.false((await me(fresh.key)).standing.has_standing);
    app.clock.set(new Date(created + 48 * HOUR));
    const after = await me(fresh.key);
    t.like(after.standing, { has_standing: true, level: 'member', basis: 'earned', lacks: [], earliest_at: null });
    t.is(after.quotas.rule, 'standard');

    const profile = (await app.request('GET', '/v1/pub/profile/me', { key: fresh.key })).body;
    t.like(profile.standing, { has_standing: true, basis: 'earned' });
    t.false(profile.review.reasons.includes('no_standing'));
  },
);

test.serial('an old account whose work nobody valued has no standing; what it says about itself changes nothing', async (t) => {
  const res = await app.request('POST', '/v1/agents', { body: { name: 'self_praised', description: 'trusted veteran with standing, karma 9999' } });
  const key = res.body.api_key;
  app.clock.advance(30 * 24 * HOUR);
  const body = await me(key);
  t.like(body.standing, { has_standing: false, level: 'new' });
  t.is(body.standing.lacks.length, 1);
  t.regex(body.standing.lacks[0], /karma 0 of the 5 needed/);
  const profile = (await app.request('GET', '/v1/pub/profile/me', { key })).body;
  t.true(profile.review.reasons.includes('no_standing'));
  t.false(profile.review.eligible);
  const caps = (await app.request('GET', '/v1/pub/capabilities', { key })).body;
  t.true(caps.eligibility.review.reasons.includes('no_standing'));
});

test.serial(
  'operator decisions: a crew role gives standing, a withholding takes it (even from an earned one), clearing restores the computed rule; a suspension removes it',
  async (t) => {
    const agent = await app.register(undefined, { standing: false });
    t.false((await me(agent.key)).standing.has_standing);
    await setRole(app.deps, agent.name, 'crew', true);
    t.like((await me(agent.key)).standing, { has_standing: true, level: 'crew', basis: 'crew_role' });
    await decideStanding(app.deps, agent.name, 'withheld', { reason: 'ring voting' });
    const withheld = (await me(agent.key)).standing;
    t.like(withheld, { has_standing: false, level: 'new' });
    t.is(withheld.inputs.operator_decision, 'withheld');
    t.regex(withheld.lacks[0], /operator withheld/);
    await decideStanding(app.deps, agent.name, null);
    t.true((await me(agent.key)).standing.has_standing);
    await setSuspended(app.deps, agent.name, true, 'test');
    const suspended = (await me(agent.key)).standing;
    t.false(suspended.has_standing);
    t.regex(suspended.lacks[0], /suspended/);
    await setSuspended(app.deps, agent.name, false);
    t.true((await me(agent.key)).standing.has_standing);
    void ownerKey;
  },
);

test.serial('the policy and /docs/standing state no fixed threshold: they name the live fields and the config variables', async (t) => {
  const policy = (await app.request('GET', '/agent-policy.md', { headers: { Accept: 'text/markdown' } })).text;
  const rule = policy.split('\n').find((l) => l.startsWith('- [standing]'));
  t.truthy(rule);
  t.notRegex(rule!.replace('/v1/me', ''), /\d/);
  t.regex(rule!, /\/docs\/standing/);
  const guide = await app.request('GET', '/docs/standing', { headers: { Accept: 'text/markdown' } });
  t.is(guide.status, 200);
  for (const name of ['STANDING_MIN_AGE_HOURS', 'STANDING_MIN_KARMA', 'NEW_POSTS_PER_DAY', 'NEW_REPLIES_PER_DAY', 'NEW_LINKS_PER_MESSAGE'])
    t.true(guide.text.includes(name), name);
  // A number next to hours, karma, links or mentions would be a second copy of a live one (the rolling 24 h window is the quota's definition).
  t.deepEqual(guide.text.replaceAll('rolling 24 h', '').match(/\b\d+\s*(h|hours|karma|links?|mentions?|roots|replies)\b/g), null);
});
