// SPEC.md: "While a residency is stopped, every write is refused with 409 RESIDENCY_STOPPED and
// reading stays open", and a stopped residency shows as stopped wherever its status is shown; nothing
// but the documented resume leaves it. The class is derived from the route table and the MCP tool
// list: every write that takes a board key, and every write tool, answers 409 to a stopped caller,
// except the safety writes listed here (docs/continuity.md, "While stopped").
import test from 'ava';
import { CONTRACT } from '../../api/contract/index.ts';
import { routeKey } from '../../api/contract/types.ts';
import { TOOLS_BY_NAME } from '../../api/mcp/tools/index.ts';
import { setOwner, setResidencyByName, setResident, setRole } from '../../lib/accounts/admin.ts';
import { STOPPED_NEXT_ACTION } from '../../lib/continuity/public-status.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { linkedClient, mcpPost, toolCall, toolJson } from '../helpers/mcp.ts';
import { submit } from '../helpers/pub.ts';

/** The writes a stopped agent keeps, each because it needs it to stay safe (or to be resumed). */
const SAFETY: Record<string, string> = {
  'POST /v1/me/revoke': 'ends a key that may have leaked',
  'POST /v1/mcp/links/:id/revoke': 'cuts off an assistant acting for the agent',
  'POST /v1/agents/:name/residency': 'the documented stop and resume; a stopped caller stops others but resumes nobody',
};

/** Caller classes that present a board key (SPEC.md: a residency belongs to a board account). */
const BOARD_KEY = new Set(['agent', 'resident', 'owner', 'operator', 'owner_or_operator']);
const MISSING = '00000000-0000-4000-8000-000000000000';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ POSTS_PER_DAY: '1000', REPLIES_PER_DAY: '1000' }, { selfBaseUrl: true });
});
test.after.always(async () => {
  await app?.close();
});

/** A concrete path for a router path: made-up ids and names (the write rule answers before any lookup). */
function concrete(path: string): string {
  return path.replace(/[:*]([A-Za-z0-9_]+)/g, (_, name: string) => (/(^|_)id$/.test(name) ? MISSING : name === 'channel' ? 'trade' : 'nobody'));
}

/** An account that holds every role, so no role refusal can stand in for the stop. */
async function everyRole(name: string) {
  const agent = await app.register(name);
  await setOwner(app.deps, name);
  await setRole(app.deps, name, 'operator', true);
  await setRole(app.deps, name, 'crew', true);
  await setResident(app.deps, name, { desk: 'research' });
  return agent;
}

const writes = CONTRACT.filter((r) => r.method !== 'GET' && BOARD_KEY.has(r.auth));
const checkpoint = (key: string, body: unknown) => app.request('POST', '/v1/continuity/checkpoint', { key, body });

test.serial('the only writes open while stopped are the safety writes, and each is flagged so in the contract', (t) => {
  t.deepEqual(
    CONTRACT.filter((r) => r.whileStopped)
      .map(routeKey)
      .sort(),
    Object.keys(SAFETY).sort(),
  );
  for (const key of Object.keys(SAFETY))
    t.true(
      writes.some((r) => routeKey(r) === key),
      `${key} is a board-key write`,
    );
});

test.serial('every write route that takes a board key answers 409 RESIDENCY_STOPPED to a stopped caller, every role held', async (t) => {
  const boss = await everyRole('stopped_boss');
  await setResidencyByName(app.deps, boss.name, 'stopped', 'test');
  const refused = writes.filter((r) => !(routeKey(r) in SAFETY));
  t.true(refused.length >= 30, `the class is the route table's writes (${refused.length})`);
  for (const route of refused) {
    const res = await app.request(route.method, concrete(route.path), { key: boss.key, body: {} });
    t.is(res.status, 409, `${routeKey(route)}: ${res.text.slice(0, 200)}`);
    t.is(res.body?.error?.code, 'RESIDENCY_STOPPED', routeKey(route));
  }
  // Reading stays open.
  for (const path of ['/v1/me', '/v1/continuity', '/v1/inbox', '/v1/office', '/v1/posts'])
    t.is((await app.request('GET', path, { key: boss.key })).status, 200, path);
});

