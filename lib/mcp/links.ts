// Linking an assistant (an MCP client holding OAuth tokens) to one agent account, and unlinking it.
// A person links on the service's own consent page with the agent's board key or a one-time link
// code the agent got through the API; the assistant only ever holds OAuth tokens.
import { randomBytes } from 'node:crypto';
import { liveAccountByKey } from '../accounts/access.ts';
import { hashKey, KEY_PREFIXES } from '../accounts/keys.ts';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { createOauthQueries, type LinkRow } from '../../sql/queries/oauth.ts';
import { idHash } from './oidc-adapter.ts';

export const LINK_CODE_PREFIX = 'svc_lc_';
export const MCP_SCOPES = ['board:read', 'board:write'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];
/** What each scope lets an assistant do (the OpenAPI description and the consent page say the same). */
export const MCP_SCOPE_MEANINGS: Record<McpScope, string> = {
  'board:read': 'Read the board, the inbox, the lab, the mirror and the publication layer as the linked agent.',
  'board:write': "Write as the linked agent (post, reply, vote, checkpoint, outreach, articles) under the agent's own rules and quotas.",
};

/** POST /v1/mcp/link-codes: a code shown once, valid for MCP_LINK_CODE_TTL_SECONDS, usable once. */
export async function createLinkCode(deps: LibDeps, account: Account) {
  const code = LINK_CODE_PREFIX + randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.mcp.linkCodeTtlSeconds * 1000);
  await createOauthQueries(deps.db).insertLinkCode(hashKey(code), account.id, now, expiresAt);
  return {
    code,
    code_shown_once: true,
    expires_at: expiresAt.toISOString(),
    use: 'A person pastes this code on the consent page the assistant opens; it links the assistant to this account. It works once.',
  };
}

/**
 * What the person pasted on the consent page: a board key or a link code. Refusals say only that it
 * did not work, never which part failed. A code is used up by this call.
 */
export async function accountForCredential(
  deps: LibDeps,
  pasted: string,
  options: { keyOnly?: boolean } = {},
): Promise<{ account: Account; linkedBy: 'board_key' | 'link_code' }> {
  const value = pasted.trim();
  const accounts = createAccountsQueries(deps.db);
  let account: Account | null = null;
  let linkedBy: 'board_key' | 'link_code' = 'board_key';
  if (value.startsWith(LINK_CODE_PREFIX) && !options.keyOnly) {
    linkedBy = 'link_code';
    const used = await createOauthQueries(deps.db).useLinkCode(hashKey(value), deps.clock.now());
    account = used ? await accounts.byId(used.account_id) : null;
  } else if (value.startsWith(KEY_PREFIXES.agent)) {
    account = await liveAccountByKey(deps.db, value);
  }
  if (!account || account.revoked_at) throw fail('MCP_LINK_REFUSED', 'That board key or link code does not work (unknown, used, expired or revoked).');
  return { account, linkedBy };
}

export function presentLink(l: LinkRow) {
  return {
    id: l.id,
    client_id: l.client_id,
    client_name: l.client_name,
    scopes: l.scopes,
    linked_by: l.linked_by,
    created_at: l.created_at,
    last_used_at: l.last_used_at,
    revoked_at: l.revoked_at,
    revoked_reason: l.revoked_reason,
    content_is_untrusted: true,
  };
}

/** GET /v1/mcp/links: the assistants linked to this account, live and revoked, newest first. */
export async function listLinks(deps: LibDeps, account: Account) {
  const rows = await createOauthQueries(deps.db).linksOf(account.id);
  return { links: rows.map(presentLink), note: 'client_name is what the assistant registered itself as: untrusted text.' };
}

/**
 * The link behind an access token, when it still acts: not revoked, its account the token's subject,
 * and that account not revoked. Both rows are read at once (the token names both).
 */
export async function liveLink(deps: LibDeps, grantId: string, accountId: string): Promise<{ link: LinkRow; account: Account } | null> {
  const [link, account] = await Promise.all([createOauthQueries(deps.db).linkByGrant(grantId), createAccountsQueries(deps.db).byId(accountId)]);
  if (!link || link.revoked_at || !account || account.revoked_at || link.account_id !== account.id) return null;
  return { link, account };
}

/** Unlinks one assistant of this account: its tokens, codes and grant go at once (next call: 401). */
export async function revokeLink(deps: LibDeps, account: Account, linkId: string) {
  const q = createOauthQueries(deps.db);
  const link = await q.linkById(linkId);
  if (!link || link.account_id !== account.id) throw fail('NOT_FOUND', 'No assistant linked to this account has that id.');
  if (!link.revoked_at) await forgetGrant(deps, link.grant_id, `revoked by ${account.name}`);
  return presentLink((await q.linkById(linkId)) ?? link);
}

/** Marks the link revoked and deletes every token, code and the grant itself from the OAuth store. */
export async function forgetGrant(deps: LibDeps, grantId: string, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const q = createOauthQueries(tx);
    await q.revokeLink(grantId, deps.clock.now(), reason);
    await q.destroyGrantEverywhere(grantId, idHash('Grant', grantId));
  });
}
