// OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP 2025-11-25
// client registration): an assistant's `client_id` is an https URL whose document describes it. The
// authorization server (oidc-provider's clientIdMetadataDocument feature, api/oauth/server.ts) reads
// the document through this file's fetch, which is the service's SSRF-guarded one
// (lib/net/safe-fetch.ts): public unicast addresses only, port 443, no redirects followed, JSON only,
// at most CLIENT_METADATA_MAX_BYTES, at most CLIENT_METADATA_TIMEOUT_MS.
import { safeFetch, type FetchRefusalReason, type SafeFetchOptions } from '../net/safe-fetch.ts';
import { redirectUriProblem } from './redirect-uris.ts';

export const CLIENT_METADATA_MAX_BYTES = 5 * 1024;
export const CLIENT_METADATA_TIMEOUT_MS = 2_500;
/** A document is kept for its Cache-Control max-age, within these bounds (seconds). */
export const CLIENT_METADATA_CACHE_SECONDS = { min: 60, max: 3_600 } as const;
const USER_AGENT = 'agent-board-oauth/1 (client metadata document)';

/**
 * Whether a client_id is read as a metadata document URL: a plain https URL (as for redirect URIs:
 * its own serialisation, no userinfo, no fragment) with a path beyond `/`.
 */
export function isClientMetadataUrl(clientId: string): boolean {
  if (redirectUriProblem(clientId) !== null) return false;
  const url = new URL(clientId);
  return url.protocol === 'https:' && url.pathname !== '/';
}

/** Why a document could not be read, in words a person on the service's error page can act on. */
export class ClientMetadataRefusal extends Error {
  readonly reason: FetchRefusalReason;
  constructor(reason: FetchRefusalReason) {
    super(`the client metadata document ${REASONS[reason]}`);
    this.name = 'ClientMetadataRefusal';
    this.reason = reason;
  }
}

// The fetch's own detail (which address a name resolved to, say) stays out of the answer.
const REASONS: Record<FetchRefusalReason, string> = {
  invalid_url: 'URL is not a plain https URL',
  not_https: 'URL is not https',
  credentials_in_url: 'URL carries credentials',
  port_not_allowed: 'URL names a port other than 443',
  dns_failed: "URL's host does not resolve",
  blocked_address: "URL's host resolves to an address the service does not fetch from (private, loopback, link-local or another special range)",
  too_many_redirects: 'answered with a redirect; redirects are not followed',
  too_large: `is larger than ${CLIENT_METADATA_MAX_BYTES} bytes`,
  timeout: `did not arrive within ${CLIENT_METADATA_TIMEOUT_MS} ms`,
  http_status: 'URL did not answer 200',
  unsupported_type: 'is not served as application/json',
  tls: "URL's TLS certificate did not verify",
  network: 'could not be fetched (network error)',
};

/**
 * The authorization server's outgoing fetch (oidc-provider's `fetch` setting): every document it
 * reads goes through the SSRF-guarded fetch under the rules above. `options` carries test-only
 * settings (a test CA, a resolver); production passes none.
 */
export function clientMetadataFetch(options: SafeFetchOptions = {}) {
  return async (url: string | URL, init?: { signal?: AbortSignal | null }): Promise<Response> => {
    const result = await safeFetch(String(url), {
      ...options,
      maxRedirects: 0,
      maxBytes: CLIENT_METADATA_MAX_BYTES,
      timeoutMs: CLIENT_METADATA_TIMEOUT_MS,
      userAgent: USER_AGENT,
      acceptTypes: ['application/json'],
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    if (!result.ok) throw new ClientMetadataRefusal(result.reason);
    const headers: Record<string, string> = { 'content-type': result.contentType };
    if (result.cacheControl) headers['cache-control'] = result.cacheControl;
    return new Response(result.body, { status: result.status, headers });
  };
}
