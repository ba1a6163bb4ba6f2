// Step 4 of SPEC.md's processing: every link becomes `[link:host]`. Links are what the one finder
// (lib/text/links.ts) finds, bare names with a real public suffix included ("orca.so", and also
// "readme.md"). A short link is resolved only through the entity list that came with the post;
// nothing is fetched. Hosts are ASCII (punycode for a Unicode host).
import { findLinks, hostOf, replaceLinks } from '../text/links.ts';

export type UrlEntity = {
  url: string;
  expanded_url?: string | null | undefined;
  display_url?: string | null | undefined;
  /** X API v2: where the link ends up after its redirects (a shortener behind the short link). */
  unwound_url?: string | null | undefined;
};

export type LiftedLinks = {
  text: string;
  /** Full forms, in order of occurrence, duplicates included. */
  all: string[];
  hosts: string[];
  /**
   * Hosts the entity list names behind a short link besides the one shown: where it unwinds to
   * (`unwound_url`, the end of a chain of shorteners) and what the network displays (`display_url`).
   * Read for lookalike_host only; never shown and never counted as links.
   */
  behind: string[];
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

export function liftLinks(text: string, entities: readonly UrlEntity[] = []): LiftedLinks {
  const all: string[] = [];
  const hosts: string[] = [];
  const behind: string[] = [];
  const links = findLinks(text);
  if (links.length === 0) return { text, all, hosts, behind };

  const byUrl = new Map<string, UrlEntity>();
  for (const entity of entities) {
    if (textOf(entity.url) === null) continue;
    byUrl.set(entity.url, entity);
  }

  const lifted = links.flatMap((link) => {
    const entity = byUrl.get(link.text);
    // The expanded URL is the link as the author posted it; without one, where it unwinds to.
    const full = (entity && (textOf(entity.expanded_url) ?? textOf(entity.unwound_url))) ?? link.text;
    const host = (full === link.text ? link.host : hostOf(full)) ?? link.host;
    if (host === null) return [];
    if (entity !== undefined) {
      for (const other of [entity.unwound_url, entity.display_url]) {
        const otherHost = textOf(other) === null ? null : hostOf(other as string);
        if (otherHost !== null && otherHost !== host) behind.push(otherHost);
      }
    }
    return [{ ...link, host, full }];
  });
  for (const link of lifted) {
    all.push(link.full);
    hosts.push(link.host);
  }
  return { text: replaceLinks(text, lifted, (link) => `[link:${link.host}]`), all, hosts, behind };
}
