// The authorization server's signing keys and cookie keys: the deployment's (OAUTH_JWKS,
// OAUTH_COOKIE_KEYS), else made once by the first web process and kept in Postgres, so every web
// process signs and verifies with the same keys and tokens outlive a restart.
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { z } from 'zod';
import type { LibDeps } from '../deps.ts';
import { createOauthQueries } from '../../sql/queries/oauth.ts';

export type Jwk = Record<string, unknown>;
export type OauthSecrets = { jwks: { keys: Jwk[] }; cookieKeys: string[] };

const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) });
const Keys = z.array(z.string().min(32)).min(1);

async function newSigningKey(): Promise<Jwk> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

export async function loadOauthSecrets(deps: LibDeps): Promise<OauthSecrets> {
  const q = createOauthQueries(deps.db);
  const now = deps.clock.now();
  const jwks =
    deps.config.mcp.jwks ?? Jwks.parse((await q.secret('jwks'))?.value ?? (await q.putSecretOnce('jwks', { keys: [await newSigningKey()] }, now)).value);
  const cookieKeys =
    deps.config.mcp.cookieKeys ??
    Keys.parse((await q.secret('cookie_keys'))?.value ?? (await q.putSecretOnce('cookie_keys', [randomBytes(32).toString('base64url')], now)).value);
  return { jwks: { keys: jwks.keys }, cookieKeys };
}

/** The public half of each signing key, for verifying access tokens at /mcp. */
export function publicJwks(jwks: { keys: Jwk[] }): { keys: Jwk[] } {
  const privateMembers = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);
  return { keys: jwks.keys.map((k) => Object.fromEntries(Object.entries(k).filter(([name]) => !privateMembers.has(name)))) };
}
