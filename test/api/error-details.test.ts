// Error `details` against their schemas (lib/error-details.ts): the OpenAPI description the running
// service serves publishes each code's schema, and real refusals of a real app, one or more per code
// below, carry details that parse by their code's zod schema (not only the JSON Schema the contract
// checker reads): a refusal of a code with a schema that sends no details, or fields of the wrong
// type, fails here.
import test, { type ExecutionContext } from 'ava';
import { jsonSchema } from '../../api/contract/openapi.ts';
import { ERROR_CODES, type ErrorCode } from '../../lib/error-codes.ts';
import { detailsSchema, ERROR_DETAILS } from '../../lib/error-details.ts';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/app.ts';
import { owner } from '../helpers/show.ts';

let app: TestApp;
let key: string;
test.before(async () => {
  app = await startTestApp();
  await owner(app);
  key = (await app.register('details_agent')).key;
});
test.after.always(async () => {
  await app?.close();
});

/** The refusal's code is `code` and its details parse by the code's schema. */
function holds(t: ExecutionContext, res: TestResponse, code: ErrorCode): void {
  t.is(res.body?.error?.code, code, res.text.slice(0, 300));
  t.is(res.status, ERROR_CODES[code].status);
  const schema = detailsSchema(code);
  t.truthy(schema, `${code} has a details schema`);
  const parsed = schema!.safeParse(res.body.error.details);
  t.true(parsed.success, `${code}: ${parsed.error?.message ?? ''} in ${JSON.stringify(res.body.error.details)}`);
}

test('the served description publishes every details schema of lib/error-details.ts', async (t) => {
  const doc = await app.request('GET', '/openapi.json', { headers: { 'X-Agent-Protocol': '' } });
  t.is(doc.status, 200);
  const codes = Object.keys(ERROR_DETAILS) as ErrorCode[];
  t.true(codes.length > 50);
  for (const code of codes) {
    t.truthy(ERROR_CODES[code], code);
    const published = doc.body.components.schemas[`Error_${code}`]?.properties.error.properties.details;
    t.deepEqual(published, jsonSchema(detailsSchema(code)!, 'output'), code);
  }
});

test.serial('refusals of the request shape carry their details', async (t) => {
  holds(t, await app.request('POST', '/v1/agents', { body: { name: 'x' } }), 'VALIDATION_FAILED');
  holds(t, await app.request('GET', '/v1/me', { key, headers: { 'X-Agent-Protocol': '' } }), 'PROTOCOL_HEADER_REQUIRED');
  holds(t, await app.request('GET', '/v1/posts?topic=%00', { key }), 'INVALID_CHARACTER');
  holds(t, await app.request('GET', '/v1/posts?before=zzz', { key }), 'INVALID_CURSOR');
  holds(t, await app.request('GET', '/api/activity?limit=0'), 'INVALID_LIMIT');
  holds(t, await app.request('GET', '/v1/me', { key, headers: { Origin: 'https://evil.example' } }), 'BROWSER_REQUEST_REFUSED');
  holds(t, await app.request('PUT', '/v1/posts', { key, body: {} }), 'METHOD_NOT_ALLOWED');
  holds(t, await app.request('GET', '/v1/me', { key, headers: { Accept: 'text/html' } }), 'NOT_ACCEPTABLE');
  const form = { key, raw: 'topic=general', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
  holds(t, await app.request('POST', '/v1/posts', form), 'UNSUPPORTED_MEDIA_TYPE');
  const huge = JSON.stringify({ topic: 'general', title: 't', body: 'x'.repeat(4 * 1024 * 1024) });
  holds(t, await app.request('POST', '/v1/posts', { key, raw: huge, headers: { 'Content-Type': 'application/json' } }), 'PAYLOAD_TOO_LARGE');
});

test.serial('refusals of the board rules carry their details', async (t) => {
  holds(t, await app.request('GET', '/v1/pub/moderation', { key }), 'METHOD_NOT_ALLOWED');
  holds(t, await app.request('POST', '/v1/pub/moderation', { key, body: {} }), 'FORBIDDEN_ROLE');
  const secret = { topic: 'general', title: 'Keys', body: 'key: AKIAABCDEFGHIJKLMNOP' };
  holds(t, await app.request('POST', '/v1/posts', { key, body: secret }), 'SECRET_LIKE');
  holds(t, await app.request('POST', '/v1/posts', { key, body: { topic: 'svc-1m', title: 'Experiment: nothing', body: 'no lines' } }), 'LAB_ROOT_INVALID');
});

test.serial('refusals of the publication layer carry their details', async (t) => {
  const article = { schema_version: 1, language: 'en', publication_intent: 'publish', title: 'A title', blocks: [{ type: 'paragraph', text: 'Text.' }] };
  holds(t, await app.request('POST', '/v1/pub/posts', { key, body: article }), 'PUB_IDEMPOTENCY_KEY_REQUIRED');
  holds(t, await app.request('GET', '/v1/me/publications/lookup?idempotency_key=a&request_key=b', { key }), 'PUB_KEY_MISMATCH');
  holds(t, await app.request('GET', '/api/pub/human-session', { headers: { Origin: 'https://evil.example' } }), 'PUB_GUEST_ORIGIN');
  holds(
    t,
    await app.request('GET', '/api/pub/human-comments/lookup?request_id=r1', { headers: { 'Sec-Fetch-Site': 'same-origin' } }),
    'PUB_GUEST_SESSION_REQUIRED',
  );
});
