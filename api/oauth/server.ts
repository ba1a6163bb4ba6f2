// The authorization server (oidc-provider, mounted at /oidc) and the access-token check of /mcp.
// Built on first use: the signing keys come from the deployment or from Postgres (lib/mcp/secrets.ts).
// Tokens are issued by oidc-provider's own clock; /mcp checks expiry with lib/clock.
// oidc-provider itself (~40 MB of code and dependencies) is imported on that first use too, so a web
// process that never sees an assistant does not carry it.
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { LoggedDeps } from '../../lib/deps.ts';
import type { SafeFetchOptions } from '../../lib/net/safe-fetch.ts';
import { callerNetwork } from '../caller-network.ts';
import { isDatabaseUnavailable } from '../../sql/failures.ts';
import { countRegistration } from '../../lib/accounts/accounts.ts';
import { AppError } from '../../lib/errors.ts';
import { CLIENT_METADATA_CACHE_SECONDS, CLIENT_METADATA_MAX_BYTES, clientMetadataFetch, isClientMetadataUrl } from '../../lib/mcp/client-metadata.ts';
import { postgresAdapter } from '../../lib/mcp/oidc-adapter.ts';
import { accountAssistantsMayActFor, forgetGrant, MCP_SCOPES, REVOKED_THROUGH_OAUTH } from '../../lib/mcp/assistant-links.ts';
import { loadOauthSecrets, publicJwks } from '../../lib/mcp/secrets.ts';
import { clientRules } from './client-rules.ts';
import { authorizationErrorPage } from './error-page.ts';
import { issuerUrl, mcpUrl, OAUTH_SCOPES, OFFER, OIDC_ROUTES } from './metadata.ts';

/** The provider's routes a person's browser is sent to (its others answer clients, in JSON). */
const BROWSER_ROUTES: ReadonlySet<string> = new Set(['authorization', 'resume']);

export type AccessClaims = { accountId: string; grantId: string; clientId: string; scopes: Set<string>; expiresAt: number; token: string };

export type OauthServer = {
  provider: Provider;
  cookieKeys: string[];
  /** The claims of a valid access token for /mcp, or null (bad signature, issuer, audience, type, expired unless `evenExpired`). */
  verify: (token: string, options?: { evenExpired?: boolean }) => Promise<AccessClaims | null>;
};

export type OauthHost = { get: () => Promise<OauthServer> };

/** What the server needs of the app's deps (api/context.ts Deps has it all). */
type OauthDeps = LoggedDeps & { clientMetadataFetch?: SafeFetchOptions | undefined };

/** What the server leaves on a request's state for the OAuth routes (part of api/context.ts AppState). */
export type OauthState = {
  /** Set by the authorization server when its store could not be reached (the route answers 503). */
  oauthDatabaseDown?: boolean;
  /** A refusal of the service's own raised inside the authorization server (a registration limit). */
  oauthRefusal?: AppError;
  /** A JWT access token presented for revocation by this client (the route ends its link). */
  oauthStructuredRevocation?: { token: string; clientId: string };
};

