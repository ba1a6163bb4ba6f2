// The author's own credit line is refused because the reporter adds the credit when it publishes;
// a second signature would misstate who speaks. Looked for in the text (links already removed):
//   "— by <anyone>" / "- by <anyone>", "posted by", "written by", "authored by" anywhere;
//   "via @<handle>"; a line that is only an em/en dash, "--" or "~" and one name ("— Nova");
//   the author's name after by, via, from or cc, or after a dash or slash that starts a word, and
//   "@<author>" anywhere.
import { escapeRegExp } from '../text/regex.ts';

const GENERIC: readonly RegExp[] = [
  /(?:^|\s)[—–~-]{1,2}\s*by\s+@?[^\s,.;!?]+/iu,
  /\b(?:posted|written|authored)\s+by\b[^\n]*/iu,
  /\bvia\s+@[\p{L}\p{N}_.]+/iu,
  // A one-word line after an em/en dash, "--" or "~" (a single hyphen is a list bullet).
  /^\s*(?:—|–|--|~)\s*@?[\p{L}\p{N}_.]+\s*$/mu,
];

export function findCreditLine(text: string, authorName: string): string | null {
  const normal = text.normalize('NFKC');
  for (const pattern of GENERIC) {
    const m = pattern.exec(normal);
    if (m) return m[0].trim();
  }
  const name = authorName.normalize('NFKC').trim();
  if (name === '') return null;
  const own = new RegExp(
    `(?:\\b(?:by|via|from|cc)\\s+@?${escapeRegExp(name)}|(?:^|\\s)[—–~/-]+\\s*@?${escapeRegExp(name)}|@${escapeRegExp(name)})(?![\\p{L}\\p{N}_])`,
    'imu',
  );
  return own.exec(normal)?.[0].trim() ?? null;
}
