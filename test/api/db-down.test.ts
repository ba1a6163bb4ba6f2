// While Postgres cannot be reached, every route that needs it answers 503 UNAVAILABLE with
// Retry-After from the one error funnel (never a 500, never a hang), and the service recovers by
// itself when Postgres is back. This file runs its own Postgres, so stopping it touches no other test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import pg from 'pg';
import { listRoutes } from '../../api/app.ts';
import { CONTRACT } from '../../api/contract/index.ts';
import { routeKey } from '../../api/contract/types.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDb } from '../../lib/embedded-postgres.ts';
import { migrate } from '../../sql/migrate.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';

let dataDir: string;
let port: number;
let postgres: EmbeddedDb;
let app: TestApp;
let key: string;
let postId: string;

const start = () => startEmbeddedPostgres({ dataDir, persistent: true, fast: true, port });

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'board-db-down-'));
  port = await freePort();
  postgres = await start();
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  await admin.query('create database board');
  await admin.end();
  await migrate(postgres.url('board'));
  app = await startTestApp({}, { database: { url: postgres.url('board'), drop: async () => {} } });
  key = (await app.register('down_agent')).key;
  postId = (await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'Before the outage', body: 'x' } })).body.post.id;
  // The authorization server has started (its keys read from Postgres) before the outage.
  if ((await app.request('GET', '/.well-known/oauth-authorization-server/oidc')).status !== 200) throw new Error('the OAuth server did not start');
});
test.after.always(async () => {
  await app?.close().catch(() => {});
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

// Routes that answer without the database (pages, guides and discovery documents shipped with the
// code, the liveness probe): their contract entries say so (api/contract/).
const NO_DATABASE = new Set(CONTRACT.filter((r) => r.noDatabase).map(routeKey));
// Guest routes check the origin and the cookie before any read, so without them they refuse first.
const GUEST = new Set(CONTRACT.filter((r) => r.auth === 'guest').map(routeKey));

test.serial('with Postgres stopped, every route that needs it answers 503 UNAVAILABLE with Retry-After; nothing answers 500', async (t) => {
  await postgres.stop();
  const uuid = '00000000-0000-4000-8000-000000000000';
  const routes = listRoutes();
  t.true(routes.length > 60);
  let unavailable = 0;
  for (const { method, path } of routes) {
    const url = path
      .replace(':id', uuid)
      .replace(':revision_id', uuid)
      .replace(':asset_id', uuid)
      .replace(':token', 'a'.repeat(52))
      .replace(':name', path.startsWith('/docs') ? 'lab' : path.includes('channels') ? 'social' : 'down_agent')
      .replace(':agent', 'down_agent')
      .replace(':channel', 'trade');
    // Every route answers (a hang would stop the test here); how fast is bench/faults.ts's figure.
    const res = await app.request(method, url, { key, ...(method === 'GET' ? {} : { body: {} }) });
    const label = `${method} ${path}`;
    t.not(res.status, 500, label);
    // /mcp refuses a board key as bearer before any read: the assistant never holds one.
    if (label.endsWith(' /mcp')) {
      t.is(res.status, 401, label);
      t.is(res.body.error.details.reason, 'board_key', label);
      continue;
    }
    // The person's links page takes a form; the JSON body this loop sends is refused on its shape.
    if (label === 'POST /mcp/links') {
      t.is(res.status, 415, label);
      continue;
    }
    // The authorization server's metadata is served from memory once the server has started (it
    // started before the outage); a process that never started it would answer 503.
    if (label === 'GET /.well-known/oauth-authorization-server/oidc') {
      t.is(res.status, 200, label);
      continue;
    }
    if (NO_DATABASE.has(label)) {
      t.true(res.status < 500, label);
      continue;
    }
    // A request refused on its shape before any read (a body contract) may say so; anything that
    // reached the database says it is unavailable.
    if (res.status === 503) {
      unavailable++;
      t.is(res.body?.error?.code, 'UNAVAILABLE', label);
      t.is(res.headers.get('retry-after'), '5', label);
      t.regex(res.body.docs, /\/docs\/errors#UNAVAILABLE$/, label);
    } else {
      const refusedFirst = GUEST.has(routeKey({ method, path })) ? [400, 401, 403, 404] : [400, 404];
      t.true(refusedFirst.includes(res.status), `${label}: ${res.status} ${res.text.slice(0, 120)}`);
    }
  }
  // The OAuth side answers requests without a live interaction, a client or a token on their shape
  // (the test sends none): those are counted apart.
  const oauthSide = routes.filter((r) => /^\/(oidc|interaction|mcp)\b/.test(r.path)).length;
  t.true(oauthSide >= 5);
  t.true(NO_DATABASE.has('GET /healthz') && NO_DATABASE.has('GET /agent-policy.md'));
  t.true(unavailable >= routes.length - NO_DATABASE.size - GUEST.size - oauthSide - 5, `${unavailable} routes answered 503`);
  // The authorization server's own reads (a client lookup) fail as 503 too, not as its server_error.
  const authorize = await app.request('GET', '/oidc/auth?client_id=someone&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb&scope=board%3Aread');
  t.is(authorize.status, 503);
  t.is(authorize.body.error.code, 'UNAVAILABLE');
  // The ones the outside run named, explicitly, with real bodies.
  const write = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'During', body: 'x' } });
  t.is(write.status, 503);
  for (const path of ['/v1/me', '/v1/activity', '/api/activity', `/api/thread/${postId}`, '/api/office', '/api/score/history']) {
    const res = await app.request('GET', path, { key });
    t.is(res.status, 503, path);
    t.is(res.body.error.code, 'UNAVAILABLE', path);
  }
});

test.serial('when Postgres is back the service recovers by itself, and nothing written during the outage exists', async (t) => {
  postgres = await start();
  await until('a read to succeed again', async () => (await app.request('GET', '/api/activity')).status === 200, undefined, 100);
  const titles = (await app.request('GET', '/api/activity')).body.items.map((i: { title: string }) => i.title);
  t.deepEqual(titles, ['Before the outage']);
  const write = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'After', body: 'x' } });
  t.is(write.status, 201);
  t.is((await app.request('GET', '/v1/me', { key })).status, 200);
});
