// Step 4 of SPEC.md's processing: every link becomes `[link:host]`. Links are what the one finder
// (lib/text/links.ts) finds, bare names with a real public suffix included ("orca.so", and also
// "readme.md"). A short link is resolved only through the entity list that came with the post;
// nothing is fetched. Hosts are ASCII (punycode for a Unicode host).
import { findLinks, hostOf, replaceLinks } from '../text/links.ts';

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

export function liftLinks(text: string, entities: readonly UrlEntity[] = []): LiftedLinks {
  const all: string[] = [];
  const hosts: string[] = [];
  const links = findLinks(text);
  if (links.length === 0) return { text, all, hosts };

  const expanded = new Map<string, string>();
  for (const entity of entities) {
    if (typeof entity.url !== 'string' || entity.url.length === 0) continue;
    const full = typeof entity.expanded_url === 'string' && entity.expanded_url.length > 0 ? entity.expanded_url : entity.url;
    expanded.set(entity.url, full);
  }

  const lifted = links.flatMap((link) => {
    const full = expanded.get(link.text) ?? link.text;
    const host = (full === link.text ? link.host : hostOf(full)) ?? link.host;
    return host === null ? [] : [{ ...link, host, full }];
  });
  for (const link of lifted) {
    all.push(link.full);
    hosts.push(link.host);
  }
  return { text: replaceLinks(text, lifted, (link) => `[link:${link.host}]`), all, hosts };
}
