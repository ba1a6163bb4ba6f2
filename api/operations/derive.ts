// What an operation declaration becomes: its contract entry (OpenAPI, manifest, contract and
// authorisation tests), its Koa route (gate, validation, handler, status) and its MCP tool.
import Router from '@koa/router';
import { z } from 'zod';
import { unavailable } from '../../lib/errors.ts';
import { callerNetwork } from '../caller-network.ts';
import { pathParams, type RouteContract } from '../contract/types.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { sendFeed, type FeedBody } from '../feed-cache.ts';
import { NoInput, type Tool } from '../mcp/tool.ts';
import { accountOf } from '../middleware/auth.ts';
import { validate } from '../middleware/validate.ts';
import { feedDocument } from '../public-feeds.ts';
import { gateOf } from './gates.ts';
import type { Call, McpPart, Operation, Parts } from './operation.ts';

/** A declaration's parts that make its handler; the rest is its contract entry. */
type HandlerPart = Exclude<keyof Operation, keyof RouteContract>;
const HANDLER_PARTS = new Set<string>(['run', 'status', 'cache', 'sendsFeed', 'retry503', 'largeBody', 'koa', 'preflight', 'mcp'] satisfies HandlerPart[]);

export function contractOf(op: Operation): RouteContract {
  return Object.fromEntries(Object.entries(op).filter(([key]) => !HANDLER_PARTS.has(key))) as RouteContract;
}

/**
 * The operations as routes: those under /v1 for the /v1 router (whose browser guard and protocol
 * header apply to them), the others at the top level. Per route: gate, validation, handler.
 */
export function routersOf(ops: readonly Operation[]): { v1: Router<AppState, AppContextExtras>; top: Router<AppState, AppContextExtras> } {
  const v1 = new Router<AppState, AppContextExtras>();
  const top = new Router<AppState, AppContextExtras>();
  for (const op of ops) {
    const under = op.path.startsWith('/v1/');
    const { form: _form, ...schemas } = op.input ?? {};
    const validation = op.handParsed || Object.keys(schemas).length === 0 ? [] : [validate(schemas)];
    (under ? v1 : top).register(under ? op.path.slice(3) : op.path, op.preflight ? [op.method, 'OPTIONS'] : [op.method], [
      ...gateOf(op),
      ...validation,
      handlerOf(op),
    ]);
  }
  return { v1, top };
}

function handlerOf(op: Operation) {
  return async function operation(ctx: Ctx): Promise<void> {
    const input = (op.handParsed ? { params: ctx.params, query: ctx.query, body: ctx.request.body } : (ctx.state.input ?? {})) as Parts;
    if (op.koa) return op.koa(ctx, input as never, op.summary);
    const call: Call<Parts> = {
      deps: ctx.deps,
      input,
      get account() {
        return accountOf(ctx);
      },
      get network() {
        return callerNetwork(ctx.req, ctx.deps.config.trustProxy);
      },
      header: (name) => ctx.get(name) || undefined,
      guest: ctx.state.guest,
    };
    const run = () => op.run!(call as never);
    const result = op.retry503 ? await retryable(ctx, run) : await run();
    if (op.sendsFeed) return sendFeed(ctx, result as FeedBody, op.cache ?? 'no-store');
    if (op.cache) ctx.set('Cache-Control', op.cache);
    // The first success the declaration lists, unless its status depends on the result.
    ctx.status = op.status ? op.status(result as never) : (([200, 201, 202, 204] as const).find((s) => op.responses[s]) ?? 200);
    if (ctx.status !== 204) ctx.body = result;
  };
}

/** A failed read of a public document is a 503 the caller may retry, never a 500 (SPEC.md); the cause is logged. */
async function retryable<T>(ctx: Ctx, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { expose?: boolean }).expose) throw error;
    ctx.deps.logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'public read failed');
    throw unavailable('The read failed; retry shortly.');
  }
}

/** The MCP tools of the operations that are one, in declaration order. */
export function toolsOf(ops: readonly Operation[]): Tool[] {
  return ops.flatMap((op) => (op.mcp ? [toolOf(op, op.mcp)] : []));
}

