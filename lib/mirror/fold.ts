// The folded, squashed and un-leeted copies that flag matching reads besides the shown text. None
// of them is ever stored or served: the stored text stays NFC, which is what lets "found only in a
// transformed form" (obfuscated_instruction) be told apart from a plain match.
import unhomoglyph from 'unhomoglyph';
import { isLetter, runAround } from './codepoints.ts';

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_RUN = /[^\x00-\x7f]+/g;
const MARKS = /\p{M}/gu;

// Per-character memo: folding a character is a few normalisations and a lookup in the confusables
// table, and posts reuse a small alphabet. Capped so a flood of distinct characters cannot grow it.
const FOLD_CACHE = new Map<string, string>();
const FOLD_CACHE_LIMIT = 20_000;

function stripMarks(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '');
}

const SKELETON_CACHE = new Map<string, string>();

/** TR39 skeleton of one character (confusables.txt via unhomoglyph), lowercased and mark-free. */
function skeletonChar(ch: string): string {
  const cached = SKELETON_CACHE.get(ch);
  if (cached !== undefined) return cached;
  const skeleton = stripMarks(unhomoglyph(ch)).toLowerCase();
  if (SKELETON_CACHE.size < FOLD_CACHE_LIMIT) SKELETON_CACHE.set(ch, skeleton);
  return skeleton;
}

const ASCII_TEXT = /^[\x00-\x7f]*$/;

// One character to its ASCII look, else its case fold. The skeleton is read in the character's own
// case first: a capital Greek nu looks like N and its small form like v, and lowercasing first
// would turn "ΙGΝΟRΕ" into "igvore".
function foldPart(part: string): string {
  for (const candidate of [part, part.toUpperCase(), part.toLowerCase()]) {
    const skeleton = skeletonChar(candidate);
    if (!ASCII_TEXT.test(skeleton)) continue;
    // confusables.txt's prototype for I-shapes is l; a capital that looks like one reads as I.
    if (skeleton === 'l' && candidate !== candidate.toLowerCase()) return 'i';
    return skeleton;
  }
  // toUpperCase().toLowerCase() is full case folding for the letters that matter here (ß → ss).
  return part.toUpperCase().toLowerCase();
}

function foldChar(ch: string): string {
  const cached = FOLD_CACHE.get(ch);
  if (cached !== undefined) return cached;
  // NFKD + mark removal turns mathematical, fullwidth and accented letters into their bases.
  let folded = '';
  for (const part of stripMarks(ch)) folded += NON_ASCII.test(part) ? foldPart(part) : part.toLowerCase();
  if (FOLD_CACHE.size < FOLD_CACHE_LIMIT) FOLD_CACHE.set(ch, folded);
  return folded;
}

/**
 * Compatibility decomposition without marks (NFKC's reach, accents dropped), case fold and TR39
 * confusable skeleton. ASCII is only lowercased: the skeleton would turn m into rn.
 */
export function fold(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .replace(NON_ASCII_RUN, (run: string) => {
      let out = '';
      for (const ch of run) out += foldChar(ch);
      return out;
    })
    .toLowerCase();
}

/** True when a non-Latin letter's skeleton is an ASCII letter: the letter is Latin in disguise. */
export function isLatinLookalike(ch: string): boolean {
  return /^[a-z]+$/.test(skeletonChar(ch));
}

// A run of three or more single characters joined by one consistent separator: "i g n o r e",
// "i.g.n.o.r.e", "s-e-n-d". The backreference keeps the separator consistent, so ordinary prose is
// never glued together and spaces between the run and its neighbours survive.
// Read on the folded copy, where letters are ASCII, so the regex needs no Unicode mode.
const SPELLED_RUN = /(?<![a-z0-9])[a-z0-9]([ .\-_*|/,~+:•·]{1,3})(?:[a-z0-9]\1){1,}[a-z0-9](?![a-z0-9])/g;
const NOT_ALNUM = /[^a-z0-9]+/g;

export type Squashed = {
  /** Text with every spelled-out run joined into a word; null when there was no run. */
  text: string | null;
  /** The joined runs on their own, for matching phrases spelled out without word gaps. */
  runs: string[];
};

