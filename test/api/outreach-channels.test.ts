// Owner-created channels: refused until created, the channel rules at their edges with the clock
// moved, the public log, and delivery through the webhook adapter (a real local HTTP server) by
// the channel_post__deliver task: sent, retried, refused, unknown and the owner's resolution.
import test from 'ava';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'slonik';
import { z } from 'zod';
import { openChannel } from '../../lib/outreach/channels.ts';
import { startOutreachWorld, type OutreachWorld, type Resident } from '../helpers/outreach.ts';

type Hook = { headers: IncomingMessage['headers']; body: Record<string, unknown> };
const received: Hook[] = [];
let mode: 'ok' | 'fail500' | 'fail400' | 'drop' = 'ok';
let hook: Server;
let w: OutreachWorld;

test.before(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (mode === 'drop') return req.socket.destroy();
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.statusCode = mode === 'fail500' ? 500 : mode === 'fail400' ? 400 : 200;
      res.end(mode === 'ok' ? 'posted' : 'no');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const port = (hook.address() as AddressInfo).port;
  w = await startOutreachWorld({
    env: { MESSAGING_WEBHOOK_URL: `http://127.0.0.1:${port}/messaging`, SOCIAL_WEBHOOK_URL: `http://127.0.0.1:${port}/social` },
  });
  await w.setup({ mode: 'review' });
});
test.after.always(async () => {
  await w?.stop();
  hook?.close();
});

const post = (agent: Resident, body: Record<string, unknown>) =>
  w.app.request('POST', '/v1/outreach/post', { key: agent.key, body: { experiment_id: agent.experimentId, ...body } });
/** What the server adds to every post of the agent (the setup's service name, the site's address). */
const disclosureOf = (agent: Resident) => `\n\n— ${agent.name}, an AI agent of Agent Board (${w.app.config.siteUrl})`;
const budgetOf = (agent: Resident) => 600 - [...disclosureOf(agent)].length;
const statusOf = (id: string) => w.app.db.oneFirst(sql.type(z.object({ status: z.string() }))`select status from outreach_channel_posts where id = ${id}`);

test.serial('posts are refused until the owner creates the channel; creating needs an adapter', async (t) => {
  w.app.clock.set('2026-11-24T09:00:00.000Z');
  const a = await w.resident('chan_a');
  for (const channel of ['messaging', 'social']) {
    const res = await post(a, { channel, text: 'Hello from an AI agent of Agent Board.' });
    t.is(res.status, 409);
    t.is(res.body.error.code, 'OUTREACH_CHANNEL_NOT_CREATED');
    t.is(res.body.error.details.channel, channel);
  }
  const bad = await post(a, { channel: 'tiktok', text: 'x' });
  t.is(bad.status, 400);
  const config = { ...w.app.config, outreach: { ...w.app.config.outreach, webhooks: { messaging: null, social: null } } };
  await t.throwsAsync(openChannel({ ...w.app.deps, config }, null, 'social', ''), { message: /SOCIAL_WEBHOOK_URL/ });
  for (const name of ['messaging', 'social']) {
    const res = await w.app.request('PUT', `/v1/outreach/channels/${name}`, { key: w.ownerKey, body: { label: `Our ${name}` } });
    t.is(res.status, 200);
    t.true(res.body.created);
  }
  const list = await w.app.request('GET', '/v1/outreach/channels', { key: a.key });
  t.deepEqual(
    list.body.channels.map((c: { channel: string; created: boolean; left_today: number }) => [c.channel, c.created, c.left_today]),
    [
      ['messaging', true, 6],
      ['social', true, 8],
    ],
  );
});

test.serial('text, content, mention and experiment rules', async (t) => {
  const a = await w.resident('chan_b');
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ channel: 'messaging', text: 'x'.repeat(601) }, 422, 'OUTREACH_CHANNEL_TEXT_LENGTH'],
    [{ channel: 'messaging', text: '   ' }, 422, 'OUTREACH_CHANNEL_TEXT_LENGTH'],
    [{ channel: 'messaging', text: 'Price target 10x, passive income for holders.' }, 422, 'OUTREACH_CONTENT_REFUSED'],
    [{ channel: 'social', text: 'Thanks @alice and @bob for the data.' }, 422, 'OUTREACH_CHANNEL_MENTIONS'],
    [{ channel: 'social', text: 'token sk-ant-abcdefghijklmnopqrstuvwxyz0123' }, 422, 'SECRET_LIKE'],
    [{ channel: 'social', text: 'ok', experiment_id: (await w.resident('chan_other')).experimentId }, 422, 'OUTREACH_EXPERIMENT_REQUIRED'],
  ];
  for (const [body, status, code] of cases) {
    const res = await post(a, body);
    t.is(res.status, status, code);
    t.is(res.body.error.code, code);
  }
  const max = await post(a, { channel: 'messaging', text: 'y'.repeat(budgetOf(a)) });
  t.is(max.status, 201, max.text);
  t.is(max.body.status, 'pending');
  const one = await post(a, { channel: 'social', text: 'An AI agent of Agent Board here: thanks @alice for the dataset.' });
  t.is(one.status, 201, one.text);
  const log = await w.app.request('GET', `/api/outreach/${one.body.post_id}`);
  t.is(log.body.item.type, 'channel_post');
  t.is(log.body.item.channel, 'social');
  t.is(log.body.item.status, 'pending');
});

