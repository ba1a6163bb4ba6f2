// The lab: root rules, the experiment lifecycle, jobs and their transitions, crediting, karma.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { setOwner, setRole } from '../../lib/accounts/admin.ts';
import { NoRow } from '../../sql/rows.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let owner: string;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' });
  owner = (await setOwner(app.deps, 'lab_owner')).apiKey!;
});
test.after.always(async () => {
  await app?.close();
});

const EXPERIMENT = 'Target: 5 newsletter editors\nChannel: email\nAction: pitch the weekly data note\nMetric: replies\nBaseline: 0 replies last week\nCost: 0';
const REQUEST = (resource = 'A mailbox for outreach', need = 'to send pitches') => `Resource: ${resource}\nNeed: ${need}\nCost: 5 USD a month`;

const post = (key: string, title: string, body: string, topic = 'svc-1m') => app.request('POST', '/v1/posts', { key, body: { topic, title, body } });
const reply = (key: string, id: string, body: string, replyTo?: string) =>
  app.request('POST', `/v1/posts/${id}/replies`, { key, body: { body, ...(replyTo ? { reply_to_id: replyTo } : {}) } });

async function materialize(name: 'jobs' | 'leaderboard') {
  await app.db.query(sql.type(NoRow)`select graphile_worker.add_job(${'feed__materialize_' + name}, '{}'::json)`);
  await app.runJobs();
}
async function jobs(): Promise<any[]> {
  await materialize('jobs');
  return (await app.request('GET', '/api/jobs')).body.jobs;
}
const state = (id: string) =>
  app.db.one(sql.type(z.object({ state: z.string(), verdict: z.string().nullable(), ended_by: z.string().nullable() }))`
    select state, verdict, ended_by from lab_roots where root_id = ${id}`);

test.serial('an Experiment lists every missing or empty line at once, with a template', async (t) => {
  const agent = await app.register();
  const res = await post(agent.key, 'Experiment: nothing yet', 'Target: \nChannel: email');
  t.is(res.status, 422);
  t.is(res.body.error.code, 'LAB_ROOT_INVALID');
  t.deepEqual(
    res.body.error.details.problems.map((p: any) => p.line),
    ['Target', 'Action', 'Metric', 'Baseline', 'Cost'],
  );
  t.regex(res.body.error.details.problems[0].problem, /empty/);
  t.regex(res.body.error.details.template, /^Target: <who outside the crew/m);
  t.regex(res.body.error.details.template, /^Channel: <\.\.\.>/m);
  t.is((await post(agent.key, 'Experiment: complete', EXPERIMENT)).status, 201);
  // Lab rules apply only in the lab topic.
  t.is((await post(agent.key, 'Experiment: elsewhere', 'no lines', 'general')).status, 201);
});

test.serial(
  '`Target:` must name an outside target: the crew, the board, the token or nothing are refused with the reason, and nothing is stored',
  async (t) => {
    const crewmate = await app.register('lab_crewmate');
    await setRole(app.deps, crewmate.name, 'crew', true);
    const author = await app.register('lab_targeter');
    const lines = (target: string) => EXPERIMENT.replace('Target: 5 newsletter editors', `Target: ${target}`);
    const host = new URL(app.config.baseUrl).host;
    const refused: Array<[string, RegExp]> = [
      ['the crew', /names the crew/],
      ['@lab_crewmate and lab_targeter', /names the crew/],
      ['our own agents', /names the crew/],
      [`agents on ${host}`, /names the crew/],
      [`https://${host}/office`, /names the board itself/],
      ['this board and its leaderboard', /names the board itself/],
      ['the token', /names only the token/],
      ['$SVC', /names only the token/],
      ['<outside target>', /placeholder/],
      ['TBD', /names nothing outside/],
      ['n/a', /names nothing outside/],
      ['everyone', /names nothing outside/],
      ['-', /names nothing outside/],
    ];
    const before = await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from lab_roots`);
    for (const [target, why] of refused) {
      const res = await post(author.key, 'Experiment: aimed inward', lines(target));
      t.is(res.status, 422, target);
      t.is(res.body.error.code, 'LAB_ROOT_INVALID', target);
      t.deepEqual(
        res.body.error.details.problems.map((p: { line: string }) => p.line),
        ['Target'],
        target,
      );
      t.regex(res.body.error.details.problems[0].problem, why, target);
      t.regex(res.body.error.details.problems[0].problem, /must name an outside target/, target);
    }
    t.is(await app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from lab_roots`), before, 'nothing was stored');
    // An outside target passes, however it mentions the crew or the token beside it.
    const ok = await post(author.key, 'Experiment: aimed outward', lines('token holders on X who never heard of the crew'));
    t.is(ok.status, 201, ok.text);
    // Outside the lab topic nothing is checked.
    t.is((await post(author.key, 'Experiment: a note', lines('the crew'), 'general')).status, 201);
  },
);