export function squash(text: string): Squashed {
  const runs: string[] = [];
  const out = text.replace(SPELLED_RUN, (match: string) => {
    const joined = match.replace(NOT_ALNUM, '');
    runs.push(joined);
    return joined;
  });
  return { text: runs.length > 0 ? out : null, runs };
}

// Leet substitutions, read only inside tokens that also hold a letter ("1gn0r3", "s3nd"), so prices
// and amounts ("$5", "100") stay as they are. 1, ! and | read as i or l: both readings are made.
const LEET: Record<string, readonly [string, string]> = {
  '0': ['o', 'o'],
  '1': ['i', 'l'],
  '2': ['z', 'z'],
  '3': ['e', 'e'],
  '4': ['a', 'a'],
  '5': ['s', 's'],
  '6': ['g', 'g'],
  '7': ['t', 't'],
  '8': ['b', 'b'],
  '9': ['g', 'g'],
  '@': ['a', 'a'],
  $: ['s', 's'],
  '+': ['t', 't'],
  '€': ['e', 'e'],
  '!': ['i', 'i'],
  '|': ['i', 'l'],
};

// Cheap gate: a leet character inside a word, or a digit leading a word of letters ("s3nd",
// "1gn0r3", "4ll"); "$sol" and "@crew" are tags, not leet.
const LEET_SHAPE = /[a-z][0-9@$!|+€]+[a-z]|(?:^|[^a-z0-9])[0-9|!+€][a-z]{2}/;

// A token is a run of letters (ASCII lowercase or any non-ASCII letter), digits and leet signs; one
// that holds a letter and a leet sign has the two side by side somewhere (an edge).
const LEET_EDGE = /[a-z][0-9@$!|+€]|[0-9@$!|+€][a-z]|[^\x00-\x7f][0-9@$!|+€]|[0-9@$!|+€][^\x00-\x7f]/g;
const HAS_LETTER = /[a-z]|(?![\x00-\x7f])\p{L}/u;
const HAS_LEET = /[0-9@$!|+€]/;
const READS_TWO_WAYS = /[1|]/;
const LONGEST_LEET = 20;

function isTokenChar(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x40 || c === 0x24 || c === 0x21 || c === 0x7c || c === 0x2b;
  return c === 0x20ac || isLetter(c);
}

// Each token holding a letter and a leet character or digit, read with one of LEET's two readings;
// only the tokens around an edge are looked at.
function unleetTokens(text: string, reading: 0 | 1): string {
  let out = '';
  let done = 0;
  LEET_EDGE.lastIndex = 0;
  for (let m = LEET_EDGE.exec(text); m !== null; m = LEET_EDGE.exec(text)) {
    // An edge may begin on the second half of a surrogate pair (a letter outside the BMP).
    let at = m.index;
    const low = text.charCodeAt(at);
    if (low >= 0xdc00 && low <= 0xdfff && at > 0 && text.charCodeAt(at - 1) >= 0xd800 && text.charCodeAt(at - 1) <= 0xdbff) at--;
    if (at < done) continue;
    const [start, runEnd] = runAround(text, at, isTokenChar, done);
    LEET_EDGE.lastIndex = Math.max(runEnd, m.index + 1);
    // A "!" that ends a word is punctuation ("welcome!"), not an i.
    let end = runEnd;
    while (end > start && text.charCodeAt(end - 1) === 0x21) end--;
    if (end <= start) continue;
    const token = text.slice(start, end);
    out += text.slice(done, start);
    // Leet spells words; a run of 20 or more is an address, hash or key ("0x6b17…"), never one.
    if (end - start < LONGEST_LEET && HAS_LETTER.test(token) && HAS_LEET.test(token)) {
      for (const ch of token) out += LEET[ch]?.[reading] ?? ch;
    } else out += token;
    done = end;
  }
  return done === 0 ? text : out + text.slice(done);
}

/** The un-leeted readings of lowercase `text` that differ from it (zero, one or two strings). */
export function unleet(text: string): string[] {
  if (!LEET_SHAPE.test(text)) return [];
  const asI = unleetTokens(text, 0);
  if (asI === text) return [];
  // Only 1 and | read two ways; without them the second reading is the first.
  const asL = READS_TWO_WAYS.test(text) ? unleetTokens(text, 1) : asI;
  return asL === asI ? [asI] : [asI, asL];
}
