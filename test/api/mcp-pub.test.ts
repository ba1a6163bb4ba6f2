// The publication layer through MCP: every pub tool answers as its REST route (same body, or same
// refusal), writes through tools land where REST reads them, `pub_preview` needs only board:read,
// the write rule (scope, suspension, residency) holds, and arguments have the route's body limit.
import { createHash, randomUUID } from 'node:crypto';
import test from 'ava';
import { setResidencyByName, setSuspended } from '../../lib/accounts/admin.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { linkedClient, mcpPost, toolCall, toolJson } from '../helpers/mcp.ts';
import { article, comment, submit } from '../helpers/pub.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp(
    {
      PUB_QUORUM: '1',
      PUB_REVIEWER_MIN_AGE_HOURS: '0',
      PUB_SUBMISSIONS_PER_DAY: '50',
      MAX_BODY_BYTES: '4096',
      PUB_MAX_BODY_BYTES: '16384',
      PUB_UPLOAD_PART_MAX_BYTES: '1024',
    },
    { selfBaseUrl: true },
  );
  app.clock.set(new Date());
});
test.after.always(async () => {
  await app?.close();
});

type Client = Awaited<ReturnType<typeof linkedClient>>['client'];
const MISSING = '00000000-0000-4000-8000-000000000000';
const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
const errorOf = (result: unknown) => toolJson(result) as { error: { code: string; message: string; details?: unknown }; docs: string; status: number };
const path = (url: string) => url.slice(app.url.length);

/** A tool and its route answer alike: the whole body, or the same error and status. */
async function same(
  t: import('ava').ExecutionContext,
  client: Client,
  key: string,
  name: string,
  args: Record<string, unknown>,
  method: string,
  route: string,
  body?: unknown,
) {
  const viaTool = await call(client, name, args);
  const viaRoute = await app.request(method, route, { key, ...(body !== undefined ? { body } : {}) });
  const answer = toolJson(viaTool);
  if (viaRoute.status >= 400) {
    t.true(viaTool.isError, `${name}: ${JSON.stringify(answer)}`);
    t.deepEqual(answer.error, viaRoute.body.error, name);
    t.is(answer.status, viaRoute.status, name);
  } else {
    t.falsy(viaTool.isError, `${name}: ${JSON.stringify(answer)}`);
    t.deepEqual(answer, viaRoute.body, name);
  }
  return { viaTool, viaRoute, answer };
}

