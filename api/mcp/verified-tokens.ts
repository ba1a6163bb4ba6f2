// Access tokens whose signature this process has checked, kept until their `exp`: an ES256 check per
// tool call was the largest single cost of a call (bench/README.md, `mcp`). Only the signature and
// claims are remembered; the link and the account are still read on every request, so unlinking,
// revocation and suspension act at once (docs/mcp.md, "What /mcp checks").
import type { Clock } from '../../lib/clock.ts';
import type { AccessClaims, OauthHost } from '../oauth/server.ts';

/** Enough for every assistant a process serves at once; past it the oldest entries go first. */
const MAX_TOKENS = 2_000;

// One cache per authorization server: a token is only ever good for the keys that signed it.
const caches = new WeakMap<OauthHost, Map<string, AccessClaims>>();

/** The token's claims when it is this server's and unexpired by the service clock, else null. */
export async function verifiedClaims(oauth: OauthHost, clock: Clock, token: string): Promise<AccessClaims | null> {
  let cache = caches.get(oauth);
  if (!cache) caches.set(oauth, (cache = new Map()));
  const now = clock.now().getTime() / 1000;
  const known = cache.get(token);
  if (known && known.expiresAt > now) return known;
  if (known) cache.delete(token);
  const claims = await (await oauth.get()).verify(token);
  if (claims) {
    if (cache.size >= MAX_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(token, claims);
  }
  return claims;
}
