// MCP over Streamable HTTP with OAuth (docs/mcp.md): the endpoint and its discovery documents (the
// authorization server, consent and links pages: oauth.ts; the agent's link routes under /v1:
// assistant-links.ts). Outside /v1: no protocol header, no browser guard.
import { bearerToken, KEY_PREFIXES } from '../../lib/accounts/keys.ts';
import { fail, type AppError } from '../../lib/errors.ts';
import { assertAssistantMayAct, liveAssistantLink, MCP_SCOPES, touchAssistantLink } from '../../lib/mcp/assistant-links.ts';
import { isForeignOrigin, ownOrigins } from '../../lib/net/browser-origin.ts';
import type { Ctx } from '../context.ts';
import { authInfoFor, mcpService } from '../mcp/server.ts';
import { verifiedClaims } from '../mcp/verified-tokens.ts';
import { callerNetwork } from '../caller-network.ts';
import { TOOLS_BY_NAME } from '../mcp/tools/index.ts';
import { MCP_PATH, mcpUrl, protectedResourceMetadata, resourceMetadataUrl } from '../oauth/metadata.ts';
import { hasBody, readJsonBody } from '../middleware/json-body.ts';
import { z } from 'zod';
import { Int, open } from '../contract/shapes.ts';
import { area } from './operation.ts';
import { sendDocument } from './answers.ts';

const ALL_SCOPES = MCP_SCOPES.join(' ');
/** Room for the JSON-RPC message around a tool's arguments. */
const JSON_RPC_SLACK_BYTES = 4096;
/**
 * The JSON-RPC message's own nesting bound. Tools hold their arguments to the body's bound (64, a
 * tool error); this one only keeps a message far deeper than that from the SDK.
 */
const JSON_RPC_MAX_DEPTH = 1_000;

/** 401 with the RFC 9728 challenge: where the metadata is and which scopes to ask for. */
function unauthorized(baseUrl: string, message: string, presented: boolean, details?: Record<string, unknown>): AppError {
  const error = presented ? `, error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"` : '';
  return fail('MCP_TOKEN_INVALID', message, details, {
    'WWW-Authenticate': `Bearer resource_metadata="${resourceMetadataUrl(baseUrl)}", scope="${ALL_SCOPES}"${error}`,
  });
}

