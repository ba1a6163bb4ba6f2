// The authorisation matrix, generated from the route contract registry (api/contract/): every route
// against every kind of caller gets exactly the refusal SPEC.md's Authentication section gives, or
// passes the gate (a refusal after it, such as 400 for the empty body or 404 for the made-up id, is
// not an auth answer). A route without a contract entry fails test/api/discovery.test.ts; a route
// whose `auth` class has no rule here fails below, so a new class (guest cookies, MCP tokens) must
// be given its row before it can land.
import { createHash } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { CONTRACT, type RouteContract } from '../../api/contract/index.ts';
import { routeKey } from '../../api/contract/types.ts';
import { sql } from 'slonik';
import { CountRow } from '../../sql/rows.ts';
import { issueServiceCredential, revokeServiceCredential, setResidencyByName, setRole, setSuspended } from '../../lib/accounts/admin.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { fetcher, fetcherKey, mirror, release, xItem } from '../helpers/mirror.ts';
import { owner, resident } from '../helpers/show.ts';

const CALLERS = [
  'none',
  'garbage',
  'revoked',
  'agent',
  'suspended',
  'resident',
  'stopped_resident',
  'operator',
  'owner',
  'reporter',
  'revoked_reporter',
  'fetcher',
  'browser',
  'b_ticket',
  'guest',
  'guest_no_csrf',
  'guest_wrong_csrf',
  'mcp_read',
] as const;
type Caller = (typeof CALLERS)[number];
/** `code: null`: the answer is a page for people, not the JSON envelope; only the status is held. */
type Refusal = { status: number; code: string | null };
type Expected = Refusal | 'passes';

const AUTH_REQUIRED = { status: 401, code: 'AUTH_REQUIRED' };
const AUTH_INVALID = { status: 401, code: 'AUTH_INVALID' };
const ROLE = { status: 403, code: 'FORBIDDEN_ROLE' };
const RESIDENTS_ONLY = { status: 403, code: 'OUTREACH_RESIDENTS_ONLY' };
const BROWSER = { status: 403, code: 'BROWSER_REQUEST_REFUSED' };
const SUSPENDED = { status: 403, code: 'ACCOUNT_SUSPENDED' };
const STOPPED = { status: 409, code: 'RESIDENCY_STOPPED' };
const GUEST_SESSION = { status: 401, code: 'PUB_GUEST_SESSION_REQUIRED' };
const GUEST_CSRF = { status: 403, code: 'PUB_GUEST_CSRF' };
const GUEST_ORIGIN = { status: 403, code: 'PUB_GUEST_ORIGIN' };
const MCP_TOKEN = { status: 401, code: 'MCP_TOKEN_INVALID' };
const MCP_SCOPE = { status: 403, code: 'MCP_INSUFFICIENT_SCOPE' };
const MCP_ORIGIN = { status: 403, code: 'MCP_ORIGIN_REFUSED' };

/** Every code an auth gate answers with: a "passes" case must get none of them. */
const GATE_CODES = new Set(
  [
    AUTH_REQUIRED,
    AUTH_INVALID,
    ROLE,
    RESIDENTS_ONLY,
    BROWSER,
    SUSPENDED,
    STOPPED,
    GUEST_SESSION,
    GUEST_CSRF,
    GUEST_ORIGIN,
    MCP_TOKEN,
    MCP_SCOPE,
    MCP_ORIGIN,
  ].map((r) => r.code as string),
);

/** Board accounts (a live board key); every other caller holds something that is not one. */
const BOARD: ReadonlySet<Caller> = new Set(['agent', 'suspended', 'resident', 'stopped_resident', 'operator', 'owner', 'browser']);
const isWrite = (route: RouteContract) => route.method !== 'GET';
/** SPEC.md Authentication 4: message routes (every /v1 route, POST /votes, POST /pins). */
const messageRoute = (route: RouteContract) => route.path.startsWith('/v1') || route.message === true;

/**
 * The account gates a board key meets before a role check (api/middleware/auth.ts): revoked 401,
 * suspended 403 on writes, stopped residency 409 on writes the route does not keep open.
 */
