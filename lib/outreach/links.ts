// Links in an outreach email: at most 2, and only to the service's own host and to the owner's
// allowlist of market-data and code-hosting hosts. A bare domain ("example.com/x") counts as a link
// when its suffix is a real (ICANN) public suffix, so "e.g." or "index.js" are not links while
// "readme.md" is (.md is a country domain): we err on the side of counting.
import { fail } from '../errors.ts';
import { parse } from 'tldts';
import type { AppError } from '../errors.ts';

export type FoundLink = {
  /** The link as written (trailing punctuation removed). */
  text: string;
  index: number;
  /** Lowercased host without a trailing dot, or null when none could be read. */
  host: string | null;
  /** `https`, `http`, another scheme, or null for a bare domain. */
  scheme: string | null;
};

export type LinkPolicy = {
  /** The service's own host, e.g. `board.example.com` (subdomains of it are allowed too). */
  ownHost: string;
  /** Market-data and code-hosting hosts, e.g. `dexscreener.com`, `github.com` (subdomains allowed). */
  allowedHosts: readonly string[];
  /** Defaults to 2 (SPEC.md). */
  max?: number;
};

export const OUTREACH_MAX_LINKS = 2;

const SCHEME_URL = /(?<![\p{L}\p{N}_])([a-z][a-z0-9+.-]*):\/\/[^\s<>"'`()[\]{}]+/giu;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const BARE_DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}_@./:-])((?:${LABEL}\\.)+[\\p{L}]{2,63}|(?:${LABEL}\\.)+xn--[a-z0-9-]{2,59})(?::\\d{1,5})?(?:[/?#][^\\s<>"'\`()[\\]{}]*)?(?![\\p{L}\\p{N}_@-])`,
  'giu',
);
const TRAILING_PUNCTUATION = /[.,;:!?'"»”’)\]}]+$/u;

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

function hostOf(text: string, withScheme: boolean): string | null {
  try {
    const url = new URL(withScheme ? text : `https://${text}`);
    return url.hostname ? normaliseHost(url.hostname.replace(/^\[|\]$/g, '')) : null;
  } catch {
    return null;
  }
}

/** Every link in `text`: scheme URLs first claim their span, then bare domains outside them. */
export function extractLinks(text: string): FoundLink[] {
  const found: FoundLink[] = [];
  const taken: Array<[number, number]> = [];
  for (const m of text.matchAll(SCHEME_URL)) {
    const raw = m[0].replace(TRAILING_PUNCTUATION, '');
    const scheme = (m[1] ?? '').toLowerCase();
    found.push({ text: raw, index: m.index, host: hostOf(raw, true), scheme });
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(BARE_DOMAIN)) {
    const start = m.index;
    if (taken.some(([a, b]) => start >= a && start < b)) continue;
    const raw = m[0].replace(TRAILING_PUNCTUATION, '');
    const domain = m[1] ?? '';
    const info = parse(domain);
    if (!info.isIcann || !info.domain) continue;
    found.push({ text: raw, index: start, host: hostOf(raw, false) ?? normaliseHost(domain), scheme: null });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** True when `host` is `entry` or a subdomain of it. */
export function hostMatches(host: string, entry: string): boolean {
  const h = normaliseHost(host);
  const e = normaliseHost(entry);
  return h === e || h.endsWith(`.${e}`);
}

export function isLinkAllowed(link: FoundLink, policy: LinkPolicy): boolean {
  if (link.scheme !== null && link.scheme !== 'https' && link.scheme !== 'http') return false;
  if (link.host === null) return false;
  return [policy.ownHost, ...policy.allowedHosts].some((entry) => hostMatches(link.host ?? '', entry));
}

/** OUTREACH_TOO_MANY_LINKS or OUTREACH_LINK_NOT_ALLOWED over all given texts, or null. */
export function checkLinks(texts: readonly string[], policy: LinkPolicy): AppError | null {
  const max = policy.max ?? OUTREACH_MAX_LINKS;
  const links = texts.flatMap((t) => extractLinks(t));
  if (links.length > max) {
    return fail('OUTREACH_TOO_MANY_LINKS', `Outreach link rule: at most ${max} links per email (a bare domain counts); found ${links.length}.`, {
      max,
      links: links.map((l) => l.text),
    });
  }
  const refused = links.filter((l) => !isLinkAllowed(l, policy));
  if (refused.length > 0) {
    return fail(
      'OUTREACH_LINK_NOT_ALLOWED',
      `Outreach link rule: links only to ${policy.ownHost} and the allowlisted market-data and code-hosting hosts; refused: ${refused
        .map((l) => l.text)
        .join(', ')}.`,
      { refused: refused.map((l) => l.text), allowed_hosts: [policy.ownHost, ...policy.allowedHosts] },
    );
  }
  return null;
}
