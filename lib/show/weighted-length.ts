// The Show lane's own weighted length (the 230 and 280 limits): per user-perceived character
// (grapheme), an emoji or a CJK character weighs 2 and anything else 1; a link counts as written
// (its characters, not a shortened length). The text passed in never holds the meta lines.
import { findLinks } from './links.ts';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

// Unicode's emoji set for interchange (what keyboards produce): 😀, ❤️, 👨‍👩‍👧, 1️⃣, 🇷🇺.
const EMOJI = /^\p{RGI_Emoji}$/v;
// Han, kana, Hangul, Bopomofo, CJK punctuation and full-width forms: double width everywhere.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

export function isEmoji(grapheme: string): boolean {
  return EMOJI.test(grapheme);
}

export function isCjk(grapheme: string): boolean {
  return CJK.test(grapheme);
}

function plainWeight(text: string): number {
  let n = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (segment.length === 1 && segment.charCodeAt(0) < 0x2000) n += 1;
    else n += isEmoji(segment) || isCjk(segment) ? 2 : 1;
  }
  return n;
}

export function showWeightedLength(text: string): number {
  const normal = text.normalize('NFC');
  let n = 0;
  let at = 0;
  for (const link of findLinks(normal)) {
    n += plainWeight(normal.slice(at, link.start)) + [...link.text].length;
    at = link.end;
  }
  return n + plainWeight(normal.slice(at));
}
