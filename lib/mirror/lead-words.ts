// What the word before a match must be. A pattern whose lookbehind lead reads "one of these words,
// then a gap" (`(?<=\b(?:your|ur|yr) )` before the credential words) is tried at every credential
// word of a post, and its lead fails at nearly all of them ("the email", "a text"). Where every
// option of the lead ends with a literal word and a gap, the word of the text before the position
// (past the separators) must be one of those words (the whole word after a \b, else its end); the
// position is skipped without running either regex when it is not. Same results: the lead would fail.
import { type Quantified, parse } from './starts.ts';

const isWordChar = (c: string): boolean => /^[a-z0-9]$/.test(c);
const isWordCode = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);

/** Words the text's word before a match may be (`whole`) or end with (`ends`). */
export type LeadWords = { whole: Set<string>; ends: string[] };

// The literal word spelled by `items` (each a word character matched once), or null.
function literal(items: readonly Quantified[]): string | null {
  let word = '';
  for (const { item, min, once } of items) {
    if (item.kind !== 'char' || !isWordChar(item.char) || min !== 1 || !once) return null;
    word += item.char;
  }
  return word === '' ? null : word;
}

/** The lead's last words, or null when some option of the lead does not end "word, gap". */
export function leadWords(lead: string): LeadWords | null {
  const whole = new Set<string>();
  const ends: string[] = [];
  for (const option of parse(lead)) {
    const gap = option[option.length - 1];
    if (gap === undefined || gap.item.kind !== 'gap' || gap.min < 1) return null;
    const before = option[option.length - 2];
    if (before === undefined) return null;
    // The word: a group of literal words, or literal characters back to the option's start or a \b.
    let words: string[] | null;
    let first: number;
    if (before.item.kind === 'group') {
      if (before.min !== 1 || !before.once) return null;
      words = [];
      for (const alternative of before.item.options) {
        const word = literal(alternative);
        if (word === null) return null;
        words.push(word);
      }
      first = option.length - 2;
    } else {
      first = option.length - 1;
      while (first > 0 && (option[first - 1] as Quantified).item.kind === 'char') first--;
      const word = literal(option.slice(first, option.length - 1));
      if (word === null) return null;
      words = [word];
    }
    const prior = option[first - 1];
    const bounded = prior !== undefined && prior.item.kind === 'zero' && prior.item.boundary;
    // A whole word needs a \b before it; anything else there (or nothing) reads the word's end.
    if (bounded) for (const word of words) whole.add(word);
    else ends.push(...words);
  }
  return { whole, ends };
}

/** Whether the lead may hold at `at` of the lowercase `text` as far as the word before tells. */
export function leadMayHold(text: string, at: number, words: LeadWords): boolean {
  let i = at - 1;
  if (i < 0 || isWordCode(text.charCodeAt(i))) return false;
  while (i >= 0 && !isWordCode(text.charCodeAt(i))) i--;
  if (i < 0) return false;
  const end = i + 1;
  while (i >= 0 && isWordCode(text.charCodeAt(i))) i--;
  const word = text.slice(i + 1, end);
  if (words.whole.has(word)) return true;
  for (const tail of words.ends) if (word.endsWith(tail)) return true;
  return false;
}
