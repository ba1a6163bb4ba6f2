// Script checks: mixed_scripts per word (Unicode TR39 "highly restrictive" level) and
// unchecked_language for posts that are mostly in a non-Latin script. Script properties come from
// the regex engine's own Unicode tables (\p{Script=...}), so no data file has to be kept current.
import { isLatinLookalike } from './fold.ts';
import { someMatch } from './regex.ts';

// Scripts told apart by name; any other letter counts as one "other" script, which can only make a
// mixed word look less mixed (two different unlisted scripts in one word are not told apart).
const NAMED_SCRIPTS: readonly [string, RegExp][] = [
  ['Latn', /\p{sc=Latn}/u],
  ['Cyrl', /\p{sc=Cyrl}/u],
  ['Grek', /\p{sc=Grek}/u],
  ['Hani', /\p{sc=Hani}/u],
  ['Hira', /\p{sc=Hira}/u],
  ['Kana', /\p{sc=Kana}/u],
  ['Hang', /\p{sc=Hang}/u],
  ['Bopo', /\p{sc=Bopo}/u],
  ['Armn', /\p{sc=Armn}/u],
  ['Cher', /\p{sc=Cher}/u],
  ['Geor', /\p{sc=Geor}/u],
  ['Hebr', /\p{sc=Hebr}/u],
  ['Arab', /\p{sc=Arab}/u],
  ['Thai', /\p{sc=Thai}/u],
  ['Deva', /\p{sc=Deva}/u],
  ['Lisu', /\p{sc=Lisu}/u],
  ['Copt', /\p{sc=Copt}/u],
  ['Runr', /\p{sc=Runr}/u],
];
const SHARED = /[\p{sc=Zyyy}\p{sc=Zinh}]/u;

// TR39 5.2: besides a single script, a highly restrictive identifier may combine Latin with the
// scripts of Japanese, Chinese (with Bopomofo) or Korean writing. Latin with Cyrillic or Greek never.
const ALLOWED_COMBINATIONS: readonly ReadonlySet<string>[] = [
  new Set(['Latn', 'Hani', 'Hira', 'Kana']),
  new Set(['Latn', 'Hani', 'Bopo']),
  new Set(['Latn', 'Hani', 'Hang']),
];

function scriptOf(letter: string): string | null {
  if (SHARED.test(letter)) return null;
  for (const [name, re] of NAMED_SCRIPTS) if (re.test(letter)) return name;
  return 'other';
}

const WORD = /[\p{L}\p{M}]+/gu;
const LETTER = /\p{L}/u;
const ASCII_WORD = /^[A-Za-z]*$/;

// Most posts are ASCII plus emoji: a charCode walk rules them out faster than any Unicode regex.
function hasNonAsciiLetter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0xc0) continue;
    const cp = text.codePointAt(i) ?? 0;
    if (LETTER.test(String.fromCodePoint(cp))) return true;
    if (cp > 0xffff) i++;
  }
  return false;
}

export function hasMixedScriptWord(text: string): boolean {
  if (!hasNonAsciiLetter(text)) return false;
  return someMatch(WORD, text, ([word]) => isMixedWord(word));
}

function isMixedWord(word: string): boolean {
  if (ASCII_WORD.test(word)) return false;
  const scripts = new Set<string>();
  for (const ch of word) {
    if (!LETTER.test(ch)) continue;
    const script = scriptOf(ch);
    if (script !== null) scripts.add(script);
  }
  if (scripts.size < 2) return false;
  return !ALLOWED_COMBINATIONS.some((combination) => [...scripts].every((s) => combination.has(s)));
}

const LATIN = /\p{sc=Latn}/u;

/** Fewer letters than this are too few to call a language. */
export const MIN_LETTERS_FOR_LANGUAGE = 8;

/**
 * True when most letters are in a non-Latin script and the text is not Latin in disguise: a post
 * written entirely in Cyrillic lookalikes ("іgnоrе аll") is English to the folded copy and is read,
 * while real Russian or Greek keeps well under 80% of its letters Latin-shaped.
 */
export function isMostlyNonLatin(text: string): boolean {
  if (!hasNonAsciiLetter(text)) return false;
  let letters = 0;
  let nonLatin = 0;
  let lookalikes = 0;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) letters++;
      continue;
    }
    if (!LETTER.test(ch)) continue;
    letters++;
    if (LATIN.test(ch)) continue;
    nonLatin++;
    if (isLatinLookalike(ch)) lookalikes++;
  }
  if (letters < MIN_LETTERS_FOR_LANGUAGE || nonLatin * 2 <= letters) return false;
  return lookalikes < nonLatin * 0.8;
}
