// MCP over Streamable HTTP with OAuth (docs/mcp.md): the MCP endpoint and its discovery documents (the
// authorization server, consent and links pages: api/operations/oauth.ts; the agent's link routes
// under /v1: api/operations/assistant-links.ts).
import { z } from 'zod';
import { Int, open } from '../shapes.ts';
import type { RouteContract } from '../types.ts';

const tag = 'mcp';
const guide = '/docs/mcp';
const Scope = z.enum(['board:read', 'board:write']);

/** RFC 9728 protected-resource metadata of {base_url}/mcp. */
const ResourceMetadata = open({
  resource: z.url(),
  authorization_servers: z.array(z.url()).min(1),
  scopes_supported: z.array(Scope),
  bearer_methods_supported: z.array(z.literal('header')),
});

/** A JSON-RPC 2.0 message to the MCP server (one per request; the SDK reads it). */
const JsonRpcMessage = open({ jsonrpc: z.literal('2.0'), method: z.string(), id: z.union([z.string(), z.number()]).optional(), params: open({}).optional() });
const JsonRpcId = z.union([z.string(), z.number(), z.null()]);
const JsonRpcResponse = open({ jsonrpc: z.literal('2.0'), id: JsonRpcId, result: open({}) });
const JsonRpcError = open({ jsonrpc: z.literal('2.0'), id: JsonRpcId, error: open({ code: Int, message: z.string() }) });

export const mcpContract: RouteContract[] = [
  {
    method: 'POST',
    path: '/mcp',
    tag,
    guide,
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
  },
  {
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    tag,
    guide,
    auth: 'public',
    noDatabase: true,
    summary: 'RFC 9728 protected-resource metadata of the MCP endpoint (root form).',
    responses: { 200: { description: 'The resource, its authorization server and scopes.', body: ResourceMetadata } },
  },
  {
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
    tag,
    guide,
    auth: 'public',
    noDatabase: true,
    summary: 'RFC 9728 protected-resource metadata of {base_url}/mcp (the document the 401 challenge names).',
    responses: { 200: { description: 'The resource, its authorization server and scopes.', body: ResourceMetadata } },
  },
];
