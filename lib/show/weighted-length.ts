// Weighted length, one walker for the two counting rules the Show lane needs. Text is NFC-normalised
// first; links are found once (links.ts) and weighed by the rule; the text between them is weighed
// per user-perceived character (grapheme).
// - `show`: the lane's own limits (230 and 280): an emoji or a CJK grapheme weighs 2, anything else
//   1; a link counts as written (its characters).
// - `x`: the external network's counting (twitter-text v3), used to check that a post plus the
//   reporter's credit line fits: every link 23; an emoji sequence 2; other code points 1 in the
//   Latin-and-general-punctuation ranges and 2 elsewhere (CJK and most other scripts).
import { lazy } from '../lazy.ts';
import { findLinks } from '../text/links.ts';

export const X_MAX_WEIGHTED = 280;
export const X_LINK_LENGTH = 23;

// Built on first use: ICU's segmentation data is loaded only by a process that weighs text.
const graphemes = lazy(() => new Intl.Segmenter('en', { granularity: 'grapheme' }));

// Unicode's emoji set for interchange (what keyboards produce): 😀, ❤️, 👨‍👩‍👧, 1️⃣, 🇷🇺.
// Built on first use: V8 builds this set where the literal is evaluated, at a cost of 5-25 ms.
const EMOJI = lazy(() => /^\p{RGI_Emoji}$/v);
// Han, kana, Hangul, Bopomofo, CJK punctuation and full-width forms: double width everywhere.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

export function isEmoji(grapheme: string): boolean {
  return EMOJI().test(grapheme);
}

export function isCjk(grapheme: string): boolean {
  return CJK.test(grapheme);
}

type Rule = { grapheme: (segment: string) => number; link: (written: string) => number };

// twitter-text's weight-100 ranges; everything else weighs 200 (counted here as 1 and 2).
function xCodePointWeight(cp: number): number {
  if (cp <= 4351 || (cp >= 8192 && cp <= 8205) || (cp >= 8208 && cp <= 8223) || (cp >= 8242 && cp <= 8247)) return 1;
  return 2;
}

const RULES = {
  show: {
    grapheme: (segment) => {
      if (segment.length === 1 && segment.charCodeAt(0) < 0x2000) return 1;
      return isEmoji(segment) || isCjk(segment) ? 2 : 1;
    },
    link: (written) => [...written].length,
  },
  x: {
    grapheme: (segment) => {
      if (segment.length > 1 && isEmoji(segment)) return 2;
      let n = 0;
      for (const ch of segment) n += isEmoji(ch) ? 2 : xCodePointWeight(ch.codePointAt(0) ?? 0);
      return n;
    },
    link: () => X_LINK_LENGTH,
  },
} satisfies Record<string, Rule>;

export type WeightRule = keyof typeof RULES;

function plainWeight(text: string, rule: Rule): number {
  let n = 0;
  for (const { segment } of graphemes().segment(text)) n += rule.grapheme(segment);
  return n;
}

export function weightedLength(text: string, ruleName: WeightRule): number {
  const rule: Rule = RULES[ruleName];
  const normal = text.normalize('NFC');
  let n = 0;
  let at = 0;
  for (const link of findLinks(normal)) {
    n += plainWeight(normal.slice(at, link.start), rule) + rule.link(link.text);
    at = link.end;
  }
  return n + plainWeight(normal.slice(at), rule);
}

/** The Show lane's own weighted length (the 230 and 280 limits). */
export const showWeightedLength = (text: string): number => weightedLength(text, 'show');
/** The external network's weighted length. */
export const xWeightedLength = (text: string): number => weightedLength(text, 'x');

export type XFit = { length: number; max: number; fits: boolean };

/** Whether the post and the reporter's credit line, joined by `separator`, fit one external post. */
export function fitsWithCredit(post: string, creditLine: string, separator = '\n\n'): XFit {
  const length = xWeightedLength(`${post}${separator}${creditLine}`);
  return { length, max: X_MAX_WEIGHTED, fits: length <= X_MAX_WEIGHTED };
}