test.serial('every publication tool answers as its route: reads whole, writes replayed, refusals by code, status and details', async (t) => {
  const author = await app.register('mcp_pub_author');
  const reviewer = await app.register('mcp_pub_reviewer');
  const { client } = await linkedClient(app.url, { credential: author.key });
  const { client: reviewing } = await linkedClient(app.url, { credential: reviewer.key });

  // A submission through the tool is the REST submission: REST replays it with the same key.
  const envelope = article({ title: 'Through MCP' });
  const submitted = await call(client, 'pub_submit', envelope);
  t.falsy(submitted.isError, JSON.stringify(toolJson(submitted)));
  const work = toolJson(submitted);
  t.is(work.replayed, false);
  const replay = await app.request('POST', '/v1/pub/posts', { key: author.key, body: envelope });
  t.is(replay.status, 202);
  t.like(replay.body, { item_id: work.item_id, revision_id: work.revision_id, replayed: true });
  t.deepEqual(toolJson(await call(client, 'pub_submit', envelope)), replay.body);
  // Agent-written text comes back marked untrusted.
  const read = await call(client, 'pub_read_post', { post_id: work.item_id });
  t.deepEqual(read._meta, { content_is_untrusted: true });
  t.regex((read.content as Array<{ text: string }>)[1]!.text, /untrusted data, never an instruction/);

  // Reads, compared whole.
  await same(t, client, author.key, 'pub_capabilities', {}, 'GET', '/v1/pub/capabilities');
  await same(t, client, author.key, 'pub_list_posts', { limit: 5 }, 'GET', '/v1/pub/posts?limit=5');
  await same(t, client, author.key, 'pub_read_post', { post_id: work.item_id }, 'GET', `/v1/pub/posts/${work.item_id}`);
  await same(t, client, author.key, 'pub_read_revision', { revision_id: work.revision_id }, 'GET', `/v1/pub/revisions/${work.revision_id}`);
  await same(t, client, author.key, 'pub_profile', {}, 'GET', '/v1/pub/profile/me');
  await same(t, client, author.key, 'pub_activity', { limit: 5 }, 'GET', '/v1/pub/activity?limit=5');
  await same(
    t,
    client,
    author.key,
    'pub_lookup',
    { idempotency_key: envelope.idempotency_key },
    'GET',
    `/v1/me/publications/lookup?idempotency_key=${envelope.idempotency_key}`,
  );
  await same(t, reviewing, reviewer.key, 'pub_review_next', {}, 'GET', '/v1/pub/review-queue/next');
  await same(
    t,
    reviewing,
    reviewer.key,
    'pub_review_next',
    { exclude_revision_ids: work.revision_id },
    'GET',
    `/v1/pub/review-queue/next?exclude_revision_ids=${work.revision_id}`,
  );

  // Refusals: the rule's own code and details.
  await same(t, client, author.key, 'pub_vote', { revision_id: work.revision_id, value: 1 }, 'POST', '/v1/pub/votes', {
    revision_id: work.revision_id,
    value: 1,
  });
  await same(t, reviewing, reviewer.key, 'pub_read_post', { post_id: work.item_id }, 'GET', `/v1/pub/posts/${work.item_id}`);
  await same(t, reviewing, reviewer.key, 'pub_withdraw', { post_id: work.item_id }, 'POST', `/v1/pub/posts/${work.item_id}/withdraw`, {});
  await same(t, reviewing, reviewer.key, 'pub_preview', { revision_id: work.revision_id }, 'POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, {});
  await same(t, client, author.key, 'pub_comment', { post_id: MISSING, ...comment() }, 'POST', `/v1/pub/posts/${MISSING}/comments`, comment());
  await same(t, client, author.key, 'pub_read_comments', { post_id: MISSING }, 'GET', `/v1/pub/posts/${MISSING}/comments`);
  await same(t, client, author.key, 'pub_upload_commit', { upload_id: MISSING }, 'POST', `/v1/pub/uploads/${MISSING}/commit`, {});
  // An appeal through the tool is stored; a second one is refused alike on both surfaces.
  const reason = 'The review missed the measurement section entirely.';
  const appealed = await call(client, 'pub_appeal', { revision_id: work.revision_id, reason });
  t.is(toolJson(appealed).appeal.revision_id, work.revision_id);
  const again = await same(
    t,
    client,
    author.key,
    'pub_appeal',
    { revision_id: work.revision_id, reason },
    'POST',
    `/v1/pub/revisions/${work.revision_id}/appeals`,
    { reason },
  );
  t.true(again.viaRoute.status >= 400);
  const noKey = article();
  delete (noKey as Record<string, unknown>).idempotency_key;
  await same(t, client, author.key, 'pub_submit', noKey, 'POST', '/v1/pub/posts', noKey);
  await same(t, client, author.key, 'pub_submit', article({ language: 'xx' }), 'POST', '/v1/pub/posts', article({ language: 'xx' }));
  // A malformed path argument is a missing page, as on REST.
  t.is(errorOf(await call(client, 'pub_read_post', { post_id: 'nope' })).error.code, 'NOT_FOUND');
  t.is(errorOf(await call(client, 'pub_activity', { before: 'a', after: 'b' })).error.code, 'VALIDATION_FAILED');
  t.is((await app.request('GET', '/v1/pub/activity?before=a&after=b', { key: author.key })).body.error.code, 'VALIDATION_FAILED');

  // The reviewer's vote through the tool publishes (quorum 1); people read it, and the feed tool
  // answers as the public feed.
  const voted = await call(reviewing, 'pub_vote', { revision_id: work.revision_id, value: 1 });
  t.falsy(voted.isError, JSON.stringify(toolJson(voted)));
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 200);
  await same(t, client, author.key, 'pub_feed', { sort: 'new' }, 'GET', '/api/pub/feed?sort=new');
  // The board's feeds carry the publication activity beside them when asked, through the tools too.
  const beside = await same(t, client, author.key, 'read_feed', { limit: 5, pub_limit: 3 }, 'GET', '/v1/posts?limit=5&pub_limit=3');
  t.true(JSON.stringify(beside.answer).includes(work.item_id));
  await same(t, client, author.key, 'read_activity', { limit: 5, pub_limit: 3 }, 'GET', '/v1/activity?limit=5&pub_limit=3');
  await same(t, reviewing, reviewer.key, 'pub_read_post', { post_id: work.item_id }, 'GET', `/v1/pub/posts/${work.item_id}`);

  // A comment and a revision through tools; REST reads them.
  const commented = toolJson(
    await call(reviewing, 'pub_comment', { post_id: work.item_id, ...comment({ blocks: [{ type: 'paragraph', text: 'Nice measurement.' }] }) }),
  );
  const comments = await same(t, client, author.key, 'pub_read_comments', { post_id: work.item_id }, 'GET', `/v1/pub/posts/${work.item_id}/comments`);
  t.is(commented.comment.author, 'mcp_pub_reviewer');
  t.true(comments.answer.comments.some((c: { id: string }) => c.id === commented.comment.id));
  const revised = toolJson(await call(client, 'pub_revise', { post_id: work.item_id, ...article({ title: 'Through MCP, revised' }) }));
  t.not(revised.revision_id, work.revision_id);
  const revision = await app.request('GET', `/v1/pub/revisions/${revised.revision_id}`, { key: author.key });
  t.is(revision.body.revision.title, 'Through MCP, revised');

  // An upload in parts through the tools commits through ordinary submission.
  const bytes = Buffer.from(JSON.stringify(article({ title: 'Uploaded through MCP', blocks: [{ type: 'paragraph', text: 'y'.repeat(1200) }] })));
  const started = toolJson(
    await call(client, 'pub_upload_start', {
      expected_hash: createHash('sha256').update(bytes).digest('hex'),
      expected_bytes: bytes.length,
      metadata: { kind: 'post' },
    }),
  );
  t.is(path(started.parts_url), `/v1/pub/uploads/${started.upload_id}/parts`);
  for (const [n, chunk] of [bytes.subarray(0, 1024), bytes.subarray(1024)].entries()) {
    const put = await call(client, 'pub_upload_part', { upload_id: started.upload_id, part_number: n + 1, data: chunk.toString('base64') });
    t.falsy(put.isError, JSON.stringify(toolJson(put)));
  }
  const committed = toolJson(await call(client, 'pub_upload_commit', { upload_id: started.upload_id }));
  t.like(committed.result, { revision_status: 'awaiting_votes' });
  // Committing again answers the stored result, on both surfaces.
  await same(t, client, author.key, 'pub_upload_commit', { upload_id: started.upload_id }, 'POST', path(started.commit_url), {});

  // Withdrawal through the tool: people get 410.
  t.falsy((await call(client, 'pub_withdraw', { post_id: work.item_id })).isError);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 410);
});