function insufficientScope(baseUrl: string, required: string, granted: ReadonlySet<string>, tool?: string): AppError {
  const wanted = [...new Set([...granted, required])].filter((s) => (MCP_SCOPES as readonly string[]).includes(s)).join(' ');
  return fail(
    'MCP_INSUFFICIENT_SCOPE',
    `${tool ? `The tool "${tool}"` : 'This endpoint'} needs the scope ${required}; the person who linked the assistant did not grant it.`,
    { required, granted: [...granted], ...(tool ? { tool } : {}) },
    { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${wanted}", resource_metadata="${resourceMetadataUrl(baseUrl)}"` },
  );
}

/**
 * DNS rebinding (MCP transports spec): a page of another origin that reaches this server is refused
 * before anything else, by the service's one rule for browser origins; a client that sends no
 * `Origin` (every non-browser MCP client) is not judged.
 */
function refuseForeignOrigin(ctx: Ctx) {
  const origins = ownOrigins(ctx.deps.config);
  const origin = ctx.get('origin') || null;
  if (isForeignOrigin(origins, { origin, fetchSite: ctx.get('sec-fetch-site') || null })) {
    throw fail(
      'MCP_ORIGIN_REFUSED',
      "A browser page of another origin may not call /mcp; clients call it without an Origin header, or from this service's own origin.",
      { expected: origins, received: origin },
    );
  }
}

async function mcpEndpoint(ctx: Ctx) {
  const { deps } = ctx;
  const base = deps.config.baseUrl;
  refuseForeignOrigin(ctx);
  const token = bearerToken(ctx.get('authorization') || undefined);
  if (!token) throw unauthorized(base, 'Send Authorization: Bearer <access token>; the resource metadata says where to get one.', false);
  if (token.startsWith(KEY_PREFIXES.agent)) {
    throw unauthorized(base, 'A board key is never accepted at /mcp: link the assistant through OAuth; it only ever holds OAuth tokens.', true, {
      reason: 'board_key',
    });
  }
  const claims = await verifiedClaims(deps.oauth, deps.clock, token);
  const live = claims ? await liveAssistantLink(deps, claims.grantId, claims.accountId, deps.keyCache) : null;
  if (!claims || !live) throw unauthorized(base, 'The access token is invalid, expired, or its link was revoked.', true);
  // The account's state now, not when the token was issued: a suspended account's assistant does nothing.
  assertAssistantMayAct(live.account);
  if (!claims.scopes.has('board:read')) throw insufficientScope(base, 'board:read', claims.scopes);
  // Each tool holds its arguments to its REST route's body limit (api/mcp/server.ts); the request may
  // be as large as the largest of them plus the JSON-RPC wrapping. The body's text and nesting rules
  // are applied to each tool's arguments there too, so a refusal is that tool's error.
  if (!hasBody(ctx)) throw fail('MALFORMED_JSON', 'Send a JSON-RPC message as the body, with Content-Type: application/json.');
  const { value } = await readJsonBody(ctx, {
    maxBytes: Math.max(deps.config.maxBodyBytes, deps.config.pub.maxBodyBytes) + JSON_RPC_SLACK_BYTES,
    wrapped: { maxDepth: JSON_RPC_MAX_DEPTH },
  });
  // A tool the token's scope does not cover is refused before the server runs (RFC 6750 step-up).
  for (const message of Array.isArray(value) ? value : [value]) {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (m?.method !== 'tools/call' || typeof m.params?.name !== 'string') continue;
    const tool = TOOLS_BY_NAME.get(m.params.name);
    if (tool && !claims.scopes.has(tool.scope)) throw insufficientScope(base, tool.scope, claims.scopes, tool.name);
  }
  await touchAssistantLink(deps, live.link);

  const caller = {
    deps,
    account: live.account,
    scopes: claims.scopes,
    requestId: ctx.state.requestId,
    network: callerNetwork(ctx.req, deps.config.trustProxy),
  };
  const mcp = await mcpService();
  // The request as the SDK's web-standard face takes it: the body is already read and checked, so it
  // goes as parsedBody; the signal ends when the client goes away (a held `wait` lets go).
  const gone = new AbortController();
  ctx.res.once('close', () => gone.abort());
  const request = new Request(mcpUrl(base), { method: 'POST', headers: ctx.req.headers as Record<string, string>, signal: gone.signal });
  const response = await mcp.serve(request, value, authInfoFor(caller, claims));
  // The SDK answers one JSON body (enableJsonResponse), or none (202): sent whole. Handing Koa the
  // Response itself streams it, which cost about 5 % of MCP throughput (bench/mcp, side by side).
  ctx.status = response.status;
  response.headers.forEach((v, name) => ctx.set(name, v));
  ctx.body = Buffer.from(await response.arrayBuffer());
  // A 202 has no body and no type (Koa would call a bare buffer application/octet-stream).
  if (!response.headers.has('content-type')) ctx.remove('Content-Type');
}

/** RFC 9728 protected-resource metadata of {base_url}/mcp. */
const ResourceMetadata = open({
  resource: z.url(),
  authorization_servers: z.array(z.url()).min(1),
  scopes_supported: z.array(z.enum(MCP_SCOPES)),
  bearer_methods_supported: z.array(z.literal('header')),
});

/** A JSON-RPC 2.0 message to the MCP server (one per request; the SDK reads it). */
const JsonRpcMessage = open({ jsonrpc: z.literal('2.0'), method: z.string(), id: z.union([z.string(), z.number()]).optional(), params: open({}).optional() });
const JsonRpcId = z.union([z.string(), z.number(), z.null()]);
const JsonRpcResponse = open({ jsonrpc: z.literal('2.0'), id: JsonRpcId, result: open({}) });
const JsonRpcError = open({ jsonrpc: z.literal('2.0'), id: JsonRpcId, error: open({ code: Int, message: z.string() }) });

const op = area({ tag: 'mcp' });

/** The public discovery documents and the MCP endpoint. */
export const mcpOperations = [
  // Stateless: POST only. GET (a server stream) and DELETE (a session) get the route fallback's 405
  // with `Allow`, which the MCP transport spec asks for and the SDK clients expect.
  op('POST /mcp', {
    auth: 'oauth',
    summary:
      'MCP over Streamable HTTP, stateless: one JSON-RPC message per POST (initialize, tools/list, tools/call), answered as JSON. A refused tool call is a result with isError and the REST error envelope; GET and DELETE answer 405.',
    handParsed: true,
    input: { body: JsonRpcMessage },
    refuses: {
      GET: 'MCP Streamable HTTP: a client may open a server-to-client stream with GET; this stateless server offers none, as the transport allows.',
      DELETE: 'MCP Streamable HTTP: a client may end its session with DELETE; this server keeps no sessions, as the transport allows.',
    },
    responses: {
      200: {
        description: 'The JSON-RPC answer (a refused tool call is a result with `isError: true` carrying the REST envelope and status).',
        body: z.union([JsonRpcResponse, JsonRpcError]),
      },
      202: { description: 'A notification or response from the client: accepted, no body.' },
      400: { description: 'Not a JSON-RPC message the MCP transport accepts (a JSON-RPC error from the transport).', body: JsonRpcError },
      406: { description: 'Accept must list application/json and text/event-stream (a JSON-RPC error from the transport).', body: JsonRpcError },
    },
    koa: mcpEndpoint,
  }),
  ...[
    ['/.well-known/oauth-protected-resource', 'RFC 9728 protected-resource metadata of the MCP endpoint (root form).'],
    [`/.well-known/oauth-protected-resource${MCP_PATH}`, 'RFC 9728 protected-resource metadata of {base_url}/mcp (the document the 401 challenge names).'],
  ].map(([path, summary]) =>
    op(`GET ${path}`, {
      auth: 'public',
      noDatabase: true,
      summary: summary!,
      responses: { 200: { description: 'The resource, its authorization server and scopes.', body: ResourceMetadata } },
      koa: async (ctx) => sendDocument(ctx, protectedResourceMetadata(ctx.deps.config.baseUrl), 'public, max-age=3600', true),
    }),
  ),
];
