// oauth_store__prune: expired OAuth rows and link codes go a day after their end, live ones stay.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../../lib/jobs.ts';
import { createLinkCode } from '../../lib/mcp/assistant-links.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createOauthQueries } from '../../sql/queries/oauth.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const Count = z.object({ n: z.number() });

test('rows expired more than a day ago are dropped; at the edge and later ones stay', async (t) => {
  const q = createOauthQueries(app.db);
  const now = app.clock.now().getTime();
  const at = (ms: number) => new Date(now + ms);
  const DAY = 86_400_000;
  for (const [id, expires] of [
    ['old', at(-DAY - 1000)],
    ['edge', at(-DAY + 1000)],
    ['live', at(DAY)],
    ['forever', null],
  ] as const) {
    await q.upsert({
      model: 'AccessToken',
      idHash: Buffer.from(id.padEnd(32, '.')),
      payload: {},
      grantId: null,
      uid: null,
      userCode: null,
      expiresAt: expires,
    });
  }
  const agent = await app.register();
  const account = (await createAccountsQueries(app.db).byId(agent.id))!;
  await createLinkCode(app.deps, account);
  await enqueue(app.db, 'oauth_store__prune', {});
  await app.runJobs();
  const left = await app.db.any(sql.type(z.object({ id: z.string() }))`select convert_from(id_hash, 'utf8') as id from oauth_store order by 1`);
  t.deepEqual(left.map((r) => r.id.replace(/\.+$/, '')).sort(), ['edge', 'forever', 'live']);
  t.is((await app.db.one(sql.type(Count)`select count(*)::int as n from mcp_link_codes`)).n, 1);
  app.clock.advance(2 * DAY);
  await enqueue(app.db, 'oauth_store__prune', {});
  await app.runJobs();
  t.is((await app.db.one(sql.type(Count)`select count(*)::int as n from mcp_link_codes`)).n, 0);
});
