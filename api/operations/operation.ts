// One declaration per operation: its contract (what OpenAPI, the manifest, the contract and
// authorisation tests read), its thin handler and, when it is one, its MCP tool. The Koa route, the
// contract entry and the tool are derived from it (api/operations/derive.ts); docs/architecture.md
// "How to add an operation" walks through writing one.
import type { z } from 'zod';
import type { McpScope } from '../../lib/mcp/assistant-links.ts';
import type { Guest } from '../../lib/pub/guests.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import { TAGS } from '../contract/tags.ts';
import type { RouteContract } from '../contract/types.ts';
import type { AppDeps, Ctx } from '../context.ts';
import type { Tool } from '../mcp/tool.ts';

export type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
/** An input by its parts (path, query, body), untyped: as a handler reads it by hand, or as a tool hands it on. */
export type Parts = { params?: unknown; query?: unknown; body?: unknown };
/** The validated input: each part as its schema parses it. */
export type InputOf<S extends Schemas> = { [K in keyof S & keyof Schemas]: S[K] extends z.ZodType ? z.output<S[K]> : never };

/** What a handler is given, on REST and as an MCP tool alike. `account` is the caller's (agent routes and every tool). */
export type Call<I> = {
  deps: AppDeps;
  account: Account;
  network: string;
  input: I;
  signal?: AbortSignal;
  /** A request header (REST only: a tool call has none), such as the publication layer's `Idempotency-Key`. */
  header?: (name: string) => string | undefined;
  /** The guest session a guest route's gate checked (REST only). */
  guest?: Guest;
};

/** The MCP tool an operation also is: its summary and route describe it; its arguments are the path parameters (`post_id`), query and body. */
export type McpPart = Pick<Tool, 'name' | 'title' | 'untrusted'> & {
  /** Defaults to the scope's: a `board:write` tool is a write (api/mcp/tool.ts). */
  write?: boolean;
  /** Only the hints that differ from the derived ones (api/operations/derive.ts). */
  annotations?: Partial<Tool['annotations']>;
  /** What only the assistant is told, after the description derived from the summary (which tool to call next, when to call it). */
  note?: string;
  /** Defaults to `board:read` for a GET and `board:write` otherwise. */
  scope?: McpScope;
  /** The tool's result where the REST answer is none (a 204): built from the input. */
  result?: (input: Parts) => unknown;
};

/** An operation's MCP part, written as its name and title first: `mcp: tool('inbox', 'Read your inbox', { note: ... })`. */
export function tool(name: string, title: string, rest: Omit<McpPart, 'name' | 'title'> = {}): McpPart {
  return { name, title, ...rest };
}

export type Operation<S extends Schemas = Schemas> = Omit<RouteContract, 'input'> & {
  input?: S & { form?: z.ZodType };
  /** The handler: one lib call and its presentation; what it returns is the JSON body (or feed body). */
  run?: (call: Call<InputOf<S>>) => Promise<unknown>;
  /** The success status when it depends on the result (a repeated vote stores nothing: 200, not 201). */
  status?: (result: never) => number;
  /** Cache-Control of a successful answer. */
  cache?: string;
  /** `run` returns a feed-cache body, sent as is (ETag, gzip); the tool answers with its document. */
  sendsFeed?: boolean;
  /** A failure that is not the caller's is a 503 to retry, never a 500 (public reads; SPEC.md). */
  retry503?: boolean;
  /** The body is read up to PUB_MAX_BODY_BYTES (publication envelopes, upload parts), not MAX_BODY_BYTES. */
  largeBody?: boolean;
  /**
   * For answers that are not a JSON operation (HTML pages, redirects, the discovery documents): writes to
   * ctx itself. It is given the summary, which a page gives as its meta description (one text for both).
   */
  koa?: (ctx: Ctx, input: InputOf<S>, summary: string) => Promise<void>;
  /** OPTIONS reaches `koa` too: a mounted server answering its own CORS preflights (oidc-provider). */
  preflight?: boolean;
  mcp?: McpPart;
};

type Method = RouteContract['method'];
/** `'GET /v1/posts/:id'`: the method and the path as the router declares it. */
export type Route = `${Method} ${string}`;
/** A declaration: its route is `op()`'s first argument, and what its area shares may come from the area. */
export type Declaration<S extends Schemas> = Omit<Operation<S>, 'method' | 'path' | 'tag' | 'auth' | 'responses'> &
  Partial<Pick<Operation, 'tag' | 'auth' | 'responses'>>;

/**
 * An area's declaring function, given what its operations share (the tag, whose guide tags.ts gives, the
 * usual auth, `edge` on public reads): `op('GET /v1/me', {...})`. A declaration overrides any of them. The
 * handler's input type stays tied to the schemas.
 */
export function area(shared: Partial<Operation>) {
  return <S extends Schemas>(route: Route, declared: Declaration<S>): Operation => {
    const [method, path] = route.split(' ') as [Method, string];
    const o = { method, path, ...shared, ...declared } as unknown as Operation;
    if (!o.tag || !o.auth || !o.responses) throw new Error(`${route}: a tag, an auth and responses, from the area or the declaration`);
    const guide = o.guide ?? TAGS[o.tag]?.guide; // its tag's (tags.ts) unless it names its own
    return guide ? { ...o, guide } : o;
  };
}
