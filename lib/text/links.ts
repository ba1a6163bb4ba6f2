// The one link finder for outside and agent text: the Show lane's count and host rule, outreach's
// count and allowlist, and the mirror's `[link:host]` lifting all read links through findLinks.
// linkify-it finds the candidates (its boundary, trailing-punctuation and bracket rules); tldts
// decides whether a bare name is a domain. One rule, no options:
// - a URL with a web scheme (http, https, ftp, ws, wss) is a link whatever its host (an IP too);
// - a bare name is a link when its suffix is an ICANN public suffix and it is not an IP:
//   `example.com`, `www.github.com/x`, `orca.so`, and also `readme.md` or `main.py` (.md and .py are
//   country domains). Counting them errs on the safe side: a limit counts one link too many rather
//   than one too few, and the mirror marks and checks `orca.so` or `metamask-help.sh` as the hosts
//   they are;
// - emails and `mailto:` are not links; other schemes (`ipfs://`, `javascript:`) are not either.
import { domainToASCII } from 'node:url';
import { LinkifyIt, REBuilder, type SchemaOpts } from 'linkify-it';
import { parse } from 'tldts';

export type FoundLink = {
  /** The link as written, trailing punctuation removed. */
  text: string;
  start: number;
  end: number;
  /** Lowercased scheme without the colon (`https`), null for a bare domain. */
  scheme: string | null;
  /** Lowercase ASCII host (punycode for a Unicode host), no trailing dot; null when none parses. */
  host: string | null;
};

// linkify-it's regex builder with two changes: any run of letters may be a suffix (tldts decides
// below, so there is no TLD list of our own to keep current), and a bare domain may carry a port
// ("node1.example.com:8080"), as a scheme URL may.
class Builder extends REBuilder {
  override get_tld(): RegExp {
    return (this.cache.tld ??= new RegExp(`[a-z\\u00a1-\\uffff]{2,63}|${this.get_xn().source}`));
  }

  override get_fuzzy_url_host_port(): RegExp {
    return (this.cache.fuzzy_url_host_port ??= new RegExp(
      `(?:(?:(?:${this.get_domain().source})\\.){1,10}(?:${this.get_tld().source}))${this.get_port().source}${this.get_host_terminator().source}`,
    ));
  }
}

// WebSocket URLs are read like http ones (linkify-it's own validator for web schemes).
const webSchema: SchemaOpts = {
  validate: (text, pos, self) => {
    const re = self.re.get_http_validator();
    re.lastIndex = pos;
    return re.exec(text)?.[0].length ?? 0;
  },
};

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false, urlAuth: true, rebuilder: new Builder() })
  .add('ws:', webSchema)
  .add('wss:', webSchema)
  .add('mailto:', null)
  .add('//', null);

// Most texts hold no link at all: a look for "://" or "x.yz" skips linkify.
const MAY_HOLD_LINK = /:\/\/|[a-z0-9]\.[a-z]{2}|[^\x00-\x7f]\.|\.[^\x00-\x7f]/i;

// Every link holds "://" (a scheme URL) or a dot before the first letter of its suffix (linkify-it's
// suffix class, `[a-z\u00a1-\uffff]`, case-insensitive).
const LINK_SIGN = /:\/\/|\.[a-z\u00a1-\uffff]/gi;

// A space, tab, CR or LF that a lone low surrogate does not follow: no link holds one (linkify-it's
// host, path and auth stop at Z and Cc characters; only its "any character" may take one, as the
// unit before a lone low surrogate), and before a link linkify-it reads one as the start of the text.
function isGapAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code !== 0x20 && code !== 0x0a && code !== 0x09 && code !== 0x0d) return false;
  const next = text.charCodeAt(at + 1);
  return !(next >= 0xdc00 && next <= 0xdfff);
}

/** Internal switch for tests: reading pieces must find exactly what reading the whole text finds. */
export const linkPieces = { enabled: true };

// The pieces of `text` between gaps that hold a LINK_SIGN, as [start, end) pairs. linkify-it finds
// in each piece read alone exactly what it finds there in the whole text, so only these pieces are
// read: its boundary regex otherwise tries every position of a long post.
function pieces(text: string): [number, number][] {
  if (!linkPieces.enabled) return [[0, text.length]];
  const found: [number, number][] = [];
  LINK_SIGN.lastIndex = 0;
  for (let m = LINK_SIGN.exec(text); m !== null; m = LINK_SIGN.exec(text)) {
    let start = m.index;
    while (start > 0 && !isGapAt(text, start - 1)) start--;
    let end = m.index;
    while (end < text.length && !isGapAt(text, end)) end++;
    found.push([start, end]);
    LINK_SIGN.lastIndex = end;
  }
  return found;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Lowercase ASCII host of a URL or bare domain, punycode for Unicode hosts; null when none parses. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(HAS_SCHEME.test(url) ? url : `http://${url}`).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
    if (host.length > 0) return host;
  } catch {
    // An unparseable URL still has a visible host part; fall back to the domain parser below.
  }
  const host = parse(url).hostname;
  if (host === null || host.length === 0) return null;
  return domainToASCII(host) || host.toLowerCase();
}

function isDomain(host: string | null): boolean {
  if (host === null) return false;
  const parsed = parse(host);
  return parsed.isIcann === true && parsed.domain !== null && parsed.isIp !== true;
}

/** Every link in `text`, in order of occurrence. */
export function findLinks(text: string): FoundLink[] {
  if (!MAY_HOLD_LINK.test(text)) return [];
  const found: FoundLink[] = [];
  for (const [start, end] of pieces(text)) {
    for (const m of linkify.match(text.slice(start, end)) ?? []) {
      const scheme = m.schema === '' ? null : m.schema.replace(/:$/, '').toLowerCase();
      const host = hostOf(m.raw);
      if (scheme === null && !isDomain(host)) continue;
      found.push({ text: m.raw, start: start + m.index, end: start + m.lastIndex, scheme, host });
    }
  }
  return found;
}

/** `text` with every link replaced by what `replace` returns for it. */
export function replaceLinks(text: string, links: readonly FoundLink[], replace: (link: FoundLink) => string): string {
  let out = '';
  let from = 0;
  for (const link of links) {
    out += text.slice(from, link.start) + replace(link);
    from = link.end;
  }
  return out + text.slice(from);
}
