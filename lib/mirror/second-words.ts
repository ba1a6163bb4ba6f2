// What the second word of a match can begin with. A sticky pattern is tried at every occurrence of
// its FIRST words (starts.ts), and on the benchmark's posts 99 % of those tests fail: "this", "the",
// "a", "i" and the credential words ("email", "text", "code") occur everywhere, the word after them
// rarely fits ("this message comes from the team", "your email to me"). Where every way a match can
// begin reads one whole word of the text and then a gap, the word after that gap must begin with
// one of the pattern's SECOND starts; a position whose next word begins with none of them cannot
// start a match, and is skipped without running the regex. The result is the same: only tests that
// would fail are skipped.
import { type First, type Quantified, type Start, firstOfSeq, parse } from './starts.ts';

// A place in the pattern: the innermost sequence last, each with the index of its next item.
type Frame = { items: readonly Quantified[]; k: number };
type Cursor = readonly Frame[];

// A walk that finds no answer (an item it does not read, a long walk) gives up: null.
class GiveUp extends Error {}
const MAX_STEPS = 20_000;

const isWordChar = (c: string): boolean => /^[a-z0-9]$/.test(c);

// The cursor moved past its next item (frames that are done are dropped).
function advance(cursor: Cursor): Cursor {
  const out = cursor.slice();
  const top = out[out.length - 1] as Frame;
  out[out.length - 1] = { items: top.items, k: top.k + 1 };
  return settle(out);
}

function settle(cursor: Frame[]): Frame[] {
  while (cursor.length > 0) {
    const top = cursor[cursor.length - 1] as Frame;
    if (top.k < top.items.length) break;
    cursor.pop();
    if (cursor.length === 0) break;
    const parent = cursor[cursor.length - 1] as Frame;
    cursor[cursor.length - 1] = { items: parent.items, k: parent.k + 1 };
  }
  return cursor;
}

// FIRST of what follows the cursor, read at a word start (right after a gap).
function firstAfter(cursor: Cursor): Start[] {
  const starts: Start[] = [];
  for (let f = cursor.length - 1; f >= 0; f--) {
    const frame = cursor[f] as Frame;
    // An outer frame resumes after the group it entered.
    const first: First = firstOfSeq(frame.items, f === cursor.length - 1 ? frame.k : frame.k + 1, true);
    if (first.starts === null) throw new GiveUp();
    starts.push(...first.starts);
    if (!first.nullable) return starts;
  }
  throw new GiveUp(); // the match may end without a second word
}

// Items that read only word characters (a-z, 0-9) stay inside the first word, whatever their count.
const inWord = (q: Quantified): boolean =>
  (q.item.kind === 'char' && isWordChar(q.item.char)) || (q.item.kind === 'class' && q.item.alnum) || q.item.kind === 'digit';
// Items that read only other characters (a gap, "_", "-", "[-_]") end it.
const separates = (q: Quantified): boolean =>
  q.item.kind === 'gap' ||
  (q.item.kind === 'char' && !isWordChar(q.item.char)) ||
  (q.item.kind === 'class' && q.item.chars !== null && q.item.chars.length > 0 && q.item.chars.every((c) => !isWordChar(c)) && !q.item.alnum);

// Every way the match reads its first word of the text, to the separator after it: the starts of
// the word after the separator, into `out`. Anything else (a sign that may be a letter, `.`, a
// repeated group, a match that may end first) gives up.
function walk(cursor: Cursor, steps: { n: number }, out: Start[]): void {
  if (++steps.n > MAX_STEPS) throw new GiveUp();
  if (cursor.length === 0) throw new GiveUp();
  const frame = cursor[cursor.length - 1] as Frame;
  const q = frame.items[frame.k] as Quantified;
  if (q.item.kind === 'zero' || inWord(q)) {
    walk(advance(cursor), steps, out);
    return;
  }
  if (separates(q)) {
    if (q.min === 0) walk(advance(cursor), steps, out);
    // Separators that follow (",? ", "_ ") read more of the same run: the second word is past them all.
    let rest = advance(cursor);
    while (rest.length > 0 && separates((rest[rest.length - 1] as Frame).items[(rest[rest.length - 1] as Frame).k] as Quantified)) rest = advance(rest);
    out.push(...firstAfter(rest));
    return;
  }
  // A group that may repeat could begin the second word again from inside itself.
  if (q.item.kind !== 'group' || !q.once) throw new GiveUp();
  if (q.min === 0) walk(advance(cursor), steps, out);
  for (const option of q.item.options) {
    if (option.length === 0) walk(advance(cursor), steps, out);
    else walk([...cursor, { items: option, k: 0 }], steps, out);
  }
}