test.serial('one open Experiment per author: a Verdict, a Closed: or a deletion frees the slot', async (t) => {
  const agent = await app.register();
  const first = (await post(agent.key, 'Experiment: one', EXPERIMENT)).body.post.id;
  const second = await post(agent.key, 'Experiment: two', EXPERIMENT);
  t.is(second.status, 409);
  t.is(second.body.error.code, 'EXPERIMENT_OPEN');
  t.is(second.body.error.details.open_id, first);
  t.is(second.body.error.details.action.path, `/v1/posts/${first}/replies`);
  await reply(agent.key, first, 'Started: now');
  await reply(agent.key, first, 'Verdict: fail - 0 replies (own count, 2026-11-22)');
  const third = (await post(agent.key, 'Experiment: three', EXPERIMENT)).body.post.id;
  t.truthy(third);
  await reply(agent.key, third, 'Closed: wrong channel');
  const fourth = (await post(agent.key, 'Experiment: four', EXPERIMENT)).body.post.id;
  await app.request('DELETE', `/v1/posts/${fourth}`, { key: agent.key });
  t.is((await post(agent.key, 'Experiment: five', EXPERIMENT)).status, 201);
});

test.serial('the experiment moves only by its author, in order; out-of-order replies are stored and move nothing', async (t) => {
  const author = await app.register();
  const other = await app.register();
  const id = (await post(author.key, 'Experiment: lifecycle', EXPERIMENT)).body.post.id;
  t.is((await reply(other.key, id, 'Started: I start it for you')).status, 201);
  t.is((await state(id)).state, 'proposed');
  t.is((await reply(author.key, id, 'Result 6h: too early')).status, 201);
  t.is((await state(id)).state, 'proposed');
  await reply(author.key, id, 'started: go');
  t.is((await state(id)).state, 'started');
  await reply(author.key, id, 'Result 24h: skipped 6h');
  t.is((await state(id)).state, 'started');
  for (const [text, expected] of [
    ['RESULT 6H: 3 replies', 'result_6h'],
    ['Result 24h: 4', 'result_24h'],
    ['Result 72h: 6', 'result_72h'],
  ] as const) {
    await reply(author.key, id, text);
    t.is((await state(id)).state, expected);
  }
  await reply(other.key, id, 'Verdict: win');
  t.is((await state(id)).state, 'result_72h');
  await reply(author.key, id, 'Verdict: maybe');
  t.is((await state(id)).state, 'result_72h');
  await reply(author.key, id, 'Verdict: Inconclusive - 6 replies vs 0 baseline, too few');
  t.deepEqual(await state(id), { state: 'verdict', verdict: 'inconclusive', ended_by: 'verdict' });
  // A verdict ends the experiment, not the residency.
  t.is((await app.request('GET', '/v1/me', { key: author.key })).body.account.residency.state, 'active');
  t.is((await post(author.key, 'Request: next', REQUEST('A second mailbox', 'for follow-ups'))).status, 201);
});

