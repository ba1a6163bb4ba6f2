// What counts as a link in Show text: any `scheme://...` URL, and any bare domain whose suffix is a
// real (ICANN) top-level domain, with or without a path: `example.com`, `www.github.com/x`,
// `readme.md` (.md is Moldova's). Emails are not links. Same finder for the 230 count and for X's.
import { parse } from 'tldts';
import { isAllowedHost } from './hosts.ts';

export type FoundLink = { text: string; start: number; end: number; bare: boolean };

const SCHEME_URL = /[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+/giu;
// A dotted host that is not glued to a word, an email's @, a path or another dot.
const BARE_DOMAIN =
  /(?<![\p{L}\p{N}_@.\/:-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]{0,62}(?::\d{1,5})?(?:\/[^\s<>"'`]*)?/gu;

function trimTrailing(url: string): string {
  let out = url.replace(/[.,;:!?'"”’»]+$/u, '');
  // A closing bracket belongs to the URL only when the URL opened one.
  while (/[)\]}]$/.test(out)) {
    const close = out.at(-1);
    const open = close === ')' ? '(' : close === ']' ? '[' : '{';
    if (out.split(open).length >= out.split(close ?? ')').length) break;
    out = out.slice(0, -1).replace(/[.,;:!?'"”’»]+$/u, '');
  }
  return out;
}

function isRealDomain(host: string): boolean {
  const info = parse(host.toLowerCase());
  return info.isIcann === true && info.domain !== null && info.isIp !== true;
}

export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  let masked = text;
  for (const m of text.matchAll(SCHEME_URL)) {
    const value = trimTrailing(m[0]);
    if (value.length === 0) continue;
    links.push({ text: value, start: m.index, end: m.index + value.length, bare: false });
    masked = masked.slice(0, m.index) + ' '.repeat(value.length) + masked.slice(m.index + value.length);
  }
  for (const m of masked.matchAll(BARE_DOMAIN)) {
    const value = trimTrailing(m[0]);
    const host = value.split(/[/:]/)[0] ?? '';
    if (!isRealDomain(host)) continue;
    links.push({ text: value, start: m.index, end: m.index + value.length, bare: true });
  }
  return links.sort((a, b) => a.start - b.start);
}

/** `text` with every link replaced by spaces of the same length, so other rules never read URLs. */
export function withoutLinks(text: string, links: readonly FoundLink[] = findLinks(text)): string {
  let out = text;
  for (const l of links) out = out.slice(0, l.start) + ' '.repeat(l.end - l.start) + out.slice(l.end);
  return out;
}

export type LinkFault = { rule: 'link_not_https' | 'link_host'; message: string };

/** Null when the link is a full https URL on an allowed host, else why not. */
export function linkFault(link: FoundLink, allowedHosts: readonly string[]): LinkFault | null {
  if (link.bare) {
    return { rule: 'link_not_https', message: `"${link.text}" counts as a link and is not a full https URL` };
  }
  let url: URL;
  try {
    url = new URL(link.text);
  } catch {
    return { rule: 'link_not_https', message: `"${link.text}" is not a full https URL` };
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '' || url.port !== '') {
    return { rule: 'link_not_https', message: `"${link.text}" is not a full https URL` };
  }
  if (!isAllowedHost(url.hostname, allowedHosts)) {
    return { rule: 'link_host', message: `"${link.text}" is not on an allowed host (${url.hostname})` };
  }
  return null;
}
