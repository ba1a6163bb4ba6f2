// The policy follows the rules the owner edits (POST /v1/posts/{id}/edit): /agent-policy.md, its
// version line, X-Policy-Version (GET and HEAD) and /v1/me's policy.version all change with the rules,
// the version is derived from the text (the same rules give the same version anywhere), and a web
// process that caches the policy shows the edit within FEED_CACHE_MS (at once in the editing one).
import test from 'ava';
import { setOwner } from '../../lib/accounts/admin.ts';
import { DEFAULT_RULES_BODY } from '../../lib/board/rules.ts';
import { renderPolicy } from '../../lib/policy.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let ownerKey: string;
let rulesId: string;
test.before(async () => {
  app = await startTestApp();
  ownerKey = (await setOwner(app.deps, 'policy_owner')).apiKey!;
  rulesId = (await app.request('GET', '/v1/rules', { key: ownerKey })).body.rules.id;
});
test.after.always(async () => {
  await app?.close();
});

const NO_PROTOCOL = { headers: { 'X-Agent-Protocol': '' } };
const edit = (target: TestApp, body: string) => target.request('POST', `/v1/posts/${rulesId}/edit`, { key: ownerKey, body: { body } });

/** Every place the version shows, read from one web process. */
async function versions(target: TestApp, key: string) {
  const get = await target.request('GET', '/agent-policy.md', NO_PROTOCOL);
  const head = await target.request('HEAD', '/agent-policy.md', NO_PROTOCOL);
  const me = await target.request('GET', '/v1/me', { key });
  return {
    text: get.text,
    line: /^Version: (\S+)$/m.exec(get.text)?.[1],
    header: get.headers.get('x-policy-version'),
    head: head.headers.get('x-policy-version'),
    etag: get.headers.get('etag'),
    me: me.body.policy.version as string,
  };
}

function assertOne(t: import('ava').ExecutionContext, v: Awaited<ReturnType<typeof versions>>, version: string, where: string) {
  t.is(v.line, version, `${where}: the version line`);
  t.is(v.header, version, `${where}: X-Policy-Version`);
  t.is(v.head, version, `${where}: X-Policy-Version on HEAD`);
  t.is(v.me, version, `${where}: /v1/me`);
  t.is(v.etag, `"${version}"`, `${where}: ETag`);
}

test.serial("the owner's edit of the rules changes the policy's text and every version it reports; the same rules give the same version", async (t) => {
  const agent = await app.register('policy_reader');
  const before = await versions(app, agent.key);
  const original = renderPolicy(app.config.baseUrl, DEFAULT_RULES_BODY).version;
  assertOne(t, before, original, 'before the edit');
  t.true(before.text.includes(`- [board-1] ${DEFAULT_RULES_BODY.split('\n')[0]}`));

  const rules = 'Post only measured numbers, with source and time.\n\nReply within a day to every owner decision.';
  t.is((await edit(app, rules)).status, 200);
  const after = await versions(app, agent.key);
  const edited = renderPolicy(app.config.baseUrl, rules).version;
  t.not(edited, original);
  assertOne(t, after, edited, 'after the edit');
  t.true(after.text.includes('- [board-1] Post only measured numbers, with source and time.'));
  t.true(after.text.includes('- [board-2] Reply within a day to every owner decision.'), 'blank lines are not rules');
  t.false(after.text.includes(DEFAULT_RULES_BODY.split('\n')[0]!), 'the old rules are gone');
  // The rules that hold everywhere stay.
  t.true(after.text.includes('[ai-agent] Say you are an AI agent of the service in every outside message and post.'));

  // A reader revalidates with the ETag: 304 while nothing changed, the new text once it did. (fetch
  // would add `Cache-Control: no-cache` to a conditional request, which asks for the full answer.)
  const revalidate = (etag: string) =>
    app.request('GET', '/agent-policy.md', { headers: { 'X-Agent-Protocol': '', 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
  const same = await revalidate(`"${edited}"`);
  t.is(same.status, 304);
  t.is(same.headers.get('x-policy-version'), edited);
  t.is((await revalidate(`"${original}"`)).status, 200);

  // The version is the text's: editing back gives the first version again.
  await edit(app, DEFAULT_RULES_BODY);
  assertOne(t, await versions(app, agent.key), original, 'edited back');
});

test.serial('across web processes: a cached policy follows an edit made elsewhere within FEED_CACHE_MS, and at once where it was made', async (t) => {
  const cachedApp = await startTestApp({ FEED_CACHE_MS: '60000' }, { database: { url: app.databaseUrl, drop: async () => {} } });
  try {
    const agent = await app.register('policy_far_reader');
    const start = renderPolicy(app.config.baseUrl, DEFAULT_RULES_BODY).version;
    assertOne(t, await versions(cachedApp, agent.key), start, 'cached process, first read');

    // Edited through the other process: the cached one may serve its copy up to FEED_CACHE_MS...
    const rules = 'Rules edited in another web process.';
    t.is((await edit(app, rules)).status, 200);
    const next = renderPolicy(app.config.baseUrl, rules).version;
    assertOne(t, await versions(app, agent.key), next, 'the editing process');
    assertOne(t, await versions(cachedApp, agent.key), start, 'the cached process within its bound');
    // ...and never longer.
    cachedApp.clock.advance(60_000);
    assertOne(t, await versions(cachedApp, agent.key), next, 'the cached process after FEED_CACHE_MS');

    // An edit through the caching process shows there at once.
    const own = 'Rules edited in the caching process.';
    t.is((await edit(cachedApp, own)).status, 200);
    assertOne(t, await versions(cachedApp, agent.key), renderPolicy(app.config.baseUrl, own).version, 'the caching process after its own edit');
  } finally {
    await cachedApp.close();
  }
});

test.serial('without the database the policy still answers: the last one read, or the default rules saying they could not be read', async (t) => {
  const other = await startTestApp({ FEED_CACHE_MS: '0' }, { database: { url: app.databaseUrl, drop: async () => {} } });
  const rules = 'Rules read before the outage.';
  t.is((await edit(other, rules)).status, 200);
  const read = renderPolicy(app.config.baseUrl, rules);
  t.is((await other.request('GET', '/agent-policy.md', NO_PROTOCOL)).headers.get('x-policy-version'), read.version);
  // The process loses its database: the policy it last read is still served.
  await other.db.end();
  const during = await other.request('GET', '/agent-policy.md', NO_PROTOCOL);
  t.is(during.status, 200);
  t.is(during.headers.get('x-policy-version'), read.version);
  t.is(during.text, read.text);
  await other.close().catch(() => {});

  // A process that never read the rules serves the defaults and says so, under a version of its own.
  const never = await startTestApp({}, { database: { url: app.databaseUrl, drop: async () => {} } });
  try {
    await never.db.end();
    const res = await never.request('GET', '/agent-policy.md', NO_PROTOCOL);
    t.is(res.status, 200);
    t.regex(res.text, /board rules could not be read just now/);
    const fallback = renderPolicy(never.config.baseUrl, DEFAULT_RULES_BODY, { rulesUnread: true });
    t.is(res.headers.get('x-policy-version'), fallback.version);
    t.not(fallback.version, renderPolicy(never.config.baseUrl, DEFAULT_RULES_BODY).version);
  } finally {
    await never.close().catch(() => {});
  }
});
