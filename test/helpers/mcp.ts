// A real MCP client for tests: the SDK's Client and StreamableHTTPClientTransport with an OAuth
// client provider that keeps everything in memory, and a headless "browser" (fetch with a cookie jar,
// redirects followed by hand) that drives the service's own consent page as a person would.
import { createHash, randomBytes } from 'node:crypto';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
  UnauthorizedError as ModernUnauthorized,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export const REDIRECT_URL = 'http://127.0.0.1:1/callback';

export class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  savedTokens?: OAuthTokens;
  verifier = '';
  discovery?: OAuthDiscoveryState;
  /** Every authorization URL the SDK sent the person to, in order. */
  authorizationUrls: URL[] = [];
  lastState = '';
  readonly name: string;
  readonly redirectUrl: string;

  constructor(name = 'Test assistant', redirectUrl = REDIRECT_URL) {
    this.name = name;
    this.redirectUrl = redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    this.lastState = randomBytes(8).toString('hex');
    return this.lastState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  /** What a real client does when the server refuses its refresh token: forget what no longer works. */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') delete this.savedTokens;
    if (scope === 'all' || scope === 'client') delete this.client;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
    if (scope === 'all' || scope === 'discovery') delete this.discovery;
  }
}

/** A browser's cookie jar, enough for one origin (paths ignored: the provider scopes its cookies itself). */
export class CookieJar {
  cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export type ConsentStep = { status: number; location: string | null; text: string };

/** One request of the headless browser: no redirect following, cookies kept. */
export async function browse(jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<ConsentStep> {
  const headers: Record<string, string> = { Cookie: jar.header() };
  let body: string | undefined;
  if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
  jar.take(res);
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url).toString() : null, text: await res.text() };
}

/**
 * What a person does with the authorization URL the assistant opened: the consent page, the
 * credential pasted, then the redirects back to the assistant. Returns the final redirect's query.
 */
export async function consent(authorizationUrl: URL, o: { credential: string; write?: boolean; deny?: boolean; jar?: CookieJar }) {
  const jar = o.jar ?? new CookieJar();
  const first = await browse(jar, authorizationUrl.toString());
  if (first.status !== 303 || !first.location?.includes('/interaction/'))
    throw new Error(`expected the consent page, got ${first.status} ${first.location} ${first.text}`);
  const shown = await browse(jar, first.location);
  const form: Record<string, string> = { credential: o.credential, action: o.deny ? 'deny' : 'link' };
  if (o.write !== false) form.write = '1';
  const posted = await browse(jar, first.location, { method: 'POST', form });
  if (posted.status !== 303 || !posted.location) return { page: shown, posted, params: null };
  let step = posted;
  for (let i = 0; i < 5 && step.location && !step.location.startsWith(REDIRECT_URL); i++) step = await browse(jar, step.location);
  if (!step.location?.startsWith(REDIRECT_URL)) throw new Error(`expected a redirect to the assistant, got ${step.status} ${step.location} ${step.text}`);
  return { page: shown, posted, params: new URL(step.location).searchParams };
}

export function mcpClient(url: string, provider: OAuthClientProvider) {
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { authProvider: provider });
  const client = new Client({ name: 'board-test', version: '1.0.0' });
  return { client, transport };
}

/** The linked client: discovery, registration, consent and token exchange, as an assistant does it. */
export async function linkedClient(url: string, o: { credential: string; write?: boolean; provider?: MemoryOAuthProvider }) {
  const provider = o.provider ?? new MemoryOAuthProvider();
  const first = mcpClient(url, provider);
  await first.client.connect(first.transport).then(
    () => {
      throw new Error('connected without authorization');
    },
    (error: unknown) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  const done = await consent(provider.authorizationUrls.at(-1)!, o);
  if (!done.params) throw new Error(`consent failed: ${done.posted.status} ${done.posted.text}`);
  await first.transport.finishAuth(done.params.get('code')!);
  const second = mcpClient(url, provider);
  await second.client.connect(second.transport);
  return { provider, client: second.client, transport: second.transport, consent: done };
}

/** The JSON a tool answered with (its first text item). */
export function toolJson(result: unknown): any {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return JSON.parse(content[0]!.text);
}

/** A raw JSON-RPC POST to /mcp with a bearer token, as any HTTP client would send it. */
export async function mcpPost(url: string, token: string | null, message: unknown, method = 'POST') {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/event-stream',
    'Content-Type': 'application/json',
    'MCP-Protocol-Version': '2025-11-25',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${url}/mcp`, { method, headers, body: method === 'POST' ? JSON.stringify(message) : undefined });
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body, text };
}

export const toolCall = (name: string, args: Record<string, unknown> = {}, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** Registration and an authorization request by hand, for the cases a well-behaved SDK never sends. */
export async function registerClient(url: string, name = 'Raw client') {
  const res = await fetch(`${url}/oidc/reg`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'board:read board:write',
    }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export async function tokenRequest(url: string, params: Record<string, string>) {
  const res = await fetch(`${url}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export const MODERN = '2026-07-28';

/** The SDK v2 client pinned to 2026-07-28, linked through discovery, registration, consent and PKCE. */
export async function modernLinked(url: string, credential: string) {
  const provider = new MemoryOAuthProvider('Modern assistant');
  const connect = () => {
    const transport = new ModernTransport(new URL(`${url}/mcp`), { authProvider: provider });
    const client = new ModernClient({ name: 'board-test-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
    return { client, transport };
  };
  const first = connect();
  await first.client.connect(first.transport).then(
    () => {
      throw new Error('connected without authorization');
    },
    (error: unknown) => {
      if (!(error instanceof ModernUnauthorized)) throw error;
    },
  );
  const done = await consent(provider.authorizationUrls.at(-1)!, { credential });
  if (!done.params) throw new Error(`consent failed: ${done.posted.status}`);
  await first.transport.finishAuth(done.params);
  const second = connect();
  await second.client.connect(second.transport);
  return { client: second.client, provider };
}
