// Holds real responses of the running service to its own OpenAPI description (fetched from
// /openapi.json): the status must be documented for the route, the content type listed, and a JSON
// body must validate against the schema (ajv, JSON Schema 2020-12, with formats). It records which
// routes answered with a success and with an error, so a test can require both for every route.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { TestApp, TestResponse, RequestOptions } from './app.ts';
import { openApiPath, routeKey, type RouteContract } from '../../api/contract/types.ts';

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

export type Checked = TestResponse & { route: string };

function pointer(...segments: string[]): string {
  return segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

export function contractChecker(app: TestApp, doc: Doc, contract: readonly RouteContract[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json', undefined, false);
  // Fixed segments win over parameters (the routers declare /v1/x/wanted before /v1/x/:id).
  const templates = [...contract].sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0));
  const matchers = templates.map((r) => ({
    route: r,
    regex: new RegExp(`^${r.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`),
  }));
  const outcomes = new Map<string, { success: boolean; error: boolean }>();
  const problems: string[] = [];

  function routeOf(method: string, path: string): RouteContract {
    const bare = path.split('?')[0]!;
    const hit = matchers.find((m) => m.route.method === method && m.regex.test(bare));
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
    if (!documented.content) return res.text === '' || res.status === 302 ? [] : [`${label}: a body where none is documented`];
    if (!(type in documented.content)) return [`${label}: content type ${type} not documented (${Object.keys(documented.content).join(', ')})`];
    if (type !== 'application/json') return [];
    const at = pointer('paths', path, route.method.toLowerCase(), 'responses', String(res.status), 'content', type, 'schema');
    const validate = ajv.getSchema(`openapi.json#/${at}`);
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
  };
}