/** One per app; a failed start (the database is down) is not remembered, the next request retries. */
export function oauthHost(deps: OauthDeps): OauthHost {
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

async function buildOauthServer(deps: OauthDeps): Promise<OauthServer> {
  const { config, db, clock } = deps;
  const { default: Provider, errors } = await import('oidc-provider');
  const secrets = await loadOauthSecrets(deps);
  const resource = mcpUrl(config.baseUrl);
  const issuer = issuerUrl(config.baseUrl);
  const ttl = config.mcp;
  const scopes = [...MCP_SCOPES];

  const configuration: Configuration = {
    adapter: postgresAdapter(db, clock, (grantId) => forgetGrant(deps, grantId, REVOKED_THROUGH_OAUTH)),
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    routes: OIDC_ROUTES,
    // Exactly what the metadata offers (api/oauth/metadata.ts): public clients, the code flow with
    // PKCE S256 answered in the query, refresh tokens. Nothing implicit, no id_token response types.
    responseTypes: [...OFFER.responseTypes],
    clientAuthMethods: [...OFFER.clientAuthMethods],
    clientDefaults: {
      grant_types: [...OFFER.grantTypes],
      response_types: [...OFFER.responseTypes],
      response_modes: [...OFFER.responseModes],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    // Every client (registered, or read from its metadata document) passes the redirect URI rules.
    extraClientMetadata: { properties: ['redirect_uris', 'response_modes', 'sector_identifier_uri'], validator: clientRules(errors.InvalidClientMetadata) },
    // MCP clients send their scopes in the registration body: the server must know them as its own.
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    pkce: { required: () => true },
    // Every document the provider reads (client metadata documents) comes through the SSRF-guarded fetch.
    fetch: clientMetadataFetch(deps.clientMetadataFetch) as Configuration['fetch'],
    fetchResponseBodyLimits: { 'client_id metadata document': CLIENT_METADATA_MAX_BYTES },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // A client revokes only tokens issued to itself. Its access tokens are JWTs the provider cannot
      // revoke: api/oauth/consent.ts ends their link instead (docs/mcp.md).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      // What the metadata does not offer is not served either.
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        cacheDuration: { ...CLIENT_METADATA_CACHE_SECONDS },
        // Only plain https URLs with a path; each fetch (a cache miss) counts as a registration of the
        // caller's network. Past the limit the route answers our 429 (api/oauth/consent.ts toProvider).
        allowFetch: async (ctx, clientId) => {
          if (!isClientMetadataUrl(clientId)) return false;
          if (!ctx) return true;
          try {
            await countRegistration(deps, callerNetwork(ctx.req, config.trustProxy), 'oauth_client');
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            (ctx.state as OauthState).oauthRefusal = error;
            return false;
          }
          return true;
        },
        // A public client with a redirect URI; PKCE S256 is required of every client (pkce above).
        allowClient: async (_ctx, client) => client.tokenEndpointAuthMethod === 'none' && (client.redirectUris?.length ?? 0) > 0,
      },
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
    } as Configuration['features'],
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
    // Read at every use (a code or refresh token exchanged, a session resumed): an account that may
    // not act through an assistant now (revoked, suspended) has none.
    findAccount: async (_ctx, sub) => {
      const account = await accountAssistantsMayActFor(db, sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: async () => ({ sub: account.id }) };
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    // Errors of the authorization endpoint the provider cannot (or, below, must not) send back to the
    // client: the service's own page, where the person's browser is. The token, registration and
    // revocation endpoints keep their RFC 6749 JSON bodies whatever the caller accepts.
    renderError: async (ctx, out, error) => {
      ctx.set('Cache-Control', 'no-store');
      if (!BROWSER_ROUTES.has(ctx.oidc?.route ?? '')) {
        ctx.type = 'application/json';
        ctx.body = out;
        return;
      }
      // prompt=none errors carry 303 (meant for a redirect): kept here, they are refusals like the rest.
      if (ctx.status < 400) ctx.status = 400;
      ctx.type = 'text/html';
      ctx.body = authorizationErrorPage(out, error);
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  // RFC 9700 §4.11.2: before the person has seen the request on the consent page, nothing about it
  // is trusted, its redirect URI included (registration is open), so no error of the authorization
  // endpoint is redirected there: it is shown on the service's own page (renderError). The person's
  // own answer (link or cancel) is what sends the browser back.
  const keepErrorHere = (ctx: KoaContextWithOIDC, error: unknown) => {
    if (ctx.oidc?.route === 'authorization' && error && typeof error === 'object') (error as { allow_redirect?: boolean }).allow_redirect = false;
  };
  provider.on('authorization.error', keepErrorHere);
  // Mounted, the provider's ctx is the app's: flag an unreachable database for the route to answer 503.
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    keepErrorHere(ctx, error);
    if (isDatabaseUnavailable(error)) (ctx.state as OauthState).oauthDatabaseDown = true;
    else deps.logger.error({ err: error, path: ctx.path }, 'authorization server error');
  });
  // A JWT access token at the revocation endpoint: the provider cannot revoke it; the route ends its link.
  provider.on('revocation.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (error instanceof errors.UnsupportedTokenType && ctx.oidc?.client && typeof ctx.oidc.params?.token === 'string') {
      (ctx.state as OauthState).oauthStructuredRevocation = { token: ctx.oidc.params.token, clientId: ctx.oidc.client.clientId };
    }
  });

  const keySet = createLocalJWKSet(publicJwks(secrets.jwks) as Parameters<typeof createLocalJWKSet>[0]);
  const verify = async (token: string, options: { evenExpired?: boolean } = {}): Promise<AccessClaims | null> => {
    let payload: JWTPayload;
    try {
      // An expired token is still this server's token: revoking it ends its link all the same.
      const tolerance = options.evenExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {};
      ({ payload } = await jwtVerify(token, keySet, {
        issuer,
        audience: resource,
        typ: 'at+jwt',
        algorithms: ['ES256'],
        currentDate: clock.now(),
        ...tolerance,
      }));
    } catch {
      return null;
    }
    if (typeof payload.sub !== 'string' || typeof payload.gid !== 'string' || typeof payload.client_id !== 'string' || typeof payload.exp !== 'number')
      return null;
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