test.serial(
  'every post carries the AI-agent disclosure the server adds, within 600 characters: at the edge, one past, as delivered and in the public log',
  async (t) => {
    w.app.clock.set('2026-11-24T12:00:00.000Z');
    const a = await w.resident('chan_disclosed');
    const budget = budgetOf(a);
    t.is(budget, 600 - [...`\n\n— chan_disclosed, an AI agent of Agent Board (${w.app.config.siteUrl})`].length);
    const listed = (await w.app.request('GET', '/v1/outreach/channels', { key: a.key })).body.channels;
    for (const c of listed) {
      t.is(c.text_max, budget, c.channel);
      t.is(c.post_max, 600);
      t.is(c.disclosure, disclosureOf(a).trim());
    }
    // One past the budget: refused, saying why, and nothing stored.
    const over = await post(a, { channel: 'social', text: `${'z'.repeat(budget)}!` });
    t.is(over.status, 422);
    t.is(over.body.error.code, 'OUTREACH_CHANNEL_TEXT_LENGTH');
    t.deepEqual(over.body.error.details, { max: budget, channel_max: 600, disclosure_length: 600 - budget, length: budget + 1 });
    t.regex(over.body.error.message, /disclosure the server adds/);
    t.is(
      await w.app.db.oneFirst(
        sql.type(
          z.object({ n: z.number() }),
        )`select count(*)::int as n from outreach_channel_posts p join accounts a on a.id = p.author_id where a.name = 'chan_disclosed'`,
      ),
      0,
    );
    // At the budget (an emoji counts one, as people count): the post with its disclosure is exactly 600.
    const text = `${'z'.repeat(budget - 1)}🙂`;
    const at = await post(a, { channel: 'social', text });
    t.is(at.status, 201, at.text);
    t.is(at.body.text, `${text}${disclosureOf(a)}`);
    t.is([...at.body.text].length, 600);
    // The public log (JSON and page) shows it as it goes out.
    const log = await w.app.request('GET', `/api/outreach/${at.body.post_id}`);
    t.is(log.body.item.text, at.body.text);
    const page = await (await fetch(`${w.app.url}/outreach/${at.body.post_id}`)).text();
    t.true(page.includes(`${a.name}, an AI agent of Agent Board`), 'the page shows the disclosure');
    // The channel's adapter receives the same text.
    mode = 'ok';
    received.length = 0;
    await w.runJobs();
    t.is(received.find((r) => r.body.post_id === at.body.post_id)?.body.text, at.body.text);
    // The disclosure names nobody: a social post keeps its one mention.
    w.app.clock.set('2026-11-24T18:00:00.000Z');
    const mention = await post(a, { channel: 'social', text: 'Thanks @alice for the dataset.' });
    t.is(mention.status, 201, mention.text);
  },
);

test.serial('social: 1 post per agent per rolling 6 hours', async (t) => {
  w.app.clock.set('2026-11-25T06:00:00.000Z');
  const a = await w.resident('chan_six');
  t.is((await post(a, { channel: 'social', text: 'first' })).status, 201);
  w.app.clock.set('2026-11-25T11:59:59.999Z');
  const early = await post(a, { channel: 'social', text: 'second' });
  t.is(early.status, 429);
  t.is(early.body.error.code, 'OUTREACH_CHANNEL_AGENT_CAP');
  t.is(early.body.error.details.retry_at, '2026-11-25T12:00:00.000Z');
  t.truthy(early.headers.get('retry-after'));
  const mine = (await w.app.request('GET', '/v1/outreach/channels', { key: a.key })).body.channels[1];
  t.is(mine.my_next_post_at, '2026-11-25T12:00:00.000Z');
  w.app.clock.set('2026-11-25T12:00:00.000Z');
  t.is((await post(a, { channel: 'social', text: 'second' })).status, 201);
  // messaging has no per-agent window
  t.is((await post(a, { channel: 'messaging', text: 'one' })).status, 201);
  t.is((await post(a, { channel: 'messaging', text: 'two' })).status, 201);
});

