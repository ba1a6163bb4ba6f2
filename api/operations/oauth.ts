// The authorization server's routes (docs/mcp.md), declared lightly: their answers are oidc-provider's
// own, HTML pages and redirects, so each hands the context to its handler (api/oauth/consent.ts).
import { z } from 'zod';
import { answerConsent, answerLinks, limitRegistration, showConsent, showLinks, toProvider } from '../oauth/consent.ts';
import { authorizationServerMetadata, DISCOVERY_PATHS, OIDC_PATH } from '../oauth/metadata.ts';
import { htmlAnswer, open, Uuid } from '../contract/shapes.ts';
import { area, type Operation } from './operation.ts';
import { sendDocument } from './answers.ts';

const op = area({ tag: 'mcp', auth: 'public' });

/** A list holding exactly these values (an array schema with `items`, which OpenAPI linters require of every array). */
const exactly = <const T extends readonly [string, ...string[]]>(...values: T) => z.array(z.enum(values)).length(values.length);

/** RFC 8414 authorization-server metadata: exactly the code flow with PKCE S256 and refresh tokens, for public clients. */
const ServerMetadata = open({
  issuer: z.url(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  registration_endpoint: z.url(),
  revocation_endpoint: z.url(),
  jwks_uri: z.url(),
  response_types_supported: exactly('code'),
  response_modes_supported: exactly('query'),
  grant_types_supported: exactly('authorization_code', 'refresh_token'),
  code_challenge_methods_supported: exactly('S256'),
  token_endpoint_auth_methods_supported: exactly('none'),
  scopes_supported: z.array(z.string()),
  client_id_metadata_document_supported: z.literal(true),
});

/** RFC 6749 §5.2 / RFC 7591 §3.2.2: the authorization server's own error body. */
const OAuthError = z.object({ error: z.string(), error_description: z.string().optional(), state: z.string().optional(), iss: z.string().optional() });

/** Built per app (its BASE_URL): the discovery document is made once and then answered from memory. */
export function oauthOperations(): Operation[] {
  let metadata: string | null = null;
  return [
    // Before /oidc{/*rest}: the provider's own discovery routes are never reached. The document is
    // built from BASE_URL alone; the server it describes is started on its first read (its keys made
    // once), as for any request that needs it.
    ...DISCOVERY_PATHS.map((path) =>
      op(`GET ${path}`, {
        noDatabase: true,
        summary:
          'RFC 8414 / OpenID Connect metadata of the authorization server {base_url}/oidc (the same document at every discovery path): endpoints, the code flow with PKCE S256 and refresh tokens for public clients, dynamic registration, client metadata documents, revocation. Every URL comes from BASE_URL.',
        responses: { 200: { description: 'The authorization server metadata.', body: ServerMetadata } },
        koa: async (ctx) => {
          await ctx.deps.oauth.get();
          sendDocument(ctx, (metadata ??= JSON.stringify(authorizationServerMetadata(ctx.deps.config.baseUrl))), 'public, max-age=3600', true);
        },
      }),
    ),
    // The methods oidc-provider serves (OPTIONS: its CORS preflights), not every method: others stay 501.
    op(`GET ${OIDC_PATH}{/*rest}`, {
      summary:
        "The authorization server (oidc-provider): /oidc/auth (code flow; PKCE S256 and resource={base_url}/mcp required), /oidc/jwks. A refused authorization request is shown on the service's own page, never redirected to the client (RFC 9700 §4.11.2).",
      responses: {
        200: { description: 'A JSON document (the JWKS as application/jwk-set+json).', body: open({}), type: ['application/json', 'application/jwk-set+json'] },
        303: {
          description:
            "The authorization request goes on to the consent page; after the person's answer, back to the client with `code` (or `error=access_denied`), `state` and `iss`.",
        },
        400: htmlAnswer(
          "A refused authorization request (unknown client, unregistered redirect URI, no PKCE, bad response type, scope or resource): the error on the service's own page.",
        ),
      },
      preflight: true,
      koa: toProvider,
    }),
    op(`POST ${OIDC_PATH}{/*rest}`, {
      summary:
        'The authorization server (oidc-provider): /oidc/reg (RFC 7591 dynamic registration of public clients with https or loopback redirect URIs, rate limited per network), /oidc/token (code and refresh grants; refresh tokens rotate), /oidc/token/revocation (RFC 7009; 200 with no body; revoking any token of a link ends the link). Bodies are form-encoded, registration JSON.',
      errors: ['REGISTRATION_RATE_LIMIT'],
      responses: {
        200: {
          description: 'Tokens (`access_token` a JWT for {base_url}/mcp, a rotating `refresh_token`); revocation answers 200 with no body.',
          body: open({}),
        },
        201: { description: 'The registered client (a public client: no secret).', body: open({ client_id: z.string(), redirect_uris: z.array(z.string()) }) },
        400: {
          description: 'An RFC 6749 / RFC 7591 error (invalid_grant, invalid_target, invalid_client_metadata, invalid_redirect_uri, ...).',
          body: OAuthError,
        },
        401: { description: 'invalid_client (an RFC 6749 error body).', body: OAuthError },
      },
      koa: async (ctx) => {
        await limitRegistration(ctx);
        await toProvider(ctx);
      },
    }),
    op('GET /interaction/:uid', {
      summary: "The consent page of an open authorization request: a person pastes the agent's board key or a one-time link code and chooses the scopes.",
      responses: {
        200: htmlAnswer('The consent page (names the client as untrusted; no-store).'),
        400: htmlAnswer('No open request for this browser (expired, finished, or another browser): a page saying so.'),
      },
      koa: showConsent,
    }),
    op('POST /interaction/:uid', {
      summary:
        'The consent form (form-encoded `credential`, `action=link|deny`, `write=1`): links the assistant to the agent and returns it to the client, or declines.',
      input: { form: z.object({ credential: z.string().optional(), action: z.enum(['link', 'deny']), write: z.literal('1').optional() }) },
      errors: ['MCP_LINK_REFUSED', 'ACCOUNT_SUSPENDED', 'RESIDENCY_STOPPED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
      responses: {
        303: { description: 'On to the authorization server, which returns the browser to the client with `code` (or `error=access_denied`).' },
        400: htmlAnswer('No open request for this browser: a page saying so.'),
        403: htmlAnswer(
          'MCP_LINK_REFUSED: the credential did not work; the page again, saying only that (an HTML page). ACCOUNT_SUSPENDED: the account is suspended and links nothing.',
        ),
        409: htmlAnswer("RESIDENCY_STOPPED: the agent's residency is stopped; it links nothing until it is resumed (the page again, saying so)."),
      },
      koa: answerConsent,
    }),
    op('GET /mcp/links', {
      noDatabase: true,
      summary: "The person's page for an agent's linked assistants: paste the board key to list and unlink them.",
      responses: { 200: htmlAnswer('The form.') },
      koa: showLinks,
    }),
    op('POST /mcp/links', {
      summary: 'The links form (form-encoded `credential`, optional `revoke=<link id>`): lists the assistants linked to the agent, unlinking one first.',
      input: { form: z.object({ credential: z.string(), revoke: Uuid.optional() }) },
      errors: ['MCP_LINK_REFUSED', 'NOT_FOUND', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
      responses: { 200: htmlAnswer('The linked assistants (names untrusted).'), 403: htmlAnswer('MCP_LINK_REFUSED: the key does not work (an HTML page).') },
      koa: answerLinks,
    }),
  ];
}
