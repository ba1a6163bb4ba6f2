// Links in an outreach email: at most 2, and only to the service's own host and to the owner's
// allowlist of market-data and code-hosting hosts. What counts as a link is the one finder's rule
// (lib/text/links.ts): a bare name with a real public suffix counts, "readme.md" included.
import { fail } from '../errors.ts';
import type { AppError } from '../errors.ts';
import { type FoundLink, findLinks } from '../text/links.ts';

export type LinkPolicy = {
  /** The service's own host, e.g. `board.example.com` (subdomains of it are allowed too). */
  ownHost: string;
  /** Market-data and code-hosting hosts, e.g. `dexscreener.com`, `github.com` (subdomains allowed). */
  allowedHosts: readonly string[];
  /** Defaults to 2 (SPEC.md). */
  max?: number;
};

export const OUTREACH_MAX_LINKS = 2;

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
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
  const links = texts.flatMap((t) => findLinks(t));
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
