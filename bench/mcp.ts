// MCP benchmark: a read tool over MCP (POST /mcp tools/call read_feed, OAuth access token) in both
// protocol eras, (b) 2025-11-25 and (c) 2026-07-28, beside the same REST route (a) (GET /v1/posts,
// board key) in the same run, against one server process. All return the same 25 posts from the same
// lib function. Rounds interleave (a) (b) (c) (a) (b) (c) ...; the ratios are the means of (b) and (c)
// over the mean of (a).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashKey, newKey } from '../lib/accounts/keys.ts';
import { childEnv } from '../lib/config.ts';
import { browse, CookieJar, pkcePair, REDIRECT_URL, registerClient, tokenRequest } from '../test/helpers/mcp.ts';
import { benchDatabase, cannon, round, table, type Figures } from './lib.ts';

const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE_URL = 'http://board.test';

const database = await benchDatabase();
const seed = new pg.Client({ connectionString: database.url });
await seed.connect();
const key = newKey('agent');
const agent = await seed.query<{ id: string }>(`insert into accounts (name, key_hash, created_at) values ('bench_mcp', $1, now()) returning id`, [
  hashKey(key),
]);
await seed.query(
  `insert into posts (author_id, topic, title, body, created_at)
   select $1, 'general', 'Seed post ' || g, repeat('Measured numbers with source and time. ', 8), now() - (1000 - g) * interval '1 second'
   from generate_series(1, 1000) g`,
  [agent.rows[0]!.id],
);
// Rows are read once the sequencer's pass numbers them (migration 000050).
await seed.query('select from posts__position()');
await seed.end();

// BENCH_CPU_PROF=<dir> writes a CPU profile of the server process there.
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const child = spawn(process.execPath, [...profile, fileURLToPath(new URL('./board-server.ts', import.meta.url))], {
  env: childEnv({
    DATABASE_URL: database.url,
    BASE_URL,
    LOG_LEVEL: 'silent',
    EDGE_RATE_LIMIT_PER_MINUTE: '0',
    DB_POOL_SIZE: '10',
    MCP_ACCESS_TOKEN_TTL_SECONDS: '3600',
  }),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number }>((resolve) => createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line))));
const app = `http://127.0.0.1:${ports.app}`;

// The assistant's side, once: registration, consent with the board key, PKCE, token.
const client = await registerClient(app, 'Bench assistant');
const pkce = pkcePair();
const authorize = new URL(`${app}/oidc/auth`);
for (const [k, v] of Object.entries({
  response_type: 'code',
  client_id: client.body.client_id,
  redirect_uri: REDIRECT_URL,
  scope: 'board:read',
  state: 'b',
  code_challenge: pkce.challenge,
  code_challenge_method: 'S256',
  resource: `${BASE_URL}/mcp`,
})) {
  authorize.searchParams.set(k, v);
}
const jar = new CookieJar();
// The server names itself by BASE_URL in its redirects; the browser here reaches it on loopback.
const local = (url: string) => url.replace(BASE_URL, app);
const first = await browse(jar, authorize.toString());
let step = await browse(jar, local(first.location!), { method: 'POST', form: { credential: key, action: 'link' } });
while (step.location && !step.location.startsWith(REDIRECT_URL)) step = await browse(jar, local(step.location));
const code = new URL(step.location!).searchParams.get('code')!;
const token = await tokenRequest(app, {
  grant_type: 'authorization_code',
  code,
  code_verifier: pkce.verifier,
  redirect_uri: REDIRECT_URL,
  client_id: client.body.client_id,
  resource: `${BASE_URL}/mcp`,
});
const accessToken: string = token.body.access_token;

// Both sides answer the same 25 posts; check once before measuring.
const rest = (await (
  await fetch(`${app}/v1/posts?limit=25`, { headers: { Authorization: `Bearer ${key}`, 'X-Agent-Protocol': 'svc/1', Accept: 'application/json' } })
).json()) as { posts: unknown[] };
const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_feed', arguments: { limit: 25 } } });
const mcpHeaders = {
  Authorization: `Bearer ${accessToken}`,
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};
const MODERN = '2026-07-28';
const modernBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'read_feed',
    arguments: { limit: 25 },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
    },
  },
});
const modernHeaders = { ...mcpHeaders, 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'read_feed' };
for (const [headers, body] of [
  [mcpHeaders, mcpBody],
  [modernHeaders, modernBody],
] as const) {
  const probe = (await (await fetch(`${app}/mcp`, { method: 'POST', headers, body })).json()) as { result: { content: Array<{ text: string }> } };
  const viaTool = JSON.parse(probe.result.content[0]!.text) as { posts: unknown[] };
  if (JSON.stringify(viaTool.posts) !== JSON.stringify(rest.posts) || rest.posts.length !== 25)
    throw new Error(`the tool and the route disagree (${headers['MCP-Protocol-Version']})`);
}

const restRun = () =>
  cannon('(a) REST GET /v1/posts?limit=25 (board key)', {
    url: `${app}/v1/posts?limit=25`,
    duration: SECONDS,
    headers: { Authorization: `Bearer ${key}`, 'X-Agent-Protocol': 'svc/1', Accept: 'application/json' },
  });
const mcpRun = () =>
  cannon('(b) MCP 2025-11-25 tools/call read_feed limit 25 (OAuth token)', {
    url: `${app}/mcp`,
    method: 'POST',
    duration: SECONDS,
    headers: mcpHeaders,
    body: mcpBody,
  });
const modernRun = () =>
  cannon('(c) MCP 2026-07-28 tools/call read_feed limit 25 (OAuth token)', {
    url: `${app}/mcp`,
    method: 'POST',
    duration: SECONDS,
    headers: modernHeaders,
    body: modernBody,
  });

const rows: Figures[] = [];
for (let r = 0; r < ROUNDS; r++) {
  rows.push(await restRun());
  rows.push(await mcpRun());
  rows.push(await modernRun());
}
const mean = (prefix: string) => {
  const of = rows.filter((x) => x.name.startsWith(prefix));
  return { rps: of.reduce((s, x) => s + x.rps, 0) / of.length, p50: of.reduce((s, x) => s + x.p50, 0) / of.length };
};
const a = mean('(a)');
const b = mean('(b)');
const c = mean('(c)');
console.log(`\nMCP benchmark, ${ROUNDS} interleaved rounds of ${SECONDS} s, 64 connections (autocannon), ${new Date().toISOString()}\n`);
console.log(table(rows));
console.log(`\nmean req/s: REST ${Math.round(a.rps)}, MCP 2025 ${Math.round(b.rps)}, MCP 2026 ${Math.round(c.rps)}`);
console.log(
  `MCP/REST throughput: 2025-11-25 ${round(b.rps / a.rps)}, 2026-07-28 ${round(c.rps / a.rps)}; p50 MCP/REST: ${round(b.p50 / a.p50)}, ${round(c.p50 / a.p50)}`,
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await database.stop();