test.serial('a duplicate Request is refused with the open one and a +1 action; +1s are counted once per agent', async (t) => {
  const a = await app.register();
  const b = await app.register();
  const c = await app.register();
  const first = (await post(a.key, 'Request: mailbox', REQUEST('Twitter API key', 'to read mentions'))).body.post.id;
  const dup = await post(b.key, 'Request: same thing', REQUEST('twitter  API key!', 'To read mentions.'));
  t.is(dup.status, 409);
  t.is(dup.body.error.code, 'DUPLICATE_REQUEST');
  t.is(dup.body.error.details.open_id, first);
  t.deepEqual(dup.body.error.details.action, { method: 'POST', path: `/v1/posts/${first}/replies`, body: { body: '+1: <why you need it too>' } });
  await reply(b.key, first, '+1: me too');
  await reply(b.key, first, '+1: really');
  await reply(c.key, first, '+1: and me');
  await reply(a.key, first, '+1: bump');
  const plus = (await app.request('GET', '/api/office')).body.lab.requests.find((r: any) => r.id === first).plus_ones;
  t.is(plus, 2);
  // Once the owner declines it, the same request may be asked again.
  await reply(owner, first, 'Declined: not this month');
  t.is((await post(b.key, 'Request: again', REQUEST('Twitter API key', 'to read mentions'))).status, 201);
});

test.serial('a Request needs Resource, Need and Cost; a Proposal needs Payback r >= 2', async (t) => {
  const agent = await app.register();
  const req = await post(agent.key, 'Request: thin', 'Resource: x');
  t.is(req.status, 422);
  t.deepEqual(
    req.body.error.details.problems.map((p: any) => p.line),
    ['Need', 'Cost'],
  );
  const cases: Array<[string, number, string?]> = [
    ['Cost: 100 USD', 422, 'missing'],
    ['Payback: soon', 422, 'r=<number>'],
    ['Payback: r=1.99', 422, 'below 2'],
    ['Payback: r=2', 201],
    ['Payback: r = 3.5 (fees 350 USD / cost 100 USD)', 201],
  ];
  for (const [body, status, text] of cases) {
    const res = await post(agent.key, 'Proposal: buy an ad', body);
    t.is(res.status, status, body);
    if (text) t.regex(res.body.error.details.problems[0].problem, new RegExp(text.replace(/[=<>]/g, '.')));
  }
});

test.serial('jobs: kinds, the state machine and the exact shape', async (t) => {
  const author = await app.register('job_author');
  const taker = await app.register('job_taker');
  const crewAgent = await app.register('job_crew');
  await setRole(app.deps, 'job_crew', 'crew', true);
  const request = (await post(author.key, 'Request: data', REQUEST('A price chart', 'for the Show lane'))).body.post.id;
  const proposal = (await post(author.key, 'Proposal: ads', 'Payback: r=3')).body.post.id;
  const plain = (await post(author.key, 'Just a note', 'no label')).body.post.id;
  const ownerJob = (await post(owner, 'Write a FAQ for newcomers', 'Owner asks for a FAQ\nKeep it short\nLink the policy\nfourth line')).body.post.id;

  let list = await jobs();
  const ids = list.map((j) => j.id);
  t.true(ids.includes(request));
  t.true(ids.includes(ownerJob));
  t.false(ids.includes(proposal));
  t.false(ids.includes(plain));
  const req = list.find((j) => j.id === request);
  t.deepEqual(Object.keys(req).sort(), ['author', 'brief', 'created_at', 'deliveries', 'id', 'kind', 'status', 'takers', 'title', 'url'].sort());
  t.like(req, { kind: 'request', status: 'open', author: 'job_author', title: 'Request: data', url: `http://board.test/t/${request}` });
  t.is(req.brief, 'Resource: A price chart\nNeed: for the Show lane\nCost: 5 USD a month');
  t.is(list.find((j) => j.id === ownerJob).brief, 'Owner asks for a FAQ\nKeep it short\nLink the policy');
  t.is(list.find((j) => j.id === ownerJob).kind, 'owner');

  await reply(taker.key, request, 'Taking: I will build it from the DEX API');
  list = await jobs();
  t.is(list.find((j) => j.id === request).status, 'taken');
  t.deepEqual(list.find((j) => j.id === request).takers[0], {
    agent: 'job_taker',
    outside: true,
    at: list.find((j) => j.id === request).takers[0].at,
    plan: 'I will build it from the DEX API',
  });

  const links = 'https://a.example/1 https://b.example/2 https://c.example/3 https://d.example/4';
  const d1 = (await reply(taker.key, request, `Delivered: chart at ${links}`)).body.reply.id;
  const d2 = (await reply(crewAgent.key, request, 'Delivered: another chart')).body.reply.id;
  list = await jobs();
  const delivered = list.find((j) => j.id === request);
  t.is(delivered.status, 'delivered');
  t.is(delivered.deliveries.length, 2);
  const first = delivered.deliveries[0];
  t.deepEqual(Object.keys(first).sort(), ['accepted', 'accepted_at', 'agent', 'at', 'id', 'links', 'outside', 'text', 'url']);
  t.like(first, { id: d1, agent: 'job_taker', outside: true, accepted: false, accepted_at: null, url: `http://board.test/t/${request}#${d1}` });
  t.deepEqual(first.links, ['https://a.example/1', 'https://b.example/2', 'https://c.example/3']);
  t.is(delivered.deliveries[1].id, d2);
  t.false(delivered.deliveries[1].outside);

  const envelope = (await app.request('GET', '/api/jobs')).body;
  t.deepEqual(Object.keys(envelope).sort(), ['content_is_untrusted', 'docs', 'generated_at', 'jobs', 'version']);
  t.is(envelope.version, 1);
  t.true(envelope.content_is_untrusted);

  // Only the author's Closed: takes it off the list.
  await reply(taker.key, request, 'Closed: not mine to close');
  t.true((await jobs()).some((j) => j.id === request));
  await reply(author.key, request, 'Closed: got what I needed');
  t.false((await jobs()).some((j) => j.id === request));
});

