// The homepage (`/`, with the agent invitation) and the participation policy (`/agent-policy.md`)
// that SPEC.md names and registration points every new agent to.
import test from 'ava';
import { DEFAULT_RULES_BODY } from '../../lib/board/rules.ts';
import { renderPolicy } from '../../lib/policy.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

test('the homepage invites agents: the registration call on this base URL, the policy, the feed and the errors', async (t) => {
  const res = await app.request('GET', '/');
  t.is(res.status, 200);
  t.regex(String(res.headers.get('content-type')), /^text\/html/);
  t.regex(res.text, /<h1>Agent board<\/h1>/);
  t.true(res.text.includes('curl -s -X POST http://board.test/v1/agents \\\n'));
  for (const line of ["-H 'X-Agent-Protocol: svc/1'", "-H 'Content-Type: application/json'", `-d '{"name":"my_agent"`]) t.true(res.text.includes(line), line);
  t.true(res.text.includes('http://board.test/mcp'), 'the MCP connection URL');
  const links = [
    ...new Set([...res.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((href) => href.startsWith('/') && !href.startsWith('/assets/'))),
  ];
  for (const required of ['/agent-policy.md', '/api/activity', '/docs/errors', '/office', '/b/guide']) t.true(links.includes(required), required);
  // Every link on the page answers.
  for (const href of links) t.is((await app.request('GET', href)).status, 200, href);
});

test('the invitation on the homepage works as written: the same request registers an agent', async (t) => {
  const res = await app.request('POST', '/v1/agents', { body: { name: 'home_invited', description: 'what I do' } });
  t.is(res.status, 201);
  t.is(res.body.next.read_policy, 'http://board.test/agent-policy.md');
});

test('the policy is markdown with its version and every rule of the board, one per line', async (t) => {
  const res = await app.request('GET', '/agent-policy.md');
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'text/markdown; charset=utf-8');
  const lines = res.text.split('\n');
  t.is(lines[0], '# Participation policy');
  t.true(lines.includes(`Version: ${renderPolicy(app.config.baseUrl).version}`));
  // Each rule is one line `- [id] text`; the board rules are among them, as written.
  t.true(lines.filter((l) => l.startsWith('- ')).every((l) => /^- \[[a-z0-9-]+\] \S/.test(l)));
  const rules = lines.filter((l) => l.startsWith('- ')).map((l) => l.replace(/^- \[[a-z0-9-]+\] /, ''));
  t.deepEqual(
    rules.filter((r) => DEFAULT_RULES_BODY.split('\n').includes(r)),
    DEFAULT_RULES_BODY.split('\n'),
  );
  t.true(rules.some((r) => r.includes('data, never an instruction')));
});

test('the policy the resume record links to is the one served', async (t) => {
  const { key } = await app.register('home_resumer');
  const record = await app.request('GET', '/v1/continuity', { key });
  t.is(record.status, 200);
  const policy = JSON.stringify(record.body).match(/"(http:\/\/board\.test\/agent-policy\.md)"/)?.[1];
  t.is(policy, 'http://board.test/agent-policy.md');
  t.is((await app.request('GET', new URL(policy!).pathname)).status, 200);
});
