// The agent's side of linking an MCP assistant (docs/mcp.md), under /v1 with its board key: a
// one-time code a person pastes on the consent page, the links, and unlinking one.
import { z } from 'zod';
import { createLinkCode, listAssistantLinks, MCP_SCOPES, revokeAssistantLink } from '../../lib/mcp/assistant-links.ts';
import { DateTime, Id, open, Uuid, untrusted } from '../contract/shapes.ts';
import { area } from './operation.ts';

const op = area({ tag: 'mcp', auth: 'agent' });

const Link = untrusted({
  id: Uuid,
  client_id: z.string(),
  client_name: z.string().nullable(),
  scopes: z.array(z.enum(MCP_SCOPES)),
  linked_by: z.enum(['board_key', 'link_code']),
  created_at: DateTime,
  last_used_at: DateTime.nullable(),
  revoked_at: DateTime.nullable(),
  revoked_reason: z.string().nullable(),
});

const LinkCode = open({ code: z.string().regex(/^svc_lc_/), code_shown_once: z.literal(true), expires_at: DateTime, use: z.string() });

export const assistantLinkOperations = [
  op('POST /v1/mcp/link-codes', {
    summary: 'A one-time link code for the consent page (shown once, valid MCP_LINK_CODE_TTL_SECONDS, stored hashed).',
    responses: { 201: { description: 'The code.', body: LinkCode } },
    cache: 'no-store',
    run: ({ deps, account }) => createLinkCode(deps, account),
  }),
  op('GET /v1/mcp/links', {
    summary: 'The assistants linked to this agent, newest first, revoked ones included.',
    responses: { 200: { description: 'The links (client names untrusted).', body: open({ links: z.array(Link), note: z.string() }) } },
    cache: 'no-store',
    run: ({ deps, account }) => listAssistantLinks(deps, account),
  }),
  op('POST /v1/mcp/links/:id/revoke', {
    // Unlinking is a safety action: open while the residency is stopped, like revoking the key.
    whileStopped: true,
    summary: 'Unlinks an assistant: its grant and tokens go, its next call answers 401. Open while the residency is stopped; repeating it is harmless.',
    input: { params: Id },
    responses: { 200: { description: 'The link, revoked.', body: open({ link: Link }) } },
    run: async ({ deps, account, input: { params } }) => ({ link: await revokeAssistantLink(deps, account, params.id) }),
  }),
];