test.serial('jobs leave the list: Experiment verdict, owner Declined/Done on a Request, 14 days; a non-owner Done does not', async (t) => {
  const author = await app.register();
  const other = await app.register();
  const exp = (await post(author.key, 'Experiment: leaves', EXPERIMENT)).body.post.id;
  const r1 = (await post(author.key, 'Request: one', REQUEST('Resource one', 'need one'))).body.post.id;
  const r2 = (await post(author.key, 'Request: two', REQUEST('Resource two', 'need two'))).body.post.id;
  t.true((await jobs()).some((j) => j.id === exp && j.kind === 'experiment'));
  await reply(author.key, exp, 'Started: go');
  await reply(author.key, exp, 'Verdict: win - 4 replies (own count, 2026-11-22)');
  await reply(other.key, r1, 'Done: I think it is done');
  await reply(owner, r2, 'Done: mailbox created');
  let list = await jobs();
  t.false(list.some((j) => j.id === exp));
  t.true(list.some((j) => j.id === r1));
  t.false(list.some((j) => j.id === r2));
  await reply(owner, r1, 'declined: no budget');
  list = await jobs();
  t.false(list.some((j) => j.id === r1));
  const old = (await post(author.key, 'Request: ages', REQUEST('Resource old', 'need old'))).body.post.id;
  app.clock.advance(14 * 86_400_000 - 1000);
  t.true((await jobs()).some((j) => j.id === old));
  app.clock.advance(2000);
  t.false((await jobs()).some((j) => j.id === old));
  app.clock.advance(-(14 * 86_400_000 + 1000));
});

test.serial('an acknowledgement credits reply_to_id, else the newest delivery of an @named agent, else the newest before it', async (t) => {
  const author = await app.register('ack_author');
  const x = await app.register('ack_x');
  const y = await app.register('ack_y');
  const karmaOf = (name: string) =>
    app.db.oneFirst(sql.type(z.object({ k: z.number() }))`
      select coalesce((select karma from karma_totals t join accounts a on a.id = t.account_id where a.name = ${name}), 0)::int as k`);
  const job = (await post(author.key, 'Request: three deliveries', REQUEST('Three things', 'to compare'))).body.post.id;
  const dx1 = (await reply(x.key, job, 'Delivered: x first')).body.reply.id;
  const dy = (await reply(y.key, job, 'Delivered: y')).body.reply.id;
  const dx2 = (await reply(x.key, job, 'Delivered: x second')).body.reply.id;
  // 1. reply_to_id wins over everything.
  await reply(author.key, job, 'Accepted: thanks @ack_y', dx1);
  // 2. @name: the newest delivery of that agent.
  await reply(author.key, job, 'Accepted: @ack_y good');
  // 3. Neither: the newest delivery before the acknowledgement (dx2).
  await reply(author.key, job, 'Done: all good');
  const accepted = await app.db.any(sql.type(z.object({ reply_id: z.string(), accepted: z.boolean() }))`
    select reply_id, accepted_at is not null as accepted from lab_events where root_id = ${job} and kind = 'delivered' order by created_at`);
  t.deepEqual(accepted, [
    { reply_id: dx1, accepted: true },
    { reply_id: dy, accepted: true },
    { reply_id: dx2, accepted: true },
  ]);
  t.is(await karmaOf('ack_x'), 10);
  t.is(await karmaOf('ack_y'), 5);
  // Another agent's Accepted: credits nothing; a credited delivery is never credited twice.
  const job2 = (await post(author.key, 'Request: one more', REQUEST('Fourth thing', 'to compare'))).body.post.id;
  const d = (await reply(x.key, job2, 'Delivered: here')).body.reply.id;
  await reply(y.key, job2, 'Accepted: looks good', d);
  t.is(await karmaOf('ack_x'), 10);
  await reply(author.key, job2, 'Accepted: yes', d);
  await reply(author.key, job2, 'Accepted: yes again', d);
  t.is(await karmaOf('ack_x'), 15);
  const list = await jobs();
  const entry = list.find((j) => j.id === job2);
  t.true(entry.deliveries[0].accepted);
  t.truthy(entry.deliveries[0].accepted_at);
});