test.serial('day caps per Moscow day: messaging 6, social 8', async (t) => {
  w.app.clock.set('2026-11-26T20:00:00.000Z'); // 23:00 Moscow
  const a = await w.resident('chan_day');
  for (let i = 0; i < 6; i++) t.is((await post(a, { channel: 'messaging', text: `m${i}` })).status, 201);
  const seventh = await post(a, { channel: 'messaging', text: 'm7' });
  t.is(seventh.status, 429);
  t.is(seventh.body.error.code, 'OUTREACH_CHANNEL_DAY_CAP');
  t.is(seventh.body.error.details.cap, 6);
  t.is(seventh.body.error.details.retry_at, '2026-11-26T21:00:00.000Z');
  const agents: Resident[] = [];
  for (let i = 0; i < 9; i++) agents.push(await w.resident(`chan_s${i}`));
  for (let i = 0; i < 8; i++) t.is((await post(agents[i]!, { channel: 'social', text: `s${i}` })).status, 201);
  const ninth = await post(agents[8]!, { channel: 'social', text: 's8' });
  t.is(ninth.status, 429);
  t.is(ninth.body.error.code, 'OUTREACH_CHANNEL_DAY_CAP');
  t.is(ninth.body.error.details.cap, 8);
  w.app.clock.set('2026-11-26T21:00:00.000Z');
  t.is((await post(agents[8]!, { channel: 'social', text: 's8' })).status, 201);
  t.is((await post(a, { channel: 'messaging', text: 'm7' })).status, 201);
});

test.serial('delivery: the webhook gets the post with an Idempotency-Key; 5xx retries, 4xx fails, a drop is unknown until the owner decides', async (t) => {
  w.app.clock.set('2026-11-28T09:00:00.000Z');
  const a = await w.resident('chan_deliver');
  // Deliver what earlier tests queued, then start from a clean slate.
  mode = 'ok';
  await w.runJobs();
  received.length = 0;

  const ok = await post(a, { channel: 'messaging', text: 'Measured result: 3 replies from 10 emails, source /outreach, 2026-11-28.' });
  await w.runJobs();
  t.is(received.length, 1);
  t.is(received[0]!.headers['idempotency-key'], ok.body.post_id);
  t.is(received[0]!.body.text, `Measured result: 3 replies from 10 emails, source /outreach, 2026-11-28.${disclosureOf(a)}`);
  t.is(received[0]!.body.agent, a.name);
  t.is(received[0]!.body.channel, 'messaging');
  t.is(await statusOf(ok.body.post_id), 'sent');
  t.is((await w.app.request('GET', `/api/outreach/${ok.body.post_id}`)).body.item.status, 'sent');

  mode = 'fail500';
  const retry = await post(a, { channel: 'messaging', text: 'retry me' });
  await w.runJobs();
  t.is(await statusOf(retry.body.post_id), 'pending');
  mode = 'ok';
  await w.runJobs();
  t.is(await statusOf(retry.body.post_id), 'sent');
  t.is(received.filter((r) => r.body.post_id === retry.body.post_id).length, 2, 'the 500 answer and the delivery');

  mode = 'fail400';
  const refused = await post(a, { channel: 'messaging', text: 'refuse me' });
  await w.runJobs();
  t.is(await statusOf(refused.body.post_id), 'failed');

  mode = 'drop';
  const dropped = await post(a, { channel: 'messaging', text: 'drop me' });
  await w.runJobs();
  t.is(await statusOf(dropped.body.post_id), 'unknown');
  mode = 'ok';
  await w.runJobs();
  t.is(await statusOf(dropped.body.post_id), 'unknown', 'not re-sent blindly');
  const wrong = await w.app.request('POST', `/v1/outreach/channel-posts/${ok.body.post_id}/resolve`, { key: w.ownerKey, body: { outcome: 'resend' } });
  t.is(wrong.status, 409);
  t.is(wrong.body.error.code, 'OUTREACH_MESSAGE_STATE');
  const resend = await w.app.request('POST', `/v1/outreach/channel-posts/${dropped.body.post_id}/resolve`, { key: w.ownerKey, body: { outcome: 'resend' } });
  t.is(resend.status, 200);
  t.is(resend.body.status, 'pending');
  await w.runJobs();
  t.is(await statusOf(dropped.body.post_id), 'sent');
});

test.serial('mode off stops channel posts; a closed channel refuses again', async (t) => {
  const a = await w.resident('chan_close');
  const held = await post(a, { channel: 'social', text: 'held while off' });
  await w.setup({ mode: 'off' });
  const off = await post(a, { channel: 'messaging', text: 'hello' });
  t.is(off.status, 409);
  t.is(off.body.error.code, 'OUTREACH_MODE_OFF');
  await w.runJobs();
  t.is(await statusOf(held.body.post_id), 'pending', 'mode off delivers nothing');
  await w.setup({ mode: 'review' });
  await w.runJobs();
  t.is(await statusOf(held.body.post_id), 'sent');
  const del = await w.app.request('DELETE', '/v1/outreach/channels/messaging', { key: w.ownerKey });
  t.is(del.status, 200);
  t.false(del.body.created);
  const closed = await post(a, { channel: 'messaging', text: 'hello' });
  t.is(closed.body.error.code, 'OUTREACH_CHANNEL_NOT_CREATED');
});
