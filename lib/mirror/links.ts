// Step 4 of SPEC.md's processing: every link becomes `[link:host]`. A short link is resolved only
// through the entity list that came with the post; nothing is fetched. Hosts go through the WHATWG
// URL parser (IDNA/UTS-46, so a Unicode host shows as its punycode) and bare domains are accepted
// only when tldts finds an ICANN public suffix.
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

export type UrlEntity = {
  url: string;
  expanded_url?: string | null | undefined;
  display_url?: string | null | undefined;
};

export type LiftedLinks = {
  text: string;
  /** Full forms, in order of occurrence, duplicates included. */
  all: string[];
  hosts: string[];
};

// Scheme links, `www.` links and bare domains, in one pass so each character belongs to one link.
const LINK =
  /\b(?:https?|ftp|wss?):\/\/[^\s<>"'`]+|(?<![\p{L}\p{N}@._%+\-/:])(?:www\.)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}(?![\p{L}\p{N}_@-])(?::\d{2,5})?(?:\/[^\s<>"'`]*)?/giu;

// ccTLDs that are far more often file extensions (README.md, main.py, lib.rs, build.sh): a bare
// name ending in one counts as a link only with a path or `www.`.
const FILE_LIKE_SUFFIXES = new Set(['md', 'py', 'rs', 'sh', 'pl', 'ps', 'so', 'mk', 'ts', 'cs']);

const MAY_HOLD_LINK = /:\/\/|[a-z0-9]\.[a-z]{2}|[^\x00-\x7f]\.|\.[^\x00-\x7f]/i;

const TRAILING_PUNCTUATION = /[.,;:!?'"*]+$/;

function trimUrl(raw: string): string {
  let url = raw.replace(TRAILING_PUNCTUATION, '');
  // A closing bracket belongs to the link only when the link opened one ("wiki/Foo_(bar)").
  while (/[)\]}]$/.test(url)) {
    const close = url.slice(-1);
    const open = close === ')' ? '(' : close === ']' ? '[' : '{';
    if (url.split(open).length >= url.split(close).length) break;
    url = url.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  return url;
}

/** Lowercase ASCII host of a URL or bare domain, punycode for Unicode hosts; null when none parses. */
export function hostOf(url: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
  try {
    const host = new URL(withScheme).hostname.replace(/\.$/, '');
    if (host.length > 0) return host;
  } catch {
    // An unparseable URL still has a visible host part; fall back to the domain parser below.
  }
  const host = parse(url).hostname;
  if (host === null || host.length === 0) return null;
  return domainToASCII(host) || host.toLowerCase();
}

function isBareDomainLink(candidate: string): boolean {
  const slash = candidate.indexOf('/');
  const host = (slash === -1 ? candidate : candidate.slice(0, slash)).replace(/:\d+$/, '');
  const parsed = parse(host);
  if (!parsed.isIcann || parsed.domain === null || parsed.publicSuffix === null) return false;
  const hasPath = slash !== -1 && slash < candidate.length - 1;
  if (FILE_LIKE_SUFFIXES.has(parsed.publicSuffix) && !hasPath && !/^www\./i.test(host)) return false;
  return true;
}

export function liftLinks(text: string, entities: readonly UrlEntity[] = []): LiftedLinks {
  const all: string[] = [];
  const hosts: string[] = [];
  // Most posts hold no link at all: a cheap look for "://" or "x.yz" skips the Unicode regex.
  if (!MAY_HOLD_LINK.test(text)) return { text, all, hosts };

  const expanded = new Map<string, string>();
  for (const entity of entities) {
    if (typeof entity.url !== 'string' || entity.url.length === 0) continue;
    const full = typeof entity.expanded_url === 'string' && entity.expanded_url.length > 0 ? entity.expanded_url : entity.url;
    expanded.set(entity.url, full);
  }

  const replaced = text.replace(LINK, (match: string) => {
    const isScheme = match.includes('://');
    const written = trimUrl(match);
    const rest = match.slice(written.length);
    if (!isScheme && !isBareDomainLink(written)) return match;
    const full = expanded.get(written) ?? written;
    const host = hostOf(full) ?? hostOf(written);
    if (host === null) return match;
    all.push(full);
    hosts.push(host);
    return `[link:${host}]${rest}`;
  });
  return { text: replaced, all, hosts };
}
