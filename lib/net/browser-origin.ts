// Which browser origins may call the service's own endpoints: the site and the service itself.
// A request from a page of any other origin (or `Origin: null`, or `Sec-Fetch-Site` saying
// cross-site) is foreign; a client that sends no `Origin` is not a browser page and is not judged.
// The MCP endpoint refuses foreign origins (DNS rebinding, MCP transports spec); the publication
// site's guest routes check the same list and rule in lib/pub/guests.ts (left to that area's owner).
import type { Config } from '../config.ts';

export function ownOrigins(config: Pick<Config, 'siteUrl' | 'baseUrl'>): string[] {
  return [...new Set([new URL(config.siteUrl).origin, new URL(config.baseUrl).origin])];
}

/** True when a browser says the request comes from a page that is not one of ours. */
export function isForeignOrigin(origins: readonly string[], headers: { origin: string | null; fetchSite: string | null }): boolean {
  if (headers.origin !== null && !origins.includes(headers.origin)) return true;
  return headers.fetchSite !== null && !['same-origin', 'none'].includes(headers.fetchSite);
}
