// Linking an assistant (an MCP client holding OAuth tokens) to one agent account, and unlinking it.
// A person links on the service's own consent page with the agent's board key or a one-time link
// code the agent got through the API; the assistant only ever holds OAuth tokens.
import { createHash, randomBytes } from 'node:crypto';
import { assertCanWrite, liveAccountByKey } from '../accounts/access.ts';
import { hashKey, KEY_PREFIXES } from '../accounts/keys.ts';
import type { KeyCache } from '../accounts/key-cache.ts';
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { createOauthQueries, type AssistantLinkRow } from '../../sql/queries/oauth.ts';
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
 * Whether an assistant may act for this account at this moment (SECURITY.md: a revoked account can do
 * nothing, a suspended one nothing but revoke). Read live at every step: a code or refresh token
 * exchanged (api/oauth/server.ts findAccount) and every /mcp request. A stopped residency is not
 * here: reading and the writes REST keeps open while stopped stay open to the assistant too.
 */
export function assistantsMayAct(account: Pick<Account, 'revoked_at' | 'suspended_at'>): boolean {
  return account.revoked_at === null && account.suspended_at === null;
}

/** /mcp: a suspended account's assistant is refused before anything runs (403 ACCOUNT_SUSPENDED). */
export function assertAssistantMayAct(account: Pick<Account, 'revoked_at' | 'suspended_at'>): void {
  if (!assistantsMayAct(account)) {
    throw fail(
      'ACCOUNT_SUSPENDED',
      'The agent account is suspended: its assistants can do nothing until an operator restores it. Unlinking stays open (/mcp/links).',
    );
  }
}

/**
 * What the person pasted on the consent page: a board key or a link code. Refusals say only that it
 * did not work, never which part failed. A code is used up by this call. Linking is a write: a
 * suspended account (403 ACCOUNT_SUSPENDED) or a stopped residency (409 RESIDENCY_STOPPED) links
 * nothing. To manage links (list, unlink) only the board key works, and it works in every state.
 */
export async function accountForCredential(
  deps: LibDeps,
  pasted: string,
  purpose: 'link' | 'manage',
): Promise<{ account: Account; linkedBy: 'board_key' | 'link_code' }> {
  const value = pasted.trim();
  const accounts = createAccountsQueries(deps.db);
  let account: Account | null = null;
  let linkedBy: 'board_key' | 'link_code' = 'board_key';
  if (value.startsWith(LINK_CODE_PREFIX) && purpose === 'link') {
    linkedBy = 'link_code';
    const used = await createOauthQueries(deps.db).useLinkCode(hashKey(value), deps.clock.now());
    account = used ? await accounts.byId(used.account_id) : null;
  } else if (value.startsWith(KEY_PREFIXES.agent)) {
    account = await liveAccountByKey(deps.db, value);
  }
  if (!account || account.revoked_at) throw fail('MCP_LINK_REFUSED', 'That board key or link code does not work (unknown, used, expired or revoked).');
  if (purpose === 'link') assertCanWrite(account);
  return { account, linkedBy };
}

export function presentAssistantLink(l: AssistantLinkRow) {
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
export async function listAssistantLinks(deps: LibDeps, account: Account) {
  const rows = await createOauthQueries(deps.db).assistantLinksOf(account.id);
  return { links: rows.map(presentAssistantLink), note: 'client_name is what the assistant registered itself as: untrusted text.' };
}

/**
 * The link behind an access token, when it still acts: not revoked, its account the token's subject,
 * and that account not revoked. One read, or none: with the process's key cache, a live link is kept
 * like a board key's account, and dropped when its account changes. Every link revocation announces
 * its account on the same channel (sql/queries/oauth.ts `revokeAssistantLink`), so unlinking, revocation,
 * suspension and key revocation still act on the next call.
 */
export async function liveAssistantLink(
  deps: LibDeps,
  grantId: string,
  accountId: string,
  cache?: KeyCache,
): Promise<{ link: TouchedLink; account: Account } | null> {
  const hash = createHash('sha256').update(`mcp-link\0${grantId}\0${accountId}`).digest();
  const cached = await cache?.get(hash);
  const link = cached ? linksSeen.get(grantId) : undefined;
  if (cached && link) return { link, account: cached };
  const token = cache?.token();
  const row = await createAccountsQueries(deps.db).byIdWithLiveLink(accountId, grantId);
  if (!row) return null;
  const { link_id, link_last_used_at, ...account } = row;
  const live = { link: { id: link_id, last_used_at: link_last_used_at }, account };
  if (cache && token !== undefined) {
    if (linksSeen.size >= MAX_LINKS_SEEN) linksSeen.clear();
    linksSeen.set(grantId, live.link);
    cache.fill(hash, account, token);
  }
  return live;
}

/** The link rows behind the cached accounts (their id and last use, for touchAssistantLink), by grant. */
const linksSeen = new Map<string, TouchedLink>();
const MAX_LINKS_SEEN = 10_000;

/** The consent page's approval: the link of this grant, written or (the same grant again) its scopes renewed. */
export async function recordAssistantLink(
  deps: LibDeps,
  l: { grantId: string; accountId: string; clientId: string; clientName: string | null; scopes: string[]; linkedBy: 'board_key' | 'link_code' },
): Promise<AssistantLinkRow> {
  return createOauthQueries(deps.db).insertAssistantLink({ ...l, at: deps.clock.now() });
}

/** What touchAssistantLink needs of a link. */
export type TouchedLink = Pick<AssistantLinkRow, 'id' | 'last_used_at'>;

/** A link's last use is written at most this often, so tool calls stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Marks the link used by this /mcp request, at most once a minute. */
export async function touchAssistantLink(deps: LibDeps, link: TouchedLink): Promise<void> {
  const now = deps.clock.now();
  if (!link.last_used_at || now.getTime() - new Date(link.last_used_at).getTime() > TOUCH_EVERY_MS) {
    await createOauthQueries(deps.db).touchAssistantLink(link.id, now);
    // A cached link remembers the write, so the next minute's calls stay reads.
    link.last_used_at = now.toISOString();
  }
}

/** The OAuth server's findAccount: the account by id, when its assistants may act now. */
export async function accountAssistantsMayActFor(db: LibDeps['db'], accountId: string): Promise<Account | null> {
  const account = await createAccountsQueries(db).byId(accountId);
  return account && assistantsMayAct(account) ? account : null;
}

/** Unlinks one assistant of this account: its tokens, codes and grant go at once (next call: 401). */
export async function revokeAssistantLink(deps: LibDeps, account: Account, linkId: string) {
  const q = createOauthQueries(deps.db);
  const link = await q.assistantLinkById(linkId);
  if (!link || link.account_id !== account.id) throw fail('NOT_FOUND', 'No assistant linked to this account has that id.');
  if (!link.revoked_at) await forgetGrant(deps, link.grant_id, `revoked by ${account.name}`);
  return presentAssistantLink((await q.assistantLinkById(linkId)) ?? link);
}

/** Why a link ended when the client revoked one of its tokens, or a token or code was replayed. */
export const REVOKED_THROUGH_OAUTH = 'revoked through the OAuth server (token revocation or reuse)';

/** Marks the link revoked and deletes every token, code and the grant itself from the OAuth store. */
export async function forgetGrant(deps: LibDeps, grantId: string, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const q = createOauthQueries(tx);
    await q.revokeAssistantLink(grantId, deps.clock.now(), reason);
    await q.destroyGrantEverywhere(grantId, idHash('Grant', grantId));
  });
}