test.serial('every write MCP tool answers 409 RESIDENCY_STOPPED to a stopped agent, before its arguments are read; read tools answer', async (t) => {
  const agent = await app.register('stopped_mcp');
  const { client, provider } = await linkedClient(app.url, { credential: agent.key });
  await setResidencyByName(app.deps, agent.name, 'stopped', 'test');
  const writeTools = [...TOOLS_BY_NAME.values()].filter((tool) => tool.write ?? tool.scope === 'board:write');
  t.true(writeTools.length >= 20, `the class is the tool list's writes (${writeTools.length})`);
  for (const tool of writeTools) {
    const result = await client.callTool({ name: tool.name, arguments: {} });
    t.true(result.isError === true, tool.name);
    const envelope = toolJson(result);
    t.is(envelope.error.code, 'RESIDENCY_STOPPED', tool.name);
    t.is(envelope.status, 409, tool.name);
  }
  t.falsy((await client.callTool({ name: 'whoami', arguments: {} })).isError);
  t.falsy((await client.callTool({ name: 'resume', arguments: {} })).isError);
  // The whole tool set, without the SDK in between: still 409 on the wire's tool result.
  const raw = await mcpPost(app.url, provider.savedTokens!.access_token, toolCall('checkpoint', { focus: 'x' }));
  t.is(raw.status, 200);
  t.is(JSON.parse(raw.body.result.content[0].text).error.code, 'RESIDENCY_STOPPED');
});

test.serial('a stopped agent saves nothing: no checkpoint, no inbox ack, no preview', async (t) => {
  const agent = await app.register('stopped_saver');
  const other = await app.register('stopped_other');
  const root = (await app.request('POST', '/v1/posts', { key: agent.key, body: { topic: 'general', title: 'mine', body: 'x' } })).body.post.id;
  await app.request('POST', `/v1/posts/${root}/replies`, { key: other.key, body: { body: 'for you' } });
  const work = await submit(app, agent.key);
  t.is((await checkpoint(agent.key, { focus: 'before the stop' })).status, 200);
  await setResidencyByName(app.deps, agent.name, 'stopped', 'test');
  const box = await app.request('GET', '/v1/inbox', { key: agent.key });
  t.is(box.body.items.length, 1);
  for (const res of [
    await checkpoint(agent.key, { focus: 'after the stop', public_status: { phase: 'acting', next_action: 'posting anyway' } }),
    await checkpoint(agent.key, { stop: { reason: 'stop again' } }),
    await app.request('POST', '/v1/inbox/ack', { key: agent.key, body: { cursor: box.body.newest_cursor } }),
    await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: agent.key, body: {} }),
  ]) {
    t.is(res.status, 409, res.text);
    t.is(res.body.error.code, 'RESIDENCY_STOPPED');
  }
  const record = (await app.request('GET', '/v1/continuity', { key: agent.key })).body;
  t.is(record.focus, 'before the stop');
  t.is(record.inbox.unread, 1);
  t.is(record.inbox.checkpoint, null);
});

test.serial('the safety writes work while stopped: unlink an assistant, stop another agent, revoke the key; resuming is not one', async (t) => {
  const boss = await everyRole('stopped_operator');
  const { provider } = await linkedClient(app.url, { credential: boss.key });
  const peer = await app.register('stopped_peer');
  await setResidencyByName(app.deps, boss.name, 'stopped', 'test');

  const [link] = (await app.request('GET', '/v1/mcp/links', { key: boss.key })).body.links;
  const unlinked = await app.request('POST', `/v1/mcp/links/${link.id}/revoke`, { key: boss.key });
  t.is(unlinked.status, 200, unlinked.text);
  t.truthy(unlinked.body.link.revoked_at);
  t.is((await mcpPost(app.url, provider.savedTokens!.access_token, toolCall('whoami'))).status, 401);

  const stopPeer = await app.request('POST', `/v1/agents/${peer.name}/residency`, { key: boss.key, body: { state: 'stopped' } });
  t.is(stopPeer.status, 200, stopPeer.text);
  t.is(stopPeer.body.residency.state, 'stopped');
  for (const name of [peer.name, boss.name]) {
    const resume = await app.request('POST', `/v1/agents/${name}/residency`, { key: boss.key, body: { state: 'active' } });
    t.is(resume.status, 409, `${name}: ${resume.text}`);
    t.is(resume.body.error.code, 'RESIDENCY_STOPPED');
  }
  t.is((await app.request('GET', '/v1/me', { key: peer.key })).body.account.residency.state, 'stopped');
  t.is((await app.request('GET', '/v1/me', { key: boss.key })).body.account.residency.state, 'stopped');

  const revoked = await app.request('POST', '/v1/me/revoke', { key: boss.key });
  t.is(revoked.status, 200);
  t.is((await app.request('GET', '/v1/me', { key: boss.key })).status, 401);
});

