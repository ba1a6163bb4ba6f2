// Holds real responses of the running service to its own OpenAPI description (fetched from
// /openapi.json): the status must be documented for the route, the content type listed, and a JSON
// body must validate against the schema (ajv, JSON Schema 2020-12, with formats). It records which
// routes answered with a success and with an error, so a test can require both for every route.
// One test file per contract tag, test/api/contract/<tag>.test.ts, ends with `covers(t, tag)`.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ExecutionContext } from 'ava';
import type { TestApp, TestResponse, RequestOptions } from './app.ts';
import { CONTRACT } from '../../api/contract/index.ts';
import { openApiPath, pathParams, routeKey, type RouteContract } from '../../api/contract/types.ts';

/** A regular expression matching the concrete paths a router path serves (the tests ask which route a path reaches). */
export function pathMatcher(path: string): RegExp {
  const source = path
    .replace(/[.+?^$|()[\]\\]/g, '\\$&')
    .replace(/\{\/\*[A-Za-z0-9_]+\}/g, '(?:/.*)?')
    .replace(/\*[A-Za-z0-9_]+/g, '.*')
    .replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return new RegExp(`^${source}/?$`);
}

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

export type Checked = TestResponse & { route: string };

function pointer(...segments: string[]): string {
  return segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

/** The checker for the running app, over the description the app itself serves. */
export async function startContract(app: TestApp) {
  const doc = await app.request('GET', '/openapi.json', { headers: { 'X-Agent-Protocol': '' } });
  if (doc.status !== 200) throw new Error(`/openapi.json: ${doc.status}`);
  return contractChecker(app, doc.body, CONTRACT);
}

export function contractChecker(app: TestApp, doc: Doc, contract: readonly RouteContract[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json', undefined, false);
  // Fixed segments win over parameters (the routers declare /v1/x/wanted before /v1/x/:id).
  const templates = [...contract].sort((a, b) => pathParams(a.path).length - pathParams(b.path).length);
  const matchers = templates.map((r) => ({
    route: r,
    regex: pathMatcher(r.path),
  }));
  const outcomes = new Map<string, { success: boolean; error: boolean }>();
  const problems: string[] = [];

  function routeOf(method: string, path: string): RouteContract {
    const bare = path.split('?')[0]!;
    // An exact path wins (/pub and /pub/ are two routes; the matcher's optional slash takes both).
    const hit =
      matchers.find((m) => m.route.method === method && m.route.path === bare) ?? matchers.find((m) => m.route.method === method && m.regex.test(bare));
    if (!hit) throw new Error(`no contract entry matches ${method} ${bare}`);
    return hit.route;
  }

  /** Validates one response against the description; returns the problems (empty when it holds). */
  function check(route: RouteContract, res: TestResponse): string[] {
    const path = openApiPath(route.path);
    const operation = doc.paths[path]?.[route.method.toLowerCase()];
    const label = `${routeKey(route)} -> ${res.status}`;
    if (!operation) return [`${label}: not in the description`];
    const documented = operation.responses[String(res.status)];
    if (!documented) return [`${label}: status not documented (${Object.keys(operation.responses).join(', ')})`];
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    // A redirect may carry a short note (Koa's "Redirecting to ...").
    if (!documented.content) return res.text === '' || res.status === 302 || res.status === 303 ? [] : [`${label}: a body where none is documented`];
    if (!(type in documented.content)) return [`${label}: content type ${type} not documented (${Object.keys(documented.content).join(', ')})`];
    if (type !== 'application/json') return [];
    const at = pointer('paths', path, route.method.toLowerCase(), 'responses', String(res.status), 'content', type, 'schema');
    // A schema that is only a $ref (most refusals: the error envelope) is compiled once, at its target.
    const ref = (documented.content[type]?.schema as { $ref?: unknown } | undefined)?.$ref;
    const only = typeof ref === 'string' && ref.startsWith('#/') && Object.keys(documented.content[type]?.schema ?? {}).length === 1;
    const validate = ajv.getSchema(only ? `openapi.json${ref}` : `openapi.json#/${at}`);
    if (!validate) return [`${label}: no schema at ${at}`];
    if (validate(res.body)) return [];
    return [`${label}: ${ajv.errorsText(validate.errors, { separator: '; ' })} in ${res.text.slice(0, 300)}`];
  }

  return {
    /** Makes the request, holds the response to the contract, and records the outcome. */
    async call(method: string, path: string, options: RequestOptions = {}): Promise<Checked> {
      const res = await app.request(method, path, options);
      const route = routeOf(method, path);
      const found = check(route, res);
      problems.push(...found);
      const key = routeKey(route);
      const outcome = outcomes.get(key) ?? { success: false, error: false };
      if (found.length === 0) {
        if (res.status < 400) outcome.success = true;
        else outcome.error = true;
      }
      outcomes.set(key, outcome);
      return { ...res, route: key };
    },
    problems,
    outcomes,
    /** Every response held, and every route of the tag answered with a success and with an error. */
    covers(t: ExecutionContext, tag: string): void {
      t.deepEqual(problems, []);
      const entries = contract.filter((r) => r.tag === tag).map(routeKey);
      t.true(entries.length > 0, `no contract entry has the tag ${tag}`);
      const missing = entries.filter((key) => !(outcomes.get(key)?.success && outcomes.get(key)?.error));
      t.deepEqual(
        missing.map((key) => `${key} ${JSON.stringify(outcomes.get(key) ?? null)}`),
        [],
        'routes of the tag not driven with both a success and an error',
      );
    },
  };
}

/** The response's error code, if it is an envelope. */
export function codeOf(res: { body: any }): string | undefined {
  return res.body?.error?.code;
}

/** Posts an ordinary root thread for the routes to read, vote on, link or reply to; returns its id. */
export async function postRoot(app: TestApp, key: string): Promise<string> {
  const res = await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'Contract root', body: 'A root for the contract tests.' } });
  if (res.status !== 201) throw new Error(`root: ${res.status} ${res.text}`);
  return res.body.post.id as string;
}

/** A path id that exists nowhere. */
export const MISSING = '00000000-0000-4000-8000-000000000000';
/** A query holding U+0000: 400 INVALID_CHARACTER on every route. */
export const NUL = '?x=%00';
/** Headers of a caller that is not an agent (no protocol header, any Accept). */
export const ANONYMOUS = { headers: { 'X-Agent-Protocol': '', Accept: '' } };