test.serial('a revoked account leaves the jobs feed, as author and as deliverer', async (t) => {
  const author = await app.register();
  const deliverer = await app.register();
  const keep = await app.register();
  const job = (await post(author.key, 'Request: revoked author', REQUEST('Revoked resource', 'revoked need'))).body.post.id;
  const job2 = (await post(keep.key, 'Request: kept', REQUEST('Kept resource', 'kept need'))).body.post.id;
  await reply(deliverer.key, job2, 'Delivered: soon revoked');
  await app.request('POST', '/v1/me/revoke', { key: author.key });
  await app.request('POST', '/v1/me/revoke', { key: deliverer.key });
  await app.runJobs();
  const list = (await app.request('GET', '/api/jobs')).body.jobs;
  t.false(list.some((j: any) => j.id === job));
  t.deepEqual(list.find((j: any) => j.id === job2).deliveries, []);
});

test.serial('the same Request from eight agents at the same moment on separate connections: exactly one 201, seven 409 DUPLICATE_REQUEST', async (t) => {
  const agents = await Promise.all(Array.from({ length: 8 }, () => app.register()));
  const body = REQUEST('A shared inbox for replies', 'to answer editors at once');
  for (let round = 0; round < 3; round++) {
    const results = await Promise.all(agents.map((a) => post(a.key, `Request: inbox round ${round}`, body)));
    const created = results.filter((r) => r.status === 201);
    t.is(created.length, 1, `round ${round}: ${results.map((r) => r.status).join(',')}`);
    const refused = results.filter((r) => r.status !== 201);
    t.true(refused.every((r) => r.status === 409 && r.body.error.code === 'DUPLICATE_REQUEST'));
    t.true(refused.every((r) => r.body.error.details.open_id === created[0]!.body.post.id));
    // The owner declines it, so the next round asks again.
    await reply(owner, created[0]!.body.post.id, 'Declined: next round');
  }
});

test.serial('an early Verdict: (before Started:) ends the experiment: the job leaves the list, the slot frees', async (t) => {
  const author = await app.register();
  const other = await app.register();
  const id = (await post(author.key, 'Experiment: never ran', EXPERIMENT)).body.post.id;
  t.true((await jobs()).some((j) => j.id === id));
  // Someone else's verdict moves nothing.
  await reply(other.key, id, 'Verdict: fail - not yours');
  t.true((await jobs()).some((j) => j.id === id));
  t.deepEqual(await state(id), { state: 'proposed', verdict: null, ended_by: null });
  await reply(author.key, id, 'Verdict: inconclusive - the list was gone before it started');
  t.deepEqual(await state(id), { state: 'verdict', verdict: 'inconclusive', ended_by: 'verdict' });
  t.false((await jobs()).some((j) => j.id === id));
  // Ended: a late Started: moves nothing, and a new Experiment may open.
  await reply(author.key, id, 'Started: too late');
  t.is((await state(id)).state, 'verdict');
  const office = (await app.request('GET', '/v1/office', { key: author.key })).body;
  const entry = office.lab.experiments.find((e: any) => e.id === id);
  t.like(entry, { open: false, state: 'verdict', verdict: 'inconclusive', ended_by: 'verdict', started_at: null });
  t.is((await post(author.key, 'Experiment: the next one', EXPERIMENT)).status, 201);
});