function accountGate(route: RouteContract, caller: Caller): Refusal | null {
  if (caller === 'none') return AUTH_REQUIRED;
  if (!BOARD.has(caller)) return AUTH_INVALID;
  if (isWrite(route) && caller === 'suspended' && !route.whileSuspended) return SUSPENDED;
  if (isWrite(route) && caller === 'stopped_resident' && !route.whileStopped) return STOPPED;
  return null;
}

/** What SPEC.md gives each caller, per auth class. A class missing here fails the matrix. */
const RULES: Record<string, (route: RouteContract, caller: Caller) => Expected> = {
  // No credential is read: a key, a cookie, a ticket or a token neither opens nor closes anything.
  public: () => 'passes',
  agent: (route, caller) => accountGate(route, caller) ?? 'passes',
  // SPEC.md Authentication 10: outreach is for listed residents with an active residency.
  resident: (route, caller) => accountGate(route, caller) ?? (caller === 'resident' ? 'passes' : RESIDENTS_ONLY),
  owner: (route, caller) => accountGate(route, caller) ?? (caller === 'owner' ? 'passes' : ROLE),
  operator: (route, caller) => accountGate(route, caller) ?? (caller === 'operator' || caller === 'owner' ? 'passes' : ROLE),
  owner_or_operator: (route, caller) => accountGate(route, caller) ?? (caller === 'operator' || caller === 'owner' ? 'passes' : ROLE),
  // SPEC.md: the reporter's and the fetcher's routes take their own credential; no agent key opens them.
  reporter: (_route, caller) => serviceGate('reporter', caller),
  fetcher: (_route, caller) => serviceGate('fetcher', caller),
  // SPEC.md Publication layer, guest routes: the session cookie, the matching CSRF header and an
  // origin check; a board key does not replace them. Every caller but `browser` sends the site's Origin.
  guest: (_route, caller) => {
    if (caller === 'browser') return GUEST_ORIGIN;
    if (caller === 'guest') return 'passes';
    if (caller === 'guest_no_csrf' || caller === 'guest_wrong_csrf') return GUEST_CSRF;
    return GUEST_SESSION;
  },
  // The route that opens a guest session: no credential, only the guest routes' origin check.
  guest_origin: (_route, caller) => (caller === 'browser' ? GUEST_ORIGIN : 'passes'),
  // SPEC.md Authentication 7: the assistant holds only OAuth tokens, never a board credential; the
  // matrix's MCP call needs `board:write`, which the `mcp_read` token lacks. A page of another origin
  // is refused before any token is read (DNS rebinding, the MCP transports spec).
  oauth: (route, caller) => (caller === 'browser' ? MCP_ORIGIN : caller === 'mcp_read' ? (route.method === 'POST' ? MCP_SCOPE : 'passes') : MCP_TOKEN),
  // A private preview link: the token in the path is the capability, no credential opens or closes
  // it. The matrix's made-up token is refused alike for every caller (an HTML page: status only).
  preview_token: () => ({ status: 404, code: null }),
};

function serviceGate(kind: 'reporter' | 'fetcher', caller: Caller): Expected {
  if (caller === kind) return 'passes';
  if (caller === 'none') return AUTH_REQUIRED;
  // A live credential of another kind (a board key, the other service's key) is a role refusal.
  if (BOARD.has(caller) || caller === 'reporter' || caller === 'fetcher') return ROLE;
  return AUTH_INVALID;
}

function expected(route: RouteContract, caller: Caller): Expected {
  // The browser guard runs before any credential is read (SPEC.md Authentication 4).
  if (messageRoute(route)) {
    if (caller === 'browser') return BROWSER;
    // A guest's cookie is itself browser-shaped: no /v1 route reads it.
    if (caller.startsWith('guest')) return BROWSER;
  }
  return RULES[route.auth]!(route, caller);
}

let app: TestApp;
const siteOrigin = () => new URL(app.config.siteUrl).origin;
let guestCookie = '';
let guestCsrf = '';
/** The JSON-RPC message the matrix sends to MCP routes: a tool that needs `board:write`. */
let mcpWriteCall: unknown = null;

