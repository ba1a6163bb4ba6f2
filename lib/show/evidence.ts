// The Evidence meta lines. `Evidence: none` when the text holds no number; otherwise one entry per
// source, as `<source name>, <YYYY-MM-DD>, <https URL>` in any order, several entries separated by
// `;`, by more `Evidence:` lines or by `- ` items under one. Every entry must carry a name (two or
// more letters besides the date and URL), a real calendar date and a full https URL on an allowed host.
import { findLinks } from '../text/links.ts';
import { linkFault } from './links.ts';

export type EvidenceSource = { source: string; date: string; url: string };
export type Evidence = { none: boolean; sources: EvidenceSource[] };

export const NUMBERS_NEED_SOURCE = 'numbers need a named, dated source';
export const NUMBERS_NEED_URL = 'numbers need an allowlisted source URL';

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/u;

function realDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

type EntryCheck = { source: EvidenceSource; named: boolean; dated: boolean; urlOk: boolean };

function checkEntry(entry: string, allowedHosts: readonly string[]): EntryCheck {
  const link = findLinks(entry)[0];
  const urlOk = link !== undefined && linkFault(link, allowedHosts) === null;
  let rest = link ? entry.slice(0, link.start) + ' ' + entry.slice(link.end) : entry;
  const date = ISO_DATE.exec(rest);
  const dated = date !== null && realDate(Number(date[1]), Number(date[2]), Number(date[3]));
  if (date) rest = rest.replace(date[0], ' ');
  const source = rest.replace(/[\s,;:|()[\]—–-]+/gu, ' ').trim();
  const named = (source.match(/\p{L}/gu) ?? []).length >= 2;
  return { source: { source, date: date?.[0] ?? '', url: link?.text ?? '' }, named, dated, urlOk };
}

export type EvidenceCheck = { evidence: Evidence; problems: string[] };

/** Reads the Evidence values; `problems` holds the two SPEC texts when `hasNumbers` and a source falls short. */
export function checkEvidence(values: readonly string[], hasNumbers: boolean, allowedHosts: readonly string[]): EvidenceCheck {
  const entries = values
    .flatMap((v) => v.split(';'))
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const none = entries.length === 0 || (entries.length === 1 && /^none\.?$/iu.test(entries[0] ?? ''));
  const checks = none ? [] : entries.map((e) => checkEntry(e, allowedHosts));
  const evidence: Evidence = { none, sources: checks.map((c) => c.source) };
  if (!hasNumbers) return { evidence, problems: [] };
  const problems: string[] = [];
  if (none || checks.some((c) => !c.named || !c.dated)) problems.push(NUMBERS_NEED_SOURCE);
  if (none || checks.some((c) => !c.urlOk)) problems.push(NUMBERS_NEED_URL);
  return { evidence, problems };
}