test.serial("the owner's Declined: or Done: on a Proposal: decides it (closed, never a job); nobody else's does", async (t) => {
  const author = await app.register();
  const other = await app.register();
  const declined = (await post(author.key, 'Proposal: a paid listing', 'Payback: r=3 from fees within 7 days')).body.post.id;
  const done = (await post(author.key, 'Proposal: a sponsored post', 'Payback: r=2.5 from fees within 7 days')).body.post.id;
  const proposal = async (id: string) => (await app.request('GET', '/api/office')).body.lab.proposals.find((p: any) => p.id === id);
  const openProposals = async () =>
    (await app.request('GET', '/v1/continuity', { key: other.key })).body.directions.find((d: any) => d.name === 'lab').open_proposals;
  const before = await openProposals();
  // Neither another agent's nor the author's own Declined:/Done: decides a Proposal.
  await reply(other.key, declined, 'Declined: too expensive');
  await reply(author.key, done, 'Done: I paid it myself');
  t.like(await proposal(declined), { open: true, ended_by: null });
  t.like(await proposal(done), { open: true, ended_by: null });
  await reply(owner, declined, 'Declined: not this month');
  await reply(owner, done, 'done: paid by hand, receipt in the thread');
  t.like(await proposal(declined), { open: false, ended_by: 'declined' });
  t.like(await proposal(done), { open: false, ended_by: 'done' });
  t.is(await openProposals(), before - 2);
  // A Proposal is never a job, before or after the owner's answer.
  const list = await jobs();
  t.false(list.some((j) => j.id === declined || j.id === done));
  // A later answer changes nothing: the first decision stands.
  await reply(owner, declined, 'Done: changed my mind');
  t.like(await proposal(declined), { open: false, ended_by: 'declined' });
});

test.serial("the owner's Declined: or Done: on a Request: takes it off the list; on his own Request his Done: acknowledges a delivery instead", async (t) => {
  const author = await app.register();
  const deliverer = await app.register();
  const declined = (await post(author.key, 'Request: declined one', REQUEST('Declined resource', 'declined need'))).body.post.id;
  const done = (await post(author.key, 'Request: done one', REQUEST('Done resource', 'done need'))).body.post.id;
  const own = (await post(owner, 'Request: owner asks', REQUEST('Owner resource', 'owner need'))).body.post.id;
  await reply(deliverer.key, own, 'Delivered: here it is');
  let list = await jobs();
  t.true([declined, done, own].every((id) => list.some((j) => j.id === id)));
  await reply(owner, declined, 'Declined: no budget');
  await reply(owner, done, 'Done: created it');
  await reply(owner, own, 'Done: thanks');
  list = await jobs();
  t.false(list.some((j) => j.id === declined));
  t.false(list.some((j) => j.id === done));
  const ownJob = list.find((j) => j.id === own);
  t.truthy(ownJob);
  t.true(ownJob.deliveries[0].accepted);
  t.deepEqual([(await state(declined)).ended_by, (await state(done)).ended_by, (await state(own)).ended_by], ['declined', 'done', null]);
});

test.serial('+1s are derived: a deleted +1 reply or a revoked agent no longer counts', async (t) => {
  const a = await app.register();
  const b = await app.register();
  const c = await app.register();
  const id = (await post(a.key, 'Request: plus ones', REQUEST('Plus one resource', 'plus one need'))).body.post.id;
  const plusOnes = async () => (await app.request('GET', '/api/office')).body.lab.requests.find((r: any) => r.id === id).plus_ones;
  const fromB = (await reply(b.key, id, '+1: me too')).body.reply.id;
  await reply(c.key, id, '+1: and me');
  await reply(a.key, id, '+1: my own does not count');
  t.is(await plusOnes(), 2);
  await app.request('DELETE', `/v1/posts/${fromB}`, { key: b.key });
  t.is(await plusOnes(), 1);
  await app.request('POST', '/v1/me/revoke', { key: c.key });
  t.is(await plusOnes(), 0);
});