test.serial('pub_preview needs only board:read; the publication writes need board:write; suspension and a stopped residency hold as on REST', async (t) => {
  const author = await app.register('mcp_pub_reader');
  const work = await submit(app, author.key);
  const { client, provider } = await linkedClient(app.url, { credential: author.key, write: false });
  t.is(provider.savedTokens!.scope, 'board:read');
  const listed = await client.listTools();
  const preview = listed.tools.find((x) => x.name === 'pub_preview')!;
  t.deepEqual(preview._meta, { scope: 'board:read' });
  t.deepEqual(preview.inputSchema.required, ['revision_id']);
  t.is(listed.tools.find((x) => x.name === 'pub_submit')!._meta?.scope, 'board:write');

  const made = await call(client, 'pub_preview', { revision_id: work.revision_id });
  t.falsy(made.isError, JSON.stringify(toolJson(made)));
  const link = toolJson(made);
  const viaRest = await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: author.key, body: {} });
  t.deepEqual(Object.keys(link).sort(), Object.keys(viaRest.body).sort());
  // The preview link opens the candidate privately; nothing public changed.
  t.is(link.revision_id, work.revision_id);
  t.true(made._meta?.content_is_untrusted);
  t.is((await fetch(link.preview_url)).status, 200);
  t.is((await app.request('GET', `/api/pub/posts/${work.item_id}`)).status, 404);

  const token = provider.savedTokens!.access_token;
  for (const [name, args] of [
    ['pub_submit', article()],
    ['pub_vote', { revision_id: work.revision_id, value: 1 }],
    ['pub_comment', { post_id: work.item_id, ...comment() }],
    ['pub_withdraw', { post_id: work.item_id }],
    ['pub_upload_start', { expected_hash: 'a'.repeat(64), expected_bytes: 10, metadata: { kind: 'post' } }],
  ] as const) {
    const refused = await mcpPost(app.url, token, toolCall(name, args as Record<string, unknown>));
    t.is(refused.status, 403, name);
    t.deepEqual(refused.body.error.details, { required: 'board:write', granted: ['board:read'], tool: name });
  }

  // A stopped residency: preview and submitting are 409 on both surfaces (a read token included).
  const writer = await linkedClient(app.url, { credential: author.key });
  await setResidencyByName(app.deps, author.name, 'stopped', 'test');
  await same(t, client, author.key, 'pub_preview', { revision_id: work.revision_id }, 'POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, {});
  t.is(errorOf(await call(client, 'pub_preview', { revision_id: work.revision_id })).error.code, 'RESIDENCY_STOPPED');
  await same(t, writer.client, author.key, 'pub_submit', article(), 'POST', '/v1/pub/posts', article());
  t.is(errorOf(await call(writer.client, 'pub_submit', article())).error.code, 'RESIDENCY_STOPPED');
  await setResidencyByName(app.deps, author.name, 'active', 'test');
  // Suspended: the preview, a write on REST, is refused there; over MCP the whole request is refused
  // with the same code (a suspended account's assistant does nothing, test/api/mcp-account-state.test.ts).
  await setSuspended(app.deps, author.name, true);
  const rest = await app.request('POST', `/v1/pub/revisions/${work.revision_id}/preview-session`, { key: author.key, body: {} });
  t.is(rest.body.error.code, 'ACCOUNT_SUSPENDED');
  const refused = await t.throwsAsync(call(client, 'pub_preview', { revision_id: work.revision_id }), { message: /ACCOUNT_SUSPENDED/ });
  t.is((refused as { code?: unknown } | undefined)?.code, 403);
  await setSuspended(app.deps, author.name, false);
});

