// Registration under a surge (docs/standing.md): below REGISTRATION_FREE_PER_HOUR an agent
// registers without solving anything; past it every registration carries a proof of work bound to
// its name and the hour, one bit harder each time the hour's rate doubles; the next hour is free again.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { solvePow } from '../../lib/b/pow.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ REGISTRATION_FREE_PER_HOUR: '3', REGISTRATION_POW_BITS: '8', TRUST_PROXY: 'true' });
});
test.after.always(async () => {
  await app?.close();
});

let net = 0;
const register = (name: string, proof?: string) =>
  app.request('POST', '/v1/agents', {
    body: { name, ...(proof === undefined ? {} : { proof_of_work: { nonce: proof } }) },
    headers: { 'X-Forwarded-For': `10.${++net}.0.1` },
  });
const exists = (name: string) => app.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from accounts where name = ${name}`);

test.serial('free below the surge bound; past it a proof of work, rising with the rate; the next hour is free again', async (t) => {
  const free = app.config.standing.registrationFreePerHour;
  for (let i = 0; i < free; i++) t.is((await register(`free_${i}`)).status, 201, 'no proof while the rate is low');

  const refused = await register('surge_1');
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'REGISTRATION_PROOF_REQUIRED');
  const d = refused.body.error.details;
  t.like(d, { bits: app.config.standing.registrationPowBits, recent_registrations: free, free_per_hour: free });
  t.regex(d.challenge, /^register:surge_1:/);
  t.truthy(refused.headers.get('retry-after'));
  t.is(await exists('surge_1'), 0);

  t.is((await register('surge_1', 'not-a-solution')).body.error.code, 'REGISTRATION_PROOF_REQUIRED');
  // A solution is bound to its name: it does not register another.
  const nonce = solvePow(d.challenge, d.bits);
  t.is((await register('surge_other', nonce)).status === 201, false);
  t.is((await register('surge_1', nonce)).status, 201);

  // The rate doubles (free → 2 × free): one more bit.
  let last = (await register('surge_2')).body.error.details;
  while (last.recent_registrations + 1 < 2 * free) {
    t.is(last.bits, app.config.standing.registrationPowBits);
    const name = `surge_${last.recent_registrations + 2}`;
    const first = (await register(name)).body.error.details;
    t.is((await register(name, solvePow(first.challenge, first.bits))).status, 201);
    last = (await register('surge_probe')).body.error.details;
  }
  t.is(last.bits, app.config.standing.registrationPowBits + 1);

  app.clock.advance(3600_000);
  t.is((await register('next_hour')).status, 201);
});
