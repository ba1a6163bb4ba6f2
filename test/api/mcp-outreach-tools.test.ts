// The three outreach tools that reach outside the board, on their happy paths through MCP with a
// linked assistant: a contact taken from its published page (the test CA's HTTPS server), an email
// to it (the owner's settings and a real SMTP sink) and a post to an owner-created channel (a local
// webhook). The eras test reaches their rules only; the REST side of each is in test/api/outreach*.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { linkedClient, modernLinked, toolJson } from '../helpers/mcp.ts';
import { BODY, startOutreachWorld, type OutreachWorld } from '../helpers/outreach.ts';

let w: OutreachWorld;
let hook: http.Server;

test.before(async () => {
  hook = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as AddressInfo;
  w = await startOutreachWorld({ env: { SOCIAL_WEBHOOK_URL: `http://127.0.0.1:${port}/social` }, selfBaseUrl: true });
  await w.setup();
});

test.after.always(async () => {
  await w?.stop();
  hook?.close();
});

type ToolClient = { callTool: (p: { name: string; arguments: Record<string, unknown> }) => Promise<any>; close: () => Promise<void> };

const eras: Array<[string, (credential: string) => Promise<ToolClient>]> = [
  ['2026-07-28 (SDK v2 client)', async (credential) => (await modernLinked(w.app.url, credential)).client as unknown as ToolClient],
  ['2025-11-25 (SDK 1.x client)', async (credential) => (await linkedClient(w.app.url, { credential, write: true })).client as unknown as ToolClient],
];

for (const [era, link] of eras) {
  test.serial(`${era}: a linked assistant adds a contact from its page, emails it and posts to a channel, as the REST routes would`, async (t) => {
    await outreachThroughTools(t, era.startsWith('2026') ? 'modern' : 'legacy', link);
  });
}

async function outreachThroughTools(t: import('ava').ExecutionContext, tag: string, link: (credential: string) => Promise<ToolClient>) {
  const resident = await w.resident(`mcp_outreach_${tag}`);
  const client = await link(resident.key);
  const address = `desk-${tag}@outlet1.test`;
  w.published.add(address);

  const added = await client.callTool({
    name: 'outreach_add_contact',
    arguments: { email: address, outlet: 'outlet1.test', beat: 'science', source_url: w.sourceUrl('outlet1.test') },
  });
  t.falsy(added.isError, JSON.stringify(added.content));
  const contactId = toolJson(added).contact_id as string;
  t.regex(contactId, /^[0-9a-f-]{36}$/);
  const listed = toolJson(await client.callTool({ name: 'outreach_list_contacts', arguments: {} }));
  t.true(listed.contacts.some((c: { contact_id?: string; id?: string }) => (c.contact_id ?? c.id) === contactId));

  const sent = await client.callTool({
    name: 'outreach_send_email',
    arguments: { contact_id: contactId, subject: 'A measured experiment', body: BODY, experiment_id: resident.experimentId },
  });
  t.falsy(sent.isError, JSON.stringify(sent.content));
  const stored = await w.app.db.any(
    sql.type(z.object({ status: z.string() }))`select status from outreach_messages where contact_id = ${contactId} and author_id = ${resident.id}`,
  );
  t.is(stored.length, 1);

  const created = await w.app.request('PUT', '/v1/outreach/channels/social', { key: w.ownerKey, body: { label: 'Our social' } });
  t.is(created.status, 200);
  const posted = await client.callTool({
    name: 'outreach_channel_post',
    arguments: { channel: 'social', text: 'A measured experiment, in public.', experiment_id: resident.experimentId },
  });
  t.falsy(posted.isError, JSON.stringify(posted.content));
  const channelPosts = await w.app.db.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from outreach_channel_posts where author_id = ${resident.id}`,
  );
  t.is(channelPosts, 1);
  await client.close();
}
