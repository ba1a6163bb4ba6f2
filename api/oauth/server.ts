// The authorization server (oidc-provider, mounted at /oidc) and the access-token check of /mcp.
// Built on first use: the signing keys come from the deployment or from Postgres (lib/mcp/secrets.ts).
// Tokens are issued by oidc-provider's own clock; /mcp checks expiry with lib/clock.
// oidc-provider itself (~40 MB of code and dependencies) is imported on that first use too, so a web
// process that never sees an assistant does not carry it.
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Deps } from '../context.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { isDatabaseUnavailable } from '../../sql/failures.ts';
import { postgresAdapter } from '../../lib/mcp/oidc-adapter.ts';
import { forgetGrant, MCP_SCOPES } from '../../lib/mcp/links.ts';
import { loadOauthSecrets, publicJwks } from '../../lib/mcp/secrets.ts';

export const OIDC_PATH = '/oidc';
export const MCP_PATH = '/mcp';

export function mcpUrl(baseUrl: string): string {
  return baseUrl + MCP_PATH;
}
export function issuerUrl(baseUrl: string): string {
  return baseUrl + OIDC_PATH;
}
export function resourceMetadataUrl(baseUrl: string): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

export type AccessClaims = { accountId: string; grantId: string; clientId: string; scopes: Set<string>; expiresAt: number; token: string };

export type OauthServer = {
  provider: Provider;
  cookieKeys: string[];
  /** The claims of a valid access token for /mcp, or null (bad signature, issuer, audience, type, expired). */
  verify: (token: string) => Promise<AccessClaims | null>;
};

export type OauthHost = { get: () => Promise<OauthServer> };

/** One per app; a failed start (the database is down) is not remembered, the next request retries. */
export function oauthHost(deps: Deps): OauthHost {
  let pending: Promise<OauthServer> | null = null;
  return {
    get: () => {
      pending ??= buildOauthServer(deps).catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
}

async function buildOauthServer(deps: Deps): Promise<OauthServer> {
  const { config, db, clock } = deps;
  const { default: Provider, errors } = await import('oidc-provider');
  const secrets = await loadOauthSecrets(deps);
  const resource = mcpUrl(config.baseUrl);
  const issuer = issuerUrl(config.baseUrl);
  const ttl = config.mcp;
  const scopes = [...MCP_SCOPES];

  const configuration: Configuration = {
    adapter: postgresAdapter(db, clock, (grantId) => forgetGrant(deps, grantId, 'revoked through the OAuth server (token revocation or reuse)')),
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    // Assistants are public clients: no secret, PKCE (S256) always, code + refresh token only.
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    // MCP clients send their scopes in the registration body: the server must know them as its own.
    scopes: ['openid', 'offline_access', ...scopes],
    claims: { openid: ['sub'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // A client revokes only tokens issued to itself.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource is ${resource}`);
          return {
            scope: scopes.join(' '),
            audience: resource,
            accessTokenTTL: ttl.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    // Every grant gets a rotating refresh token; it does not die with the browser session of the consent page.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    expiresWithSession: async () => false,
    extraTokenClaims: async (_ctx, token) => ('grantId' in token && token.grantId ? { gid: token.grantId } : undefined),
    ttl: {
      AccessToken: ttl.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: ttl.refreshTokenTtlSeconds,
      Grant: ttl.refreshTokenTtlSeconds,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: async (_ctx, sub) => {
      const account = await createAccountsQueries(db).byId(sub);
      if (!account || account.revoked_at) return undefined;
      return { accountId: account.id, claims: async () => ({ sub: account.id }) };
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      ctx.type = 'application/json';
      ctx.body = out;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  // Mounted, the provider's ctx is the app's: flag an unreachable database for the route to answer 503.
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (isDatabaseUnavailable(error)) (ctx.state as { oauthDatabaseDown?: boolean }).oauthDatabaseDown = true;
    else deps.logger.error({ err: error, path: ctx.path }, 'authorization server error');
  });

  const keySet = createLocalJWKSet(publicJwks(secrets.jwks) as Parameters<typeof createLocalJWKSet>[0]);
  const verify = async (token: string): Promise<AccessClaims | null> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, { issuer, audience: resource, typ: 'at+jwt', algorithms: ['ES256'], currentDate: clock.now() }));
    } catch {
      return null;
    }
    if (typeof payload.sub !== 'string' || typeof payload.gid !== 'string' || typeof payload.client_id !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      accountId: payload.sub,
      grantId: payload.gid,
      clientId: payload.client_id,
      scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : []),
      expiresAt: payload.exp,
      token,
    };
  };
  return { provider, cookieKeys: secrets.cookieKeys, verify };
}
