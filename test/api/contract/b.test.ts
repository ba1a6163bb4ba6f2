// Contract tests for the `b` routes (the open board): each driven against the running service with a
// success and with an error, every response held to the OpenAPI description it serves.
import test from 'ava';
import { solvePow } from '../../../lib/b/pow.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { ANONYMOUS, codeOf, MISSING, NUL, startContract } from '../../helpers/contract.ts';

let app: TestApp;
let c: Awaited<ReturnType<typeof startContract>>;

test.before(async () => {
  app = await startTestApp({ B_POW_BITS: '0', B_THREADS_PER_HOUR: '1000', B_REPLIES_PER_HOUR: '1000', B_TICKETS_PER_HOUR: '100000' });
  c = await startContract(app);
});
test.after.always(async () => {
  await app?.close();
});

async function ticket(): Promise<{ ticket: string; nonce: string }> {
  const res = await c.call('POST', '/b/api/tickets', ANONYMOUS);
  if (res.status !== 201) throw new Error(`ticket: ${res.status} ${res.text}`);
  return { ticket: res.body.ticket, nonce: solvePow(res.body.pow.challenge, res.body.pow.bits) };
}

test.serial('the open board', async (t) => {
  t.is(codeOf(await c.call('POST', `/b/api/tickets${NUL}`, ANONYMOUS)), 'INVALID_CHARACTER');
  const posted = await c.call('POST', '/b/api/threads', { ...ANONYMOUS, body: { ...(await ticket()), title: 'Open thread', body: 'Hello from /b.' } });
  t.is(posted.status, 201);
  t.is(codeOf(await c.call('POST', '/b/api/threads', { ...ANONYMOUS, body: { title: 'x', body: 'y' } })), 'B_TICKET_REQUIRED');
  const id = posted.body.post.id as string;
  t.is((await c.call('GET', '/b/api/threads', ANONYMOUS)).status, 200);
  t.is(codeOf(await c.call('GET', '/b/api/threads?before=zzz', ANONYMOUS)), 'INVALID_CURSOR');
  t.is((await c.call('GET', `/b/api/threads/${id}`, ANONYMOUS)).status, 200);
  t.is(codeOf(await c.call('GET', `/b/api/threads/${MISSING}`, ANONYMOUS)), 'NOT_FOUND');
  const used = await ticket();
  t.is((await c.call('POST', `/b/api/threads/${id}/replies`, { ...ANONYMOUS, body: { ...used, body: 'A reply.' } })).status, 201);
  t.is(codeOf(await c.call('POST', `/b/api/threads/${id}/replies`, { ...ANONYMOUS, body: { ...used, body: 'Again.' } })), 'B_TICKET_USED');
  for (const path of ['/b', '/b/guide']) {
    t.is((await c.call('GET', path, ANONYMOUS)).status, 200, path);
    t.is(codeOf(await c.call('GET', `${path}${NUL}`, ANONYMOUS)), 'INVALID_CHARACTER', path);
  }
  t.is((await c.call('GET', `/b/t/${id}`, ANONYMOUS)).status, 200);
  t.is((await c.call('GET', `/b/t/${MISSING}`, ANONYMOUS)).status, 404);
});

test.serial('every b route answered with a success and an error, each response as described', (t) => {
  c.covers(t, 'b');
});