/** A live credential for every caller; the revoke route gets its own set, as it ends the key it is sent. */
async function makeKeys(): Promise<Map<Caller, string>> {
  const keys = new Map<Caller, string>();
  keys.set('garbage', 'svc_ak_not-a-key-anyone-holds');
  const revoked = await app.register();
  const r = await app.request('POST', '/v1/me/revoke', { key: revoked.key });
  if (r.status !== 200) throw new Error(`revoke: ${r.status} ${r.text}`);
  keys.set('revoked', revoked.key);
  keys.set('agent', (await app.register()).key);
  keys.set('browser', (await app.register()).key);
  const suspended = await app.register();
  await setSuspended(app.deps, suspended.name, true, 'matrix');
  keys.set('suspended', suspended.key);
  keys.set('resident', (await resident(app)).key);
  const stopped = await resident(app);
  await setResidencyByName(app.deps, stopped.name, 'stopped', 'matrix');
  keys.set('stopped_resident', stopped.key);
  const operator = await app.register();
  await setRole(app.deps, operator.name, 'operator', true);
  keys.set('operator', operator.key);
  keys.set('owner', (await owner(app)).key);
  keys.set('fetcher', await fetcherKey(app));
  keys.set('reporter', (await issueServiceCredential(app.deps, 'reporter', 'matrix')).key);
  const gone = await issueServiceCredential(app.deps, 'reporter', 'matrix revoked');
  await revokeServiceCredential(app.deps, gone.id);
  keys.set('revoked_reporter', gone.key);
  // An anonymous /b ticket presented as a bearer (SPEC.md Authentication 8: it grants nothing).
  const ticket = await app.request('POST', '/b/api/tickets');
  if (ticket.status !== 201 || typeof ticket.body?.ticket !== 'string') throw new Error(`ticket: ${ticket.status} ${ticket.text}`);
  keys.set('b_ticket', ticket.body.ticket);
  keys.set('mcp_read', await mcpToken(keys.get('agent')!));
  return keys;
}

let keys: Map<Caller, string>;
test.before(async () => {
  // BASE_URL = the server's own address, so an MCP client follows the OAuth metadata to this server
  // (test/helpers/app.ts's `selfBaseUrl` arrives with the MCP routes; until then it is ignored).
  const selfBaseUrl: Record<string, unknown> = { selfBaseUrl: true };
  app = await startTestApp({}, selfBaseUrl as Parameters<typeof startTestApp>[1]);
  await guestSession();
  keys = await makeKeys();
});
test.after.always(async () => {
  await app?.close();
});

/** A real guest session once the publication site serves one; a made-up cookie until then. */
async function guestSession() {
  if (!CONTRACT.some((r) => r.method === 'GET' && r.path === '/api/pub/human-session')) {
    guestCookie = 'pub_guest=made-up-session';
    guestCsrf = 'made-up-csrf';
    return;
  }
  const res = await fetch(`${app.url}/api/pub/human-session`, { headers: { Origin: siteOrigin(), Accept: 'application/json' } });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pub_guest='));
  const body = (await res.json()) as { csrf?: string };
  if (!cookie || !body.csrf) throw new Error(`guest session: ${res.status}`);
  guestCookie = cookie.split(';')[0]!;
  guestCsrf = body.csrf;
}

/**
 * An MCP access token granted `board:read` only, once routes of class `oauth` exist (the OAuth flow of
 * test/helpers/mcp.ts, as an assistant runs it); until then a token-shaped string no server issued.
 */
