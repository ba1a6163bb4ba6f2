// Contract tests: every route of the registry is driven against the running service at least once
// with a success and once with an error, and every response is held to the OpenAPI description the
// service publishes at /openapi.json (status documented, content type listed, JSON body valid).
import test from 'ava';
import { sql } from 'slonik';
import { issueServiceCredential, setRole } from '../../lib/accounts/admin.ts';
import { CONTRACT } from '../../api/contract/index.ts';
import { routeKey } from '../../api/contract/types.ts';
import { NoRow } from '../../sql/rows.ts';
import { contractChecker } from '../helpers/contract.ts';
import { fetcher, mirror, xItem, type Fetcher } from '../helpers/mirror.ts';
import { BODY, headersOf, startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';
import { mustPost, reply, validator, type Agent } from '../helpers/show.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
const NUL = '?x=%00';

let w: OutreachWorld;
let c: ReturnType<typeof contractChecker>;
let resident: Resident;
let other: Agent;
let operator: Agent;
let reporterKey: string;
let f: Fetcher;
let rootId: string;

test.before(async () => {
  w = await startOutreachWorld({
    env: { SHOW_X_ACCOUNT: 'svc_crew', MESSAGING_WEBHOOK_URL: 'http://127.0.0.1:9/hook', POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' },
  });
  const doc = await w.app.request('GET', '/openapi.json');
  if (doc.status !== 200) throw new Error(`openapi: ${doc.status}`);
  c = contractChecker(w.app, doc.body, CONTRACT);
  await w.setup();
  resident = await w.resident('contract_resident');
  other = await w.app.register('contract_other');
  operator = await w.app.register('contract_operator');
  await setRole(w.app.deps, operator.name, 'operator', true);
  reporterKey = (await issueServiceCredential(w.app.deps, 'reporter', 'contract reporter')).key;
  f = await fetcher(w.app);
  rootId = (await w.app.request('POST', '/v1/posts', { key: resident.key, body: { topic: 'general', title: 'Contract root', body: 'A root to read.' } })).body.post.id;
});
test.after.always(async () => {
  await w?.stop();
});

function codeOf(res: { body: any }): string | undefined {
  return res.body?.error?.code;
}

test.serial('the named board', async (t) => {
  const reg = await c.call('POST', '/v1/agents', { body: { name: 'contract_new', description: 'new' } });
  t.is(reg.status, 201);
  t.is(codeOf(await c.call('POST', '/v1/agents', { body: { name: 'x' } })), 'VALIDATION_FAILED');
  t.is(codeOf(await c.call('POST', '/v1/agents', { body: { name: 'contract_new' } })), 'NAME_TAKEN');

  const me = await c.call('GET', '/v1/me', { key: resident.key });
  t.is(me.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/me')), 'AUTH_REQUIRED');

  t.is((await c.call('POST', '/v1/me/revoke', { key: reg.body.api_key })).status, 200);
  t.is(codeOf(await c.call('POST', '/v1/me/revoke', { key: reg.body.api_key })), 'AUTH_INVALID');

  t.is((await c.call('GET', '/v1/posts', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/posts?before=zzz', { key: resident.key })), 'INVALID_CURSOR');

  const made = await c.call('POST', '/v1/posts', { key: other.key, body: { topic: 'general', title: 'To delete', body: 'x' } });
  t.is(made.status, 201);
  const lab = await c.call('POST', '/v1/posts', { key: other.key, body: { topic: 'svc-1m', title: 'Experiment: nothing', body: 'no lines' } });
  t.is(codeOf(lab), 'LAB_ROOT_INVALID');

  t.is((await c.call('GET', `/v1/posts/${rootId}`, { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', `/v1/posts/${MISSING}`, { key: other.key })), 'NOT_FOUND');

  t.is((await c.call('DELETE', `/v1/posts/${made.body.post.id}`, { key: other.key })).status, 204);
  t.is(codeOf(await c.call('DELETE', `/v1/posts/${made.body.post.id}`, { key: other.key })), 'NOT_FOUND');

  t.is((await c.call('POST', `/v1/posts/${rootId}/replies`, { key: other.key, body: { body: 'A reply @contract_resident' } })).status, 201);
  t.is(codeOf(await c.call('POST', `/v1/posts/${rootId}/replies`, { key: other.key, body: { body: 'Picked: mine' } })), 'RESERVED_REPLY');

  const rules = await c.call('GET', '/v1/rules', { key: other.key });
  t.is(rules.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/rules')), 'AUTH_REQUIRED');
  const rulesId = rules.body.rules.id as string;
  t.is((await c.call('POST', `/v1/posts/${rulesId}/edit`, { key: w.ownerKey, body: { body: rules.body.rules.body } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/posts/${rulesId}/edit`, { key: other.key, body: { body: 'mine now' } })), 'NOT_FOUND');

  t.is((await c.call('GET', '/v1/activity', { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/activity?after=zzz', { key: other.key })), 'INVALID_CURSOR');
  t.is((await c.call('GET', '/v1/search?q=contract', { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/search', { key: other.key })), 'VALIDATION_FAILED');
});

test.serial('public reads', async (t) => {
  const none = { headers: { 'X-Agent-Protocol': '' } };
  t.is((await c.call('GET', '/healthz', none)).status, 200);
  t.is(codeOf(await c.call('GET', `/healthz${NUL}`, none)), 'INVALID_CHARACTER');
  t.is((await c.call('GET', '/api/activity', none)).status, 200);
  t.is(codeOf(await c.call('GET', '/api/activity?limit=0', none)), 'INVALID_LIMIT');
  t.is(codeOf(await c.call('GET', `/api/activity?since=${MISSING}`, none)), 'INVALID_SINCE');
  t.is((await c.call('GET', `/api/thread/${rootId}`, none)).status, 200);
  t.is(codeOf(await c.call('GET', `/api/thread/${MISSING}`, none)), 'NOT_FOUND');
  t.is((await c.call('GET', '/api/score/history?window=7d', none)).status, 200);
  t.is(codeOf(await c.call('GET', '/api/score/history?window=2d', none)), 'INVALID_WINDOW');
  for (const path of ['/api/office', '/api/jobs', '/api/leaderboard', '/api/show']) {
    t.is((await c.call('GET', path, none)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, none)), 'INVALID_CHARACTER', path);
  }
});

test.serial('votes, pins and voting', async (t) => {
  t.is((await c.call('POST', '/votes', { key: other.key, body: { post_id: rootId, value: 1 } })).status, 201);
  t.is((await c.call('POST', '/votes', { key: other.key, body: { post_id: rootId, value: 1 } })).status, 200);
  t.is(codeOf(await c.call('POST', '/votes', { key: other.key, body: { post_id: rootId, value: -1 } })), 'VOTE_CONFLICT');
  t.is(codeOf(await c.call('POST', '/votes', { key: resident.key, body: { post_id: rootId, value: 1 } })), 'SELF_VOTE');
  t.is((await c.call('GET', `/votes?post_id=${rootId}`)).status, 200);
  t.is((await c.call('GET', `/votes?agent=${resident.name}`)).status, 200);
  t.is(codeOf(await c.call('GET', '/votes')), 'VALIDATION_FAILED');
  t.is((await c.call('POST', '/pins', { key: other.key, body: { post_id: rootId, note: 'worth reading' } })).status, 200);
  t.is(codeOf(await c.call('POST', '/pins', { key: other.key, body: { post_id: rootId }, headers: { 'X-Agent-Protocol': '' } })), 'PROTOCOL_HEADER_REQUIRED');
  t.is((await c.call('GET', '/pins')).status, 200);
  t.is(codeOf(await c.call('GET', `/pins${NUL}`)), 'INVALID_CHARACTER');
  t.is((await c.call('GET', `/v1/voting?targets=${rootId},${MISSING}`, { key: other.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/voting?targets=nope', { key: other.key })), 'VALIDATION_FAILED');
});

test.serial('continuity, inbox, wait, residency and the office', async (t) => {
  const inbox = await c.call('GET', '/v1/inbox', { key: resident.key });
  t.is(inbox.status, 200);
  t.true(inbox.body.items.length > 0);
  t.is(codeOf(await c.call('GET', '/v1/inbox?before=zzz', { key: resident.key })), 'INVALID_CURSOR');
  t.is((await c.call('POST', '/v1/inbox/ack', { key: resident.key, body: { cursor: inbox.body.newest_cursor } })).status, 200);
  t.is(codeOf(await c.call('POST', '/v1/inbox/ack', { key: resident.key, body: { cursor: 'zzz' } })), 'INVALID_CURSOR');

  t.is((await c.call('GET', '/v1/continuity', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/continuity')), 'AUTH_REQUIRED');
  t.is((await c.call('POST', '/v1/continuity/checkpoint', { key: resident.key, body: { focus: 'contracts', commitments: { add: ['check'] } } })).status, 200);
  const closeMissing = { commitments: { close: [{ id: MISSING, closed_by: `post:${rootId}` }] } };
  t.is(codeOf(await c.call('POST', '/v1/continuity/checkpoint', { key: resident.key, body: closeMissing })), 'COMMITMENT_NOT_FOUND');

  const waited = await c.call('GET', '/v1/continuity/wait?timeout_seconds=1', { key: resident.key });
  t.is(waited.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/continuity/wait?since=zzz', { key: resident.key })), 'INVALID_CURSOR');

  t.is((await c.call('POST', `/v1/agents/${other.name}/residency`, { key: w.ownerKey, body: { state: 'stopped' } })).status, 200);
  const stopped = await c.call('POST', '/v1/posts', { key: other.key, body: { topic: 'general', title: 'While stopped', body: 'x' } });
  t.is(codeOf(stopped), 'RESIDENCY_STOPPED');
  t.is((await c.call('POST', `/v1/agents/${other.name}/residency`, { key: operator.key, body: { state: 'active' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/agents/${resident.name}/residency`, { key: other.key, body: { state: 'stopped' } })), 'FORBIDDEN_ROLE');

  t.is((await c.call('GET', '/v1/office', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/office', { key: 'not-a-key' })), 'AUTH_INVALID');
});

test.serial("the Show reporter's routes", async (t) => {
  const editor = await validator(w.app);
  const id = await mustPost(w.app, resident.key);
  await reply(w.app, editor.key, id, 'Pick: good');
  await w.app.runJobs();
  const queue = await c.call('GET', '/v1/office/show/queue', { key: reporterKey });
  t.is(queue.status, 200);
  t.is(codeOf(await c.call('GET', '/v1/office/show/queue', { key: resident.key })), 'FORBIDDEN_ROLE');
  const put = await c.call('PUT', `/v1/office/show/${id}/x`, {
    key: reporterKey,
    body: { url: 'https://x.com/svc_crew/status/1', published_at: w.app.clock.now().toISOString() },
  });
  t.is(put.status, 200);
  t.is(codeOf(await c.call('PUT', `/v1/office/show/${rootId}/x`, { key: reporterKey, body: { url: 'https://x.com/svc_crew/status/2' } })), 'NOT_FOUND');
});

test.serial('the mirror', async (t) => {
  const lease = await c.call('POST', '/v1/x/ingest/lease', { key: f.key, body: { lease_id: f.leaseId, ttl_seconds: 600 } });
  t.is(lease.status, 200);
  f.leaseId = lease.body.lease_id;
  t.is(codeOf(await c.call('POST', '/v1/x/ingest/lease', { key: resident.key, body: {} })), 'FORBIDDEN_ROLE');
  const ingest = await c.call('POST', '/v1/x/ingest', { key: f.key, body: { lease_id: f.leaseId, posts: [xItem({ text: 'hello crew' })] } });
  t.is(ingest.status, 200);
  t.is(codeOf(await c.call('POST', '/v1/x/ingest', { key: f.key, body: { lease_id: MISSING, posts: [xItem()] } })), 'MIRROR_LEASE_REQUIRED');
  const [mirrored] = await mirror(w.app, f, [xItem({ text: 'another post' })]);

  t.is((await c.call('GET', '/v1/x', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/x?before=zzz', { key: resident.key })), 'INVALID_CURSOR');
  t.is((await c.call('GET', `/v1/x/${mirrored}`, { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', `/v1/x/${MISSING}`, { key: resident.key })), 'NOT_FOUND');
  const link = { post_id: rootId, wants_public_response: true, note: 'answer this' };
  t.is((await c.call('POST', `/v1/x/${mirrored}/link`, { key: resident.key, body: link })).status, 201);
  t.is((await c.call('POST', `/v1/x/${mirrored}/link`, { key: resident.key, body: link })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/x/${mirrored}/link`, { key: other.key, body: link })), 'MIRROR_LINK_REFUSED');
  t.is((await c.call('GET', '/v1/x/wanted', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/x/wanted')), 'AUTH_REQUIRED');
  t.is((await c.call('GET', '/v1/x/intake', { key: operator.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/x/intake', { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('GET', `/v1/x/${mirrored}/original`, { key: operator.key })).status, 200);
  t.is(codeOf(await c.call('GET', `/v1/x/${mirrored}/original`, { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('POST', `/v1/x/${mirrored}/withdraw`, { key: operator.key, body: { reason: 'test' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/x/${mirrored}/withdraw`, { key: resident.key, body: {} })), 'FORBIDDEN_ROLE');
});

test.serial('outreach: residents, the owner and the public log', async (t) => {
  const owner = { key: w.ownerKey };
  t.is((await c.call('GET', '/v1/outreach', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach', { key: other.key })), 'OUTREACH_RESIDENTS_ONLY');

  w.published.add('ann.lee@outlet1.test');
  w.published.add('bob.kay@outlet2.test');
  const contactBody = (email: string) => ({ email, outlet: email.split('@')[1], beat: 'science', source_url: w.sourceUrl(email.split('@')[1]!) });
  const added = await c.call('POST', '/v1/outreach/contacts', { key: resident.key, body: contactBody('ann.lee@outlet1.test') });
  t.is(added.status, 201);
  t.is((await c.call('POST', '/v1/outreach/contacts', { key: resident.key, body: contactBody('ann.lee@outlet1.test') })).status, 200);
  t.is(codeOf(await c.call('POST', '/v1/outreach/contacts', { key: resident.key, body: contactBody('someone@gmail.com') })), 'OUTREACH_ADDRESS_FREE_MAIL');
  const second = (await c.call('POST', '/v1/outreach/contacts', { key: resident.key, body: contactBody('bob.kay@outlet2.test') })).body.contact_id;
  t.is((await c.call('GET', '/v1/outreach/contacts', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/contacts?before=zzz', { key: resident.key })), 'INVALID_CURSOR');

  const email = await c.call('POST', '/v1/outreach/email', {
    key: resident.key,
    body: { contact_id: added.body.contact_id, subject: 'A measured experiment', body: BODY, experiment_id: resident.experimentId },
  });
  t.is(email.status, 201);
  t.is(email.body.status, 'queued');
  const short = { contact_id: second, subject: 'x', body: 'short', experiment_id: resident.experimentId };
  t.is(codeOf(await c.call('POST', '/v1/outreach/email', { key: resident.key, body: short })), 'OUTREACH_SUBJECT_LENGTH');
  const toReject = await w.email(resident, second);
  t.is(toReject.body.status, 'queued');
  t.is((await c.call('GET', '/v1/outreach/sent', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/sent?before=zzz', { key: resident.key })), 'INVALID_CURSOR');

  t.is((await c.call('GET', '/v1/outreach/queue', owner)).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/queue', { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('POST', `/v1/outreach/messages/${email.body.message_id}/approve`, owner)).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/outreach/messages/${email.body.message_id}/approve`, owner)), 'OUTREACH_MESSAGE_STATE');
  t.is((await c.call('POST', `/v1/outreach/messages/${toReject.body.message_id}/reject`, { ...owner, body: { reason: 'not now' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/outreach/messages/${toReject.body.message_id}/reject`, { ...owner, body: {} })), 'OUTREACH_MESSAGE_STATE');
  await w.runJobs();
  const mail = w.sink.messages.find((m) => m.to.includes('ann.lee@outlet1.test'));
  t.truthy(mail, 'the approved email was sent');
  const stop = /<http:\/\/board\.test(\/outreach\/stop\/[a-z2-7]{52})>/.exec(headersOf(mail!.text)['list-unsubscribe'] ?? '')![1]!;

  // An email whose send outcome is unknown (a send that crashed mid-way), as recovery leaves it.
  w.published.add('cy.doe@outlet3.test');
  const third = (await c.call('POST', '/v1/outreach/contacts', { key: resident.key, body: contactBody('cy.doe@outlet3.test') })).body.contact_id;
  const crashed = (await w.email(resident, third)).body.message_id;
  t.is((await c.call('POST', `/v1/outreach/messages/${crashed}/approve`, owner)).status, 200);
  for (const status of ['sending', 'unknown']) {
    await w.app.db.query(sql.type(NoRow)`update outreach_messages set status = ${status} where id = ${crashed}`);
  }
  t.is((await c.call('POST', `/v1/outreach/messages/${crashed}/resolve`, { ...owner, body: { outcome: 'failed' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/outreach/messages/${email.body.message_id}/resolve`, { ...owner, body: { outcome: 'sent' } })), 'OUTREACH_MESSAGE_STATE');

  t.is((await c.call('GET', '/v1/outreach/settings', owner)).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/settings', { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('PUT', '/v1/outreach/settings', { ...owner, body: { mode: 'review' } })).status, 200);
  t.is(codeOf(await c.call('PUT', '/v1/outreach/settings', { key: resident.key, body: { mode: 'auto' } })), 'FORBIDDEN_ROLE');

  t.is((await c.call('PUT', '/v1/outreach/channels/messaging', { ...owner, body: { label: 'Group chat' } })).status, 200);
  t.is(codeOf(await c.call('PUT', '/v1/outreach/channels/social', { ...owner, body: {} })), 'OUTREACH_CHANNEL_ADAPTER_MISSING');
  t.is((await c.call('GET', '/v1/outreach/channels', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/channels', { key: other.key })), 'OUTREACH_RESIDENTS_ONLY');
  const post = await c.call('POST', '/v1/outreach/post', { key: resident.key, body: { channel: 'messaging', text: 'We measure things.', experiment_id: resident.experimentId } });
  t.is(post.status, 201);
  const social = { channel: 'social', text: 'hi', experiment_id: resident.experimentId };
  t.is(codeOf(await c.call('POST', '/v1/outreach/post', { key: resident.key, body: social })), 'OUTREACH_CHANNEL_NOT_CREATED');
  const postId = post.body.post_id;
  await w.app.db.query(sql.type(NoRow)`update outreach_channel_posts set status = 'unknown' where id = ${postId}`);
  t.is((await c.call('POST', `/v1/outreach/channel-posts/${postId}/resolve`, { ...owner, body: { outcome: 'failed' } })).status, 200);
  t.is(codeOf(await c.call('POST', `/v1/outreach/channel-posts/${postId}/resolve`, { ...owner, body: { outcome: 'failed' } })), 'OUTREACH_MESSAGE_STATE');
  t.is((await c.call('DELETE', '/v1/outreach/channels/messaging', owner)).status, 200);
  t.is(codeOf(await c.call('DELETE', '/v1/outreach/channels/messaging', { key: resident.key })), 'FORBIDDEN_ROLE');

  t.is((await c.call('GET', '/v1/outreach/referrals', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/referrals', { key: other.key })), 'OUTREACH_RESIDENTS_ONLY');
  t.is((await c.call('POST', '/v1/outreach/suppressions', { ...owner, body: { email: 'dee.doe@outlet4.test' } })).status, 201);
  t.is((await c.call('POST', '/v1/outreach/suppressions', { ...owner, body: { email: 'dee.doe@outlet4.test' } })).status, 200);
  t.is(codeOf(await c.call('POST', '/v1/outreach/suppressions', { ...owner, body: { email: 'not an address' } })), 'OUTREACH_ADDRESS_INVALID');

  const none = { headers: { 'X-Agent-Protocol': '' } };
  const log = await c.call('GET', '/api/outreach', none);
  t.is(log.status, 200);
  t.is(codeOf(await c.call('GET', '/api/outreach?limit=0', none)), 'INVALID_LIMIT');
  t.is((await c.call('GET', `/api/outreach/${email.body.message_id}`, none)).status, 200);
  t.is(codeOf(await c.call('GET', `/api/outreach/${MISSING}`, none)), 'NOT_FOUND');
  t.is((await c.call('GET', '/outreach', none)).status, 200);
  t.is(codeOf(await c.call('GET', `/outreach${NUL}`, none)), 'INVALID_CHARACTER');
  t.is((await c.call('GET', `/outreach/${email.body.message_id}`, none)).status, 200);
  t.is((await c.call('GET', `/outreach/${MISSING}`, none)).status, 404);
  t.is((await c.call('GET', stop, none)).status, 200);
  t.is((await c.call('GET', '/outreach/stop/abcdefghijklmnopqrstuvwxyz234567', none)).status, 404);
  t.is((await c.call('POST', stop, none)).status, 200);
  t.is((await c.call('POST', '/outreach/stop/nope', none)).status, 404);
  const referral = await c.call('GET', `/r/${resident.name}/office`, { ...none, redirect: 'manual' });
  t.is(referral.status, 302);
  t.is(referral.headers.get('location'), w.app.config.officeUrl);
  t.is((await c.call('GET', `/r/${resident.name}/nowhere`, none)).status, 404);
});

test.serial('pages, guides, the policy and the discovery documents', async (t) => {
  const none = { headers: { 'X-Agent-Protocol': '', Accept: '' } };
  for (const path of ['/', '/assets/site.css', '/docs/errors', '/docs/quickstart', '/docs/votes-and-pins', '/agent-policy.md', '/openapi.json', '/.well-known/', '/.well-known/agent-board.json']) {
    t.is((await c.call('GET', path, none)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, none)), 'INVALID_CHARACTER', path);
  }
  t.is((await c.call('GET', `/t/${rootId}`, none)).status, 200);
  t.is((await c.call('GET', `/t/${MISSING}`, none)).status, 404);
  t.is(codeOf(await c.call('GET', '/docs/nothing-here', none)), 'NOT_FOUND');
});

test.serial('every route answered with a success and with an error, and every response held to the description', async (t) => {
  t.deepEqual(c.problems, []);
  const missing = CONTRACT.map(routeKey).filter((key) => {
    const o = c.outcomes.get(key);
    return !o || !o.success || !o.error;
  });
  t.deepEqual(
    missing.map((key) => `${key} ${JSON.stringify(c.outcomes.get(key) ?? null)}`),
    [],
  );
});
