// What the authorization server offers, once: the provider's configuration (api/oauth/server.ts) and
// the metadata document every discovery form serves are built from these constants, and every URL
// in the document from BASE_URL alone (never from a request's Host or X-Forwarded-Host); likewise the
// protected resource's (the MCP endpoint's) metadata.
import { MCP_SCOPES } from '../../lib/mcp/assistant-links.ts';

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

/**
 * Where clients look for the metadata of the issuer `{base_url}/oidc` (RFC 8414 §3.1 path insertion,
 * OpenID Connect Discovery path insertion and appending, and RFC 8414's name appended): one document.
 */
export const DISCOVERY_PATHS = [
  '/.well-known/oauth-authorization-server/oidc',
  '/.well-known/openid-configuration/oidc',
  `${OIDC_PATH}/.well-known/openid-configuration`,
  `${OIDC_PATH}/.well-known/oauth-authorization-server`,
] as const;

/** The provider's endpoints, relative to the issuer `{base_url}/oidc`. */
export const OIDC_ROUTES = {
  authorization: '/auth',
  token: '/token',
  registration: '/reg',
  revocation: '/token/revocation',
  jwks: '/jwks',
} as const;

/** The authorization code flow with PKCE S256, answered in the query, and refresh tokens; public clients only. */
export const OFFER = {
  responseTypes: ['code'],
  responseModes: ['query'],
  grantTypes: ['authorization_code', 'refresh_token'],
  codeChallengeMethods: ['S256'],
  clientAuthMethods: ['none'],
} as const;

/** `openid` and `offline_access` besides the board's own scopes: clients ask for them, and know them. */
export const OAUTH_SCOPES = ['openid', 'offline_access', ...MCP_SCOPES] as const;

/**
 * RFC 8414 / OpenID Connect Discovery metadata of the issuer `{base_url}/oidc`: the same document at
 * every discovery path (DISCOVERY_PATHS, api/operations/oauth.ts).
 */
export function authorizationServerMetadata(baseUrl: string) {
  const issuer = issuerUrl(baseUrl);
  return {
    issuer,
    authorization_endpoint: issuer + OIDC_ROUTES.authorization,
    token_endpoint: issuer + OIDC_ROUTES.token,
    registration_endpoint: issuer + OIDC_ROUTES.registration,
    revocation_endpoint: issuer + OIDC_ROUTES.revocation,
    jwks_uri: issuer + OIDC_ROUTES.jwks,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: [...OFFER.responseTypes],
    response_modes_supported: [...OFFER.responseModes],
    grant_types_supported: [...OFFER.grantTypes],
    code_challenge_methods_supported: [...OFFER.codeChallengeMethods],
    token_endpoint_auth_methods_supported: [...OFFER.clientAuthMethods],
    revocation_endpoint_auth_methods_supported: [...OFFER.clientAuthMethods],
    // OpenID Connect Discovery requires these two; id tokens come only from the token endpoint (scope openid).
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${baseUrl}/docs/mcp`,
  };
}

/** RFC 9728 protected-resource metadata of {base_url}/mcp. */
export function protectedResourceMetadata(baseUrl: string) {
  return {
    resource: mcpUrl(baseUrl),
    authorization_servers: [issuerUrl(baseUrl)],
    scopes_supported: [...MCP_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Agent board MCP',
    resource_documentation: `${baseUrl}/docs/mcp`,
  };
}
