// Which redirect URIs an assistant may register (dynamic registration or a client metadata
// document), and the one way a redirect URI reaches a response header (the consent page's CSP).
// RFC 9700 §2.1 and RFC 8252 §7.3/§8.3: https, or http on a loopback host; nothing that is not a plain,
// well-formed URL (a host such as `evil;sandbox` would otherwise split a CSP directive).

/** http is allowed on these hosts only (RFC 8252 loopback redirects; `localhost` because widely used clients register it). */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);
export const REDIRECT_URI_MAX_CHARS = 2000;

// A DNS name of letter-digit-hyphen labels, an IPv4 address, or a bracketed IPv6 address, as the
// WHATWG URL parser serialises them (lower case, punycode).
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PLAIN_HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])$`);

/**
 * Why a redirect URI may not be registered, or null when it may. The URI must be exactly its own
 * WHATWG serialisation (no whitespace, backslashes, upper-case hosts, default ports, dot segments or
 * characters the parser would escape), https or loopback http, with a plain host and no userinfo or
 * fragment.
 */
export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return 'must be a non-empty string';
  if (raw.length > REDIRECT_URI_MAX_CHARS) return `must be at most ${REDIRECT_URI_MAX_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  // An empty path serialises as `/`: `https://app.example` is as plain as `https://app.example/`.
  if (url.href !== raw && url.href !== `${raw}/`) return `must be written as a plain URL (normalised it reads ${JSON.stringify(url.href)})`;
  if (url.username || url.password) return 'must not carry a user name or password';
  if (raw.includes('#')) return 'must not carry a fragment';
  if (!PLAIN_HOST.test(url.hostname)) return 'must name a plain host (letters, digits, hyphens and dots, or an IP address)';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname) ? null : 'may use http only on a loopback host (127.0.0.1, [::1], localhost); use https';
  return 'must use https (or http on a loopback host)';
}

/**
 * The CSP source (`scheme://host[:port]`) a page may send a form on to, for a redirect URI; null for
 * anything that is not a plain origin (then nothing is added, and the policy stays closed).
 */
export function cspSourceOf(redirectUri: string): string | null {
  if (redirectUriProblem(redirectUri) !== null) return null;
  const { origin } = new URL(redirectUri);
  return /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(origin) ? origin : null;
}