/**
 * The starts of the second word of every match of `source` (a sticky pattern's source; matches
 * start at a word), or null when some match may not read "word, separator, word". A sign among them
 * may stand anywhere in the separator (`(?:and|&)` after a gap).
 */
export function secondStarts(source: string): Start[] | null {
  const out: Start[] = [];
  try {
    for (const option of parse(source)) {
      if (option.length === 0) return null;
      walk([{ items: option, k: 0 }], { n: 0 }, out);
    }
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
  return out;
}

const LONGEST = 12; // as the start index reads words (starts.ts)
const BASE = 37;
// a-z → 1..26, 0-9 → 27..36, else 0 (ASCII), as the start index numbers letters.
const DIGITS = Uint8Array.from({ length: 128 }, (_, c) => (c >= 0x61 && c <= 0x7a ? c - 0x60 : c >= 0x30 && c <= 0x39 ? c - 0x30 + 27 : 0));
const isWordCode = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);

/**
 * A pattern's second-word starts as a trie over the word's letters (a lookup per letter is cheaper
 * than comparing the word with each start): `prefix[node]`/`exact[node]` when a start ends there.
 */
export type SecondIndex = { children: Int32Array; prefix: Uint8Array; exact: Uint8Array; digit: boolean; under: boolean; signs: Set<number> };

export function secondIndex(starts: readonly Start[]): SecondIndex {
  const kids: number[][] = [[]];
  const prefix: number[] = [0];
  const exact: number[] = [0];
  let digit = false;
  let under = false;
  const signs = new Set<number>();
  for (const start of starts) {
    if (start.kind === 'digit') digit = true;
    else if (start.kind === 'under') under = true;
    else if (start.kind === 'char') signs.add(start.code);
    else {
      // Read as the start index reads it: a long word cut to LONGEST letters, a prefix.
      let node = 0;
      for (const ch of start.word.slice(0, LONGEST)) {
        const d = DIGITS[ch.charCodeAt(0)] ?? 0;
        const row = kids[node] as number[];
        let next = row[d];
        if (next === undefined) {
          next = kids.length;
          kids.push([]);
          prefix.push(0);
          exact.push(0);
          row[d] = next;
        }
        node = next;
      }
      if (start.exact && start.word.length <= LONGEST) exact[node] = 1;
      else prefix[node] = 1;
    }
  }
  const children = new Int32Array(kids.length * BASE);
  kids.forEach((row, node) => row.forEach((child, d) => (children[node * BASE + d] = child)));
  return { children, prefix: Uint8Array.from(prefix), exact: Uint8Array.from(exact), digit, under, signs };
}

/**
 * Whether a match of the pattern may start at `at` of the lowercase `text` as far as its second
 * word tells: false only when `at` begins a word and the word after it (past the separators)
 * begins with none of the second starts, or there is none, and no separator character after the
 * word is a sign the second item may start with.
 */
export function secondMayHold(text: string, at: number, index: SecondIndex): boolean {
  const length = text.length;
  let i = at;
  if (i >= length || !isWordCode(text.charCodeAt(i))) return true;
  while (i < length && isWordCode(text.charCodeAt(i))) i++;
  const signs = index.signs.size > 0;
  for (; i < length && !isWordCode(text.charCodeAt(i)); i++) if (signs && index.signs.has(text.charCodeAt(i))) return true;
  if (i >= length) return false;
  const first = text.charCodeAt(i);
  if ((index.digit && first <= 0x39) || (signs && index.signs.has(first))) return true;
  const { children, prefix, exact } = index;
  let node = 0;
  let k = i;
  for (; k < length && k - i < LONGEST; k++) {
    const c = text.charCodeAt(k);
    const d = c < 128 ? (DIGITS[c] as number) : 0;
    if (d === 0) break;
    node = children[node * BASE + d] as number;
    if (node === 0) break;
    if (prefix[node] === 1) return true;
  }
  // A whole word: the walk reached its end (not cut at LONGEST letters) on a node where a start ends.
  if (node !== 0 && exact[node] === 1 && !isWordCode(text.charCodeAt(k))) return true;
  if (index.under) {
    let end = i;
    while (end < length && isWordCode(text.charCodeAt(end))) end++;
    if (text.charCodeAt(end) === 0x5f) return true;
  }
  return false;
}
