// The external network's own counting (twitter-text v3 rules), used by the publication task to
// check that a post plus the reporter's credit line fits: every link counts 23; an emoji sequence
// counts 2; other code points count 1 in the Latin-and-general-punctuation ranges and 2 elsewhere
// (CJK and most other scripts). Text is NFC-normalised first, as the network does.
import { findLinks } from './links.ts';
import { isEmoji } from './weighted-length.ts';

export const X_MAX_WEIGHTED = 280;
export const X_LINK_LENGTH = 23;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

// twitter-text's weight-100 ranges; everything else weighs 200 (counted here as 1 and 2).
function codePointWeight(cp: number): number {
  if (cp <= 4351 || (cp >= 8192 && cp <= 8205) || (cp >= 8208 && cp <= 8223) || (cp >= 8242 && cp <= 8247)) return 1;
  return 2;
}

function plainWeight(text: string): number {
  let n = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (segment.length > 1 && isEmoji(segment)) {
      n += 2;
      continue;
    }
    for (const ch of segment) n += isEmoji(ch) ? 2 : codePointWeight(ch.codePointAt(0) ?? 0);
  }
  return n;
}

export function xWeightedLength(text: string): number {
  const normal = text.normalize('NFC');
  let n = 0;
  let at = 0;
  for (const link of findLinks(normal)) {
    n += plainWeight(normal.slice(at, link.start)) + X_LINK_LENGTH;
    at = link.end;
  }
  return n + plainWeight(normal.slice(at));
}

export type XFit = { length: number; max: number; fits: boolean };

/** Whether the post and the reporter's credit line, joined by `separator`, fit one external post. */
export function fitsWithCredit(post: string, creditLine: string, separator = '\n\n'): XFit {
  const length = xWeightedLength(`${post}${separator}${creditLine}`);
  return { length, max: X_MAX_WEIGHTED, fits: length <= X_MAX_WEIGHTED };
}
