// Show's link rules over the one finder (lib/text/links.ts, where what counts as a link is decided):
// a bare domain counts as a link and is never a full https URL. Same finder for the 230 count.
import { type FoundLink, findLinks, replaceLinks } from '../text/links.ts';
import { isAllowedHost } from './hosts.ts';

/** `text` with every link replaced by spaces of the same length, so other rules never read URLs. */
export function withoutLinks(text: string, links: readonly FoundLink[] = findLinks(text)): string {
  return replaceLinks(text, links, (l) => ' '.repeat(l.end - l.start));
}

export type LinkFault = { rule: 'link_not_https' | 'link_host'; message: string };

/** Null when the link is a full https URL on an allowed host, else why not. */
export function linkFault(link: FoundLink, allowedHosts: readonly string[]): LinkFault | null {
  if (link.scheme === null) {
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
