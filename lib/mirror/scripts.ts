// Script checks: mixed_scripts per word (Unicode TR39 "highly restrictive" level) and
// unchecked_language for posts that are mostly in a non-Latin script. Script properties come from
// the regex engine's own Unicode tables (\p{Script=...}), so no data file has to be kept current.
import { codePointTest, isLetter, runAround } from './codepoints.ts';
import { isLatinLookalike } from './fold.ts';

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

// Per-letter memo: up to 19 property tests per letter, and posts reuse a small alphabet. Capped so
// a flood of distinct letters cannot grow it.
const SCRIPT_CACHE = new Map<string, string | null>();
const SCRIPT_CACHE_LIMIT = 20_000;

function scriptOf(letter: string): string | null {
  const cached = SCRIPT_CACHE.get(letter);
  if (cached !== undefined) return cached;
  let script: string | null = 'other';
  if (SHARED.test(letter)) script = null;
  else
    for (const [name, re] of NAMED_SCRIPTS)
      if (re.test(letter)) {
        script = name;
        break;
      }
  if (SCRIPT_CACHE.size < SCRIPT_CACHE_LIMIT) SCRIPT_CACHE.set(letter, script);
  return script;
}

const ASCII_WORD = /^[A-Za-z]*$/;

// Most posts are ASCII plus emoji: a charCode walk rules them out faster than any Unicode regex.
function hasNonAsciiLetter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0xc0) continue;
    const cp = text.codePointAt(i) ?? 0;
    if (isLetter(cp)) return true;
    if (cp > 0xffff) i++;
  }
  return false;
}

const isWordPart = codePointTest(/[\p{L}\p{M}]/u);

// A word made of ASCII letters and marks is one script; only the words around a non-ASCII letter
// are read, each as the whole run of letters and marks around it.
export function hasMixedScriptWord(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) < 0xc0) {
      i++;
      continue;
    }
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    if (!isLetter(cp)) {
      i += width;
      continue;
    }
    const [start, end] = runAround(text, i, isWordPart);
    if (isMixedWord(text.slice(start, end))) return true;
    i = end;
  }
  return false;
}

function isMixedWord(word: string): boolean {
  if (ASCII_WORD.test(word)) return false;
  const scripts = new Set<string>();
  for (const ch of word) {
    if (!isLetter(ch.codePointAt(0) ?? 0)) continue;
    const script = scriptOf(ch);
    if (script !== null) scripts.add(script);
  }
  if (scripts.size < 2) return false;
  return !ALLOWED_COMBINATIONS.some((combination) => [...scripts].every((s) => combination.has(s)));
}

const LATIN = /\p{sc=Latn}/u;

const NOT_LETTER = 0;
const LATIN_LETTER = 1;
const OTHER_LETTER = 2;
const LOOKALIKE = 3;
type LetterKind = typeof NOT_LETTER | typeof LATIN_LETTER | typeof OTHER_LETTER | typeof LOOKALIKE;
// Per-code-point memo of what isMostlyNonLatin counts (capped like the script memo).
const KIND_CACHE = new Map<number, LetterKind>();

function letterKind(cp: number): LetterKind {
  const cached = KIND_CACHE.get(cp);
  if (cached !== undefined) return cached;
  const ch = String.fromCodePoint(cp);
  const kind = !isLetter(cp) ? NOT_LETTER : LATIN.test(ch) ? LATIN_LETTER : isLatinLookalike(ch) ? LOOKALIKE : OTHER_LETTER;
  if (KIND_CACHE.size < SCRIPT_CACHE_LIMIT) KIND_CACHE.set(cp, kind);
  return kind;
}

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
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) letters++;
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    if (cp > 0xffff) i++;
    const kind = letterKind(cp);
    if (kind === NOT_LETTER) continue;
    letters++;
    if (kind === LATIN_LETTER) continue;
    nonLatin++;
    if (kind === LOOKALIKE) lookalikes++;
  }
  if (letters < MIN_LETTERS_FOR_LANGUAGE || nonLatin * 2 <= letters) return false;
  return lookalikes < nonLatin * 0.8;
}