/** The tool is named, titled and flagged (`write`, `untrusted`) as its MCP part says; the rest is derived. */
function toolOf(op: Operation, { note, scope: declared, annotations, result: fromInput, write: declaredWrite, ...named }: McpPart): Tool {
  const { params, query, body } = op.input ?? {};
  const rest = (body ?? query) as z.ZodObject | undefined;
  const renamed = argNames(op.path);
  const scope = declared ?? (op.method === 'GET' ? 'board:read' : 'board:write');
  const write = declaredWrite ?? scope === 'board:write';
  return {
    ...named,
    write,
    description: describe(op, renamed, note),
    scope,
    largeBody: op.largeBody,
    input: renamed.length === 0 ? (rest ?? NoInput) : argsOf(params as z.ZodObject, renamed, rest),
    pathArgs: renamed.length > 0 ? renamed.map(([, arg]) => arg) : undefined,
    annotations: {
      readOnlyHint: !write,
      destructiveHint: op.method === 'DELETE',
      // A POST whose repeat finds its result already there (storedOrFound's status) is idempotent too.
      idempotentHint: op.method !== 'POST' || op.status !== undefined,
      openWorldHint: false,
      ...annotations,
    },
    output: outputOf(op),
    run: async (ctx, input) => {
      const args = input as Record<string, unknown>;
      const parts: Parts = {};
      if (renamed.length > 0) parts.params = Object.fromEntries(renamed.map(([param, arg]) => [param, args[arg]]));
      const others = Object.fromEntries(Object.entries(args).filter(([k]) => !renamed.some(([, arg]) => arg === k)));
      if (body) parts.body = others;
      else if (query) parts.query = others;
      const result = await op.run!({ ...ctx, input: parts as never });
      if (fromInput) return fromInput(parts);
      return op.sendsFeed ? feedDocument(result as FeedBody) : result;
    },
  };
}

/**
 * The operation's summary is the tool's description, its route (path parameters under their argument
 * names) after the first sentence, then who may call where not every agent may, and the tool's note.
 */
function describe(op: Operation, renamed: Array<[string, string]>, note?: string): string {
  const path = op.path.replace(/:(\w+)/g, (_, param: string) => `{${renamed.find(([p]) => p === param)?.[1] ?? param}}`);
  const [first, ...rest] = op.summary.split(/(?<=\.) /);
  return [`${first!.replace(/\.$/, '')} (${op.method} ${path}).`, ...rest, op.auth === 'resident' ? 'Residents only.' : '', note].filter(Boolean).join(' ');
}

/** Each path parameter and its argument: a collection's `:id` is named after it (`/posts/:id`: `post_id`), others keep their names. */
function argNames(path: string): Array<[string, string]> {
  const collection = /\/([a-z]+)s\/:id\b/.exec(path)?.[1];
  return pathParams(path).map((param) => [param, param === 'id' && collection ? `${collection}_id` : param]);
}

/** The path arguments (under their tool names) first, then the query or body; strict where the body is. */
function argsOf(params: z.ZodObject, renamed: Array<[string, string]>, rest: z.ZodObject | undefined): z.ZodType {
  const args = z.object({ ...Object.fromEntries(renamed.map(([param, arg]) => [arg, params.shape[param]!])), ...rest?.shape });
  const strict = !rest || rest.def.catchall?._zod.def.type === 'never';
  return strict ? args.strict() : args;
}

/** The tool's result schema: the one JSON object a success answers with (a feed's document included). */
function outputOf(op: Operation): z.ZodType | undefined {
  const [body, ...more] = ([200, 201] as const).flatMap((s) => (op.responses[s]?.body ? [op.responses[s].body] : []));
  if (more.length > 0) return undefined;
  if (body instanceof z.ZodObject) return body;
  // One of several objects (a post's votes or an agent's karma): MCP wants an object schema, so every
  // variant's fields, each optional.
  if (body instanceof z.ZodUnion && body.options.every((o) => o instanceof z.ZodObject)) {
    return z.looseObject(Object.assign({}, ...body.options.map((o) => (o as z.ZodObject).partial().shape)));
  }
  return undefined;
}
