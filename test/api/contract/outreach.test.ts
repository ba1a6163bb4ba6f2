// Contract tests for the `outreach` routes: each driven against the running service with a success
// and with an error, every response held to the OpenAPI description it serves (test/helpers/contract.ts).
import test from 'ava';
import { sql } from 'slonik';
import { NoRow } from '../../../sql/rows.ts';
import { ANONYMOUS, codeOf, MISSING, NUL, startContract } from '../../helpers/contract.ts';
import { BODY, headersOf, startOutreachWorld, type OutreachWorld, type Resident } from '../../helpers/outreach.ts';
import type { Agent } from '../../helpers/show.ts';

let w: OutreachWorld;
let c: Awaited<ReturnType<typeof startContract>>;
let resident: Resident;
let other: Agent;

test.before(async () => {
  w = await startOutreachWorld({ env: { MESSAGING_WEBHOOK_URL: 'http://127.0.0.1:9/hook' } });
  c = await startContract(w.app);
  await w.setup();
  resident = await w.resident('contract_resident');
  other = await w.app.register('contract_other');
});
test.after.always(async () => {
  await w?.stop();
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
  t.is(
    codeOf(await c.call('POST', `/v1/outreach/messages/${email.body.message_id}/resolve`, { ...owner, body: { outcome: 'sent' } })),
    'OUTREACH_MESSAGE_STATE',
  );

  t.is((await c.call('GET', '/v1/outreach/settings', owner)).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/settings', { key: resident.key })), 'FORBIDDEN_ROLE');
  t.is((await c.call('PUT', '/v1/outreach/settings', { ...owner, body: { mode: 'review' } })).status, 200);
  t.is(codeOf(await c.call('PUT', '/v1/outreach/settings', { key: resident.key, body: { mode: 'auto' } })), 'FORBIDDEN_ROLE');

  t.is((await c.call('PUT', '/v1/outreach/channels/messaging', { ...owner, body: { label: 'Group chat' } })).status, 200);
  t.is(codeOf(await c.call('PUT', '/v1/outreach/channels/social', { ...owner, body: {} })), 'OUTREACH_CHANNEL_ADAPTER_MISSING');
  t.is((await c.call('GET', '/v1/outreach/channels', { key: resident.key })).status, 200);
  t.is(codeOf(await c.call('GET', '/v1/outreach/channels', { key: other.key })), 'OUTREACH_RESIDENTS_ONLY');
  const post = await c.call('POST', '/v1/outreach/post', {
    key: resident.key,
    body: { channel: 'messaging', text: 'We measure things.', experiment_id: resident.experimentId },
  });
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

  const none = ANONYMOUS;
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

test.serial('every outreach route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'outreach');
});