async function mcpToken(credential: string): Promise<string> {
  if (!CONTRACT.some((r) => (r.auth as string) === 'oauth')) return 'eyJhbGciOiJFUzI1NiJ9.e30.not-issued-here';
  const helper = '../helpers/mcp.ts';
  const tools = '../../api/mcp/tools/index.ts';
  const { linkedClient } = (await import(helper)) as { linkedClient: (url: string, o: { credential: string; write: boolean }) => Promise<any> };
  const linked = await linkedClient(app.url, { credential, write: false });
  await linked.client.close();
  const { TOOLS_BY_NAME } = (await import(tools)) as { TOOLS_BY_NAME: Map<string, { name: string; scope: string }> };
  const writeTool = [...TOOLS_BY_NAME.values()].find((t) => t.scope === 'board:write')!;
  mcpWriteCall = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: writeTool.name, arguments: {} } };
  return linked.provider.savedTokens.access_token as string;
}

/**
 * What the matrix sends where the empty default would be refused before the gate or would hold: a
 * valid body past validation, the shortest wait.
 */
const SAMPLES: Record<string, { query?: string; body?: unknown }> = {
  'POST /v1/agents/:name/residency': { body: { state: 'active' } },
  'GET /v1/continuity/wait': { query: '?timeout_seconds=1' },
  'POST /v1/pub/moderation': { body: { target_kind: 'post', target_id: '00000000-0000-4000-8000-000000000000', action: 'hide' } },
};

/** A concrete path for a router path: made-up ids and names (a gate answers before any lookup). */
function concrete(path: string): string {
  return path
    .replace(/\{\/\*[A-Za-z0-9_]+\}/g, '/x')
    .replace(/[:*]([A-Za-z0-9_]+)/g, (_, name: string) =>
      /(^|_)id$/.test(name) ? '00000000-0000-4000-8000-000000000000' : name === 'channel' ? 'trade' : 'nobody',
    );
}

function headersFor(route: RouteContract, caller: Caller): Record<string, string> {
  const h: Record<string, string> = {};
  if (caller === 'browser') Object.assign(h, { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'cross-site' });
  else if ((route.auth as string) === 'guest') h.Origin = siteOrigin();
  if (caller.startsWith('guest')) {
    h.Cookie = guestCookie;
    h.Origin = siteOrigin();
    h['Sec-Fetch-Site'] = 'same-origin';
    if (caller === 'guest') h['X-CSRF-Token'] = guestCsrf;
    if (caller === 'guest_wrong_csrf') h['X-CSRF-Token'] = `${guestCsrf.slice(0, -2)}xx`;
  }
  if ((route.auth as string) === 'oauth') h.Accept = 'application/json, text/event-stream';
  return h;
}

function bodyFor(route: RouteContract): unknown {
  if (route.method === 'GET') return undefined;
  const sample = SAMPLES[routeKey(route)];
  if (sample && 'body' in sample) return sample.body;
  if ((route.auth as string) === 'oauth') return mcpWriteCall;
  return {};
}

/** Which caller a case is, what it sent, what it got: one line per failure. */
function describeCase(caller: Caller, res: { status: number; text: string }) {
  return `${caller} -> ${res.status} ${res.text.slice(0, 200)}`;
}

test('every auth class in the contract has a rule in the matrix', (t) => {
  const unknown = [...new Set(CONTRACT.map((r) => r.auth as string))].filter((a) => !(a in RULES));
  t.deepEqual(unknown, [], `auth classes without a matrix rule: ${unknown.join(', ')}; add one (what SPEC.md gives every caller)`);
});

let cases = 0;
// The revoke route ends every key it is sent: it runs after all other routes, on a fresh set of
// callers (a fresh owner too, as there is one owner).
const endsKey = (route: RouteContract) => route.method === 'POST' && route.path === '/v1/me/revoke';
let othersLeft = CONTRACT.filter((r) => !endsKey(r)).length;
let othersDone: () => void = () => {};
const allOthersDone = new Promise<void>((resolve) => (othersDone = resolve));
for (const route of CONTRACT) {
  test(`authz ${route.method} ${route.path} (${route.auth})`, async (t) => {
    try {
      await matrixRow(t, route);
    } finally {
      if (!endsKey(route) && --othersLeft === 0) othersDone();
    }
  });
}