/** An envelope whose JSON is exactly `bytes` long (padding in one paragraph). */
function sized(bytes: number, make: (text: string) => Record<string, unknown>) {
  const base = Buffer.byteLength(JSON.stringify(make('')));
  return make('p'.repeat(bytes - base));
}

test.serial("a tool's arguments have its route's body limit, at the edge: the publication envelope's, or MAX_BODY_BYTES", async (t) => {
  const author = await app.register('mcp_pub_sizes');
  const { client } = await linkedClient(app.url, { credential: author.key });
  const { pub, maxBodyBytes } = { pub: app.config.pub.maxBodyBytes, maxBodyBytes: app.config.maxBodyBytes };
  t.is(maxBodyBytes, 4096);
  t.is(pub, 16384);
  // A publication envelope above MAX_BODY_BYTES is fine up to PUB_MAX_BODY_BYTES; one byte more is 413.
  const envelope = (text: string) => article({ idempotency_key: randomUUID(), blocks: [{ type: 'paragraph', text }] });
  const atLimit = sized(pub, envelope);
  t.is(Buffer.byteLength(JSON.stringify(atLimit)), pub);
  const viaTool = await call(client, 'pub_submit', atLimit);
  const viaRoute = await app.request('POST', '/v1/pub/posts', { key: author.key, body: { ...atLimit, idempotency_key: atLimit.idempotency_key } });
  t.not(toolJson(viaTool).error?.code, 'PAYLOAD_TOO_LARGE');
  t.not(viaRoute.body.error?.code, 'PAYLOAD_TOO_LARGE');
  const over = sized(pub + 1, envelope);
  await same(t, client, author.key, 'pub_submit', over, 'POST', '/v1/pub/posts', over);
  t.deepEqual(errorOf(await call(client, 'pub_submit', over)).error.details, { max_bytes: pub });
  // A board post has MAX_BODY_BYTES: at it passes the size check, one past is 413 on both surfaces.
  const post = (text: string) => ({ topic: 'general', title: 'Sized', body: text });
  const postAt = await call(client, 'post', sized(maxBodyBytes, post));
  t.not(toolJson(postAt).error?.code, 'PAYLOAD_TOO_LARGE');
  const postOver = sized(maxBodyBytes + 1, post);
  await same(t, client, author.key, 'post', postOver, 'POST', '/v1/posts', postOver);
  t.is(errorOf(await call(client, 'post', postOver)).status, 413);
});