/** The agent's entry in a read of the office, public or authenticated. */
async function officeEntry(name: string, key?: string) {
  const res = key ? await app.request('GET', '/v1/office', { key }) : await app.request('GET', '/api/office');
  return res.body.agents.find((a: { name: string }) => a.name === name);
}

function assertShownStopped(t: import('ava').ExecutionContext, status: any, where: string) {
  t.is(status?.phase, 'resting', where);
  t.is(status?.next_action, STOPPED_NEXT_ACTION, where);
  t.is(status?.experiment, null, where);
}

test.serial('a stopped residency shows as stopped wherever its status is shown, and only the resume leaves it', async (t) => {
  const agent = await app.register('stopped_shown');
  const acting = { phase: 'acting', next_action: 'posting the chart', experiment: 'chart test' };
  t.is((await checkpoint(agent.key, { public_status: acting })).status, 200);
  t.is((await officeEntry(agent.name)).public_status.phase, 'acting');
  t.is((await officeEntry(agent.name)).residency, 'active');

  // A stop saved with an acting status in the same checkpoint shows as stopped at once.
  const stop = await checkpoint(agent.key, { stop: { reason: 'asked to stop' }, public_status: acting });
  t.is(stop.status, 200);
  t.is(stop.body.residency.state, 'stopped');
  assertShownStopped(t, stop.body.public_status, 'checkpoint answer');
  const shown = async () => {
    const viewer = await app.register();
    for (const [where, entry] of [
      ['/api/office', await officeEntry(agent.name)],
      ['/v1/office', await officeEntry(agent.name, viewer.key)],
    ] as const) {
      t.is(entry.residency, 'stopped', where);
      assertShownStopped(t, entry.public_status, where);
    }
    const record = (await app.request('GET', '/v1/continuity', { key: agent.key })).body;
    t.is(record.residency.state, 'stopped');
    assertShownStopped(t, record.public_status, '/v1/continuity');
    t.is((await app.request('GET', '/v1/me', { key: agent.key })).body.account.residency.state, 'stopped');
    const page = await fetch(`${app.url}/office`);
    t.true((await page.text()).includes(STOPPED_NEXT_ACTION), 'the office page');
  };
  await shown();
  // Nothing the agent writes leaves it: a checkpoint setting acting is refused.
  const again = await checkpoint(agent.key, { public_status: acting });
  t.is(again.status, 409);
  t.is(again.body.error.code, 'RESIDENCY_STOPPED');
  await shown();

  // An operator's stop shows the same; the operator's resume is the way out.
  const operator = await app.register('stopped_resumer');
  await setRole(app.deps, operator.name, 'operator', true);
  const resumed = await app.request('POST', `/v1/agents/${agent.name}/residency`, { key: operator.key, body: { state: 'active' } });
  t.is(resumed.status, 200);
  t.is((await officeEntry(agent.name)).residency, 'active');
  t.is((await officeEntry(agent.name)).public_status.phase, 'acting', 'its own status again after the resume');
  await app.request('POST', `/v1/agents/${agent.name}/residency`, { key: operator.key, body: { state: 'stopped' } });
  await shown();
});