async function matrixRow(t: ExecutionContext, route: RouteContract) {
  if (!(route.auth in RULES)) return t.fail(`no matrix rule for auth class ${route.auth}`);
  const path = concrete(route.path) + (SAMPLES[routeKey(route)]?.query ?? '');
  let callerKeys = keys;
  if (endsKey(route)) {
    await allOthersDone;
    callerKeys = await makeKeys();
  }
  for (const caller of CALLERS) {
    const want = expected(route, caller);
    const body = bodyFor(route);
    const res = await app.request(route.method, path, {
      key: callerKeys.get(caller),
      headers: headersFor(route, caller),
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    cases++;
    const where = describeCase(caller, res);
    if (want === 'passes') {
      // A public route may answer 401 for reasons of its own (an OAuth endpoint's invalid_client);
      // no gated route may, and no route answers with a gate's code.
      t.false(GATE_CODES.has(res.body?.error?.code), where);
      if (route.auth !== 'public') t.not(res.status, 401, where);
      t.not(res.status, 500, where);
    } else {
      t.is(res.status, want.status, where);
      if (want.code !== null) t.is(res.body?.error?.code, want.code, where);
    }
  }
}

// Another agent's resource: every write an account makes is checked against someone else's thing.
// A write route of a per-account class must be listed in OWNED (with its case) or in UNOWNED (with
// why there is nothing of another's to reach), so a new route (a withdrawal, an edit) needs a case.
type OwnedCase = (t: ExecutionContext) => Promise<void>;

const json = (method: string, path: string, key: string, body?: unknown) => app.request(method, path, { key, ...(body === undefined ? {} : { body }) });
async function newRoot(key: string, title = 'Owned thread'): Promise<string> {
  const res = await json('POST', '/v1/posts', key, { topic: 'general', title, body: 'owned by its author' });
  if (res.status !== 201) throw new Error(`post: ${res.status} ${res.text}`);
  return res.body.post.id as string;
}
function refused(t: ExecutionContext, res: { status: number; body: any; text: string }, status: number, code: string, what: string) {
  cases++;
  t.is(res.status, status, `${what}: ${res.text.slice(0, 200)}`);
  t.is(res.body?.error?.code, code, what);
}

const OWNED: Record<string, OwnedCase> = {
  'DELETE /v1/posts/:id': async (t) => {
    const author = await app.register();
    const other = await app.register();
    const root = await newRoot(author.key);
    const reply = await json('POST', `/v1/posts/${root}/replies`, author.key, { body: 'the author answers' });
    refused(t, await json('DELETE', `/v1/posts/${root}`, other.key), 404, 'NOT_FOUND', "deleting another's root");
    refused(t, await json('DELETE', `/v1/posts/${reply.body.reply.id}`, other.key), 404, 'NOT_FOUND', "deleting another's reply");
    const thread = await app.request('GET', `/api/thread/${root}`);
    t.is(thread.status, 200, 'the root stands');
    t.is(thread.body.replies.length, 1, 'the reply stands');
  },
  'POST /v1/posts/:id/edit': async (t) => {
    const agent = await app.register();
    const rules = await json('GET', '/v1/rules', agent.key);
    const before = rules.body.rules.body;
    refused(
      t,
      await json('POST', `/v1/posts/${rules.body.rules.id}/edit`, agent.key, { body: 'rules by someone else' }),
      404,
      'NOT_FOUND',
      "editing the owner's rules",
    );
    const other = await app.register();
    refused(t, await json('POST', `/v1/posts/${await newRoot(other.key)}/edit`, agent.key, { body: 'x' }), 404, 'NOT_FOUND', "editing another's root");
    t.is((await json('GET', '/v1/rules', agent.key)).body.rules.body, before, 'the rules are unchanged');
  },
  'POST /v1/inbox/ack': async (t) => {
    const victim = await app.register();
    const other = await app.register();
    const root = await newRoot(victim.key);
    await json('POST', `/v1/posts/${root}/replies`, other.key, { body: 'a reply for the victim' });
    const box = await json('GET', '/v1/inbox', victim.key);
    const cursor = box.body.ack?.body?.cursor as string;
    t.truthy(cursor, 'the victim has an item to ack');
    refused(t, await json('POST', '/v1/inbox/ack', other.key, { cursor }), 400, 'INVALID_CURSOR', "acking another's inbox item");
    const after = await json('GET', '/v1/inbox', victim.key);
    t.is(after.body.checkpoint, box.body.checkpoint, "the victim's checkpoint did not move");
    t.is(after.body.unread, box.body.unread);
  },
  'POST /v1/x/:id/link': async (t) => {
    const f = await fetcher(app);
    try {
      const [mirrored] = await mirror(app, f, [xItem()]);
      const author = await app.register();
      const other = await app.register();
      const root = await newRoot(author.key);
      const res = await json('POST', `/v1/x/${mirrored}/link`, other.key, { post_id: root, wants_public_response: true, note: 'not mine' });
      refused(t, res, 422, 'MIRROR_LINK_REFUSED', "linking another's thread");
      t.is(res.body.error.details.reason, 'not_yours');
      const wanted = await json('GET', '/v1/x/wanted', other.key);
      t.is(wanted.status, 200);
      t.false(JSON.stringify(wanted.body).includes(mirrored!), 'no mark was stored');
      t.is(await app.db.oneFirst(sql.type(CountRow)`select count(*)::int as count from mirror_links where thread_id = ${root}`), 0, 'no link was stored');
    } finally {
      await release(app, f);
    }
  },
};

// Helpers of surfaces that land from other branches, loaded only when their routes exist (the
// specifier is a variable so this file compiles before they do).
type PubHelpers = {
  submit: (app: TestApp, key: string) => Promise<{ item_id: string; revision_id: string }>;
  article: (o?: Record<string, unknown>) => Record<string, unknown>;
};
const pubHelpers = async () => {
  const path = '../helpers/pub.ts';
  return (await import(path)) as PubHelpers;
};

async function uploadOf(key: string, bytes: Buffer) {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const res = await json('POST', '/v1/pub/uploads', key, { expected_hash: sha, expected_bytes: bytes.length, metadata: { kind: 'post' } });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
  return res.body.upload_id as string;
}

Object.assign(OWNED, {
  'POST /v1/pub/posts/:id/withdraw': async (t) => {
    const { submit } = await pubHelpers();
    const [author, other] = [await app.register(), await app.register()];
    const work = await submit(app, author.key);
    refused(t, await json('POST', `/v1/pub/posts/${work.item_id}/withdraw`, other.key, {}), 403, 'PUB_NOT_AUTHOR', "withdrawing another's work");
    t.is((await json('GET', `/v1/pub/posts/${work.item_id}`, author.key)).status, 200, 'the work stands');
  },
  'POST /v1/pub/posts/:id/revisions': async (t) => {
    const { submit, article } = await pubHelpers();
    const [author, other] = [await app.register(), await app.register()];
    const work = await submit(app, author.key);
    refused(t, await json('POST', `/v1/pub/posts/${work.item_id}/revisions`, other.key, article()), 403, 'PUB_NOT_AUTHOR', "revising another's work");
    const own = await json('POST', `/v1/pub/posts/${work.item_id}/revisions`, author.key, article());
    t.is(own.body.revision_number, 2, 'no revision was added by the other agent');
  },
  'POST /v1/pub/revisions/:id/preview-session': async (t) => {
    const { submit } = await pubHelpers();
    const [author, other] = [await app.register(), await app.register()];
    const work = await submit(app, author.key);
    refused(
      t,
      await json('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, other.key, {}),
      403,
      'PUB_NOT_AUTHOR',
      "previewing another's revision",
    );
  },
  'POST /v1/pub/revisions/:id/appeals': async (t) => {
    const { submit } = await pubHelpers();
    const [author, other] = [await app.register(), await app.register()];
    const work = await submit(app, author.key);
    refused(
      t,
      await json('POST', `/v1/pub/revisions/${work.revision_id}/appeals`, other.key, { reason: 'please look again at this one' }),
      403,
      'PUB_NOT_AUTHOR',
      "appealing another's revision",
    );
  },
  'POST /v1/pub/uploads/:id/parts': async (t) => {
    const [author, other] = [await app.register(), await app.register()];
    const bytes = Buffer.from('{"schema_version":1}');
    const id = await uploadOf(author.key, bytes);
    refused(
      t,
      await json('POST', `/v1/pub/uploads/${id}/parts`, other.key, { part_number: 1, data: bytes.toString('base64') }),
      404,
      'NOT_FOUND',
      "a part into another's upload",
    );
    const own = await json('POST', `/v1/pub/uploads/${id}/parts`, author.key, { part_number: 1, data: bytes.toString('base64') });
    t.is(own.body.received_bytes, bytes.length, 'nothing of the other agent was received');
  },
  'POST /v1/pub/uploads/:id/commit': async (t) => {
    const [author, other] = [await app.register(), await app.register()];
    const id = await uploadOf(author.key, Buffer.from('{}'));
    refused(t, await json('POST', `/v1/pub/uploads/${id}/commit`, other.key), 404, 'NOT_FOUND', "committing another's upload");
  },
  'POST /v1/mcp/links/:id/revoke': async (t) => {
    const path = '../helpers/mcp.ts';
    const { linkedClient } = (await import(path)) as {
      linkedClient: (url: string, o: { credential: string; write: boolean }) => Promise<{ client: { close(): Promise<void> } }>;
    };
    const [person, other] = [await app.register(), await app.register()];
    await (await linkedClient(app.url, { credential: person.key, write: false })).client.close();
    const links = (await json('GET', '/v1/mcp/links', person.key)).body.links as Array<{ id: string }>;
    t.is(links.length, 1);
    refused(t, await json('POST', `/v1/mcp/links/${links[0]!.id}/revoke`, other.key, {}), 404, 'NOT_FOUND', "unlinking another's assistant");
    t.is((await json('GET', '/v1/mcp/links', person.key)).body.links.length, 1, 'the link stands');
  },
} satisfies Record<string, OwnedCase>);

const UNOWNED: Record<string, string> = {
  'POST /v1/posts': 'creates the caller’s own root',
  'POST /v1/posts/:id/replies': 'anyone may reply to a live thread',
  'POST /v1/me/revoke': 'ends only the key it is sent with',
  'POST /votes': 'votes on others’ posts are the point; the vote is the caller’s own',
  'POST /pins': 'the caller’s one community pin',
  'POST /v1/continuity/checkpoint': 'the caller’s own state, no target',
  'POST /v1/outreach/contacts': 'contacts are shared by the fleet (one first contact per address, ever)',
  'POST /v1/outreach/email': 'follow_up_of another’s email: OUTREACH_FOLLOW_UP_OF_INVALID in test/api/outreach-rules.test.ts',
  'POST /v1/outreach/post': 'posts to an owner-created channel as the caller',
  'POST /v1/pub/posts': 'submits the caller’s own work',
  'POST /v1/pub/posts/:id/comments': 'anyone may comment on a work',
  'POST /v1/pub/votes': 'votes on others’ revisions are the point (self-votes are refused: test/api/pub*.test.ts)',
  'POST /v1/pub/uploads': 'starts the caller’s own upload',
  'POST /v1/mcp/link-codes': 'a link code for the caller’s own account',
};

test('every per-account write route has an "another agent’s resource" case or a reason it has none', (t) => {
  const writes = CONTRACT.filter((r) => r.method !== 'GET' && (r.auth === 'agent' || r.auth === 'resident')).map(routeKey);
  t.deepEqual(
    writes.filter((k) => !(k in OWNED) && !(k in UNOWNED)),
    [],
  );
});

// Cases run for the routes that exist (the publication and MCP ones arrive from their branches).
const existing = new Set(CONTRACT.map(routeKey));
for (const [key, run] of Object.entries(OWNED)) if (existing.has(key)) test(`another agent's resource: ${key}`, run);

test.after('matrix size', (t) => {
  t.log(`authorisation matrix: ${CONTRACT.length} routes x ${CALLERS.length} callers + owned-resource checks = ${cases} cases`);
});
