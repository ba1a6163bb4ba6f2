// The prefilter in front of the pattern regexes. Running every label's regex over every transformed
// copy was most of the cost of flagging; a pattern can only match where one of its literal words
// occurs, so each copy is first cut into words and only the labels whose words it holds are run.
//
// Words come out of the pattern sources themselves, so the two cannot drift apart: each pattern
// gets a cover, a set of its words of which every match holds one (a required word, or one word of
// each branch of a required alternative, preferring rare words). A word the pattern closes (followed
// by a gap or the end of a bounded pattern) must match a whole word of the text; one the pattern may
// continue ("eval(?:uate)?", "authori[sz]ed") matches any word it begins. Words are keyed as numbers
// in base 37 (a-z, 0-9; 0 = none) so a lookup allocates nothing. Tests check on the corpus and on
// random mixes of it that the prefilter never changes a result.

/** `turn`: exact only because the word ends where letters turn to digits or back ("rot" of "rot-?1?\\d"). */
export type AnchorWord = { word: string; exact: boolean; turn?: boolean };

const BASE = 37;
const HEAD = 4;
const LONGEST = 10; // 37^10 stays below 2^53

// a-z → 1..26, 0-9 → 27..36, anything else 0 (not part of a word).
function digitOf(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return c - 0x60;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 27;
  return 0;
}

const rot13Digit = (d: number): number => (d >= 1 && d <= 26 ? ((d - 1 + 13) % 26) + 1 : d);

// ---- words of a pattern source ----------------------------------------------------------------------
// A pattern source is reduced to words, gaps (space), groups ('(' … ')', '{' … ')' for a negative
// lookaround, which consumes nothing), quantifiers and '#' for anything that may be a letter; then
// parsed into a small tree. Its cover is a set of words of which every match holds at least one.

// A digit: a word right after one starts a word of the text at a digit-to-letter turn ("6digit"),
// which the lookup reads as a word of its own.
const DIGIT = '\x01';
const DIGIT_ESCAPE = /\\d(?![{+*])/g;
// Escapes that can stand for a letter continue a word; the rest (\b, \s, \., \[ ...) end it.
const LETTER_ESCAPE = /\\[dwSDWpPu](?:\{[^}]*\})?/g;
const OTHER_ESCAPE = /\\./g;
const CHAR_CLASS = /\[[^\]]*\]/g;
const COUNT = /\{(\d*),?\d*\}/g;
// Lookarounds consume nothing: '{' … ')'. Their words are not read as words of the match (a
// positive one's words are in the text, so leaving them out only makes the cover wider).
const NEGATIVE_LOOK = /\(\?<?[!=]/g;
const GROUP_OPEN = /\(\?:/g;

// A class that can hold no letter or digit ("[^a-z0-9.,;:!?\\n]", "[.,:]") is a sign, like a gap:
// a word before it ends there. Any other class may be a letter ('#'). Escapes are spaces by now.
function classSign(cls: string): string {
  const body = cls.slice(1, -1);
  if (body.startsWith('^')) return body.includes('a-z') && body.includes('0-9') ? ' ' : '#';
  return /[a-z0-9#]/i.test(body) ? '#' : ' ';
}

function simplify(source: string): string {
  return source
    .replace(DIGIT_ESCAPE, DIGIT)
    .replace(LETTER_ESCAPE, '#')
    .replace(OTHER_ESCAPE, ' ')
    .replace(CHAR_CLASS, classSign)
    .replace(COUNT, (_m: string, min: string) => (Number(min || '0') === 0 ? '*' : '+'))
    .replace(NEGATIVE_LOOK, '{')
    .replace(GROUP_OPEN, '(');
}

const isOpener = (c: string | undefined): boolean => c === '(' || c === '{';

// The brackets of the last source read, found in one pass: the parser asks where a word's group
// opens or closes once per word, and scanning for it each time was quadratic in a pattern of
// hundreds of alternatives (most of a process's first flagging).
type Brackets = { s: string; close: Int32Array; open: Int32Array };
let lastBrackets: Brackets | null = null;

function bracketsOf(s: string): Brackets {
  if (lastBrackets?.s === s) return lastBrackets;
  // close[i]: the ')' that ends the innermost group around position i (an opener at i is inside the
  // group around it; a ')' is its own), or -1; open[j]: the opener of the ')' at j, or -1.
  const close = new Int32Array(s.length + 1).fill(-1);
  const open = new Int32Array(s.length + 1).fill(-1);
  const stack: number[] = [];
  const waiting: number[][] = [[]];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === ')') {
      for (const p of waiting.pop() ?? []) close[p] = i;
      close[i] = i;
      open[i] = stack.pop() ?? -1;
      if (waiting.length === 0) waiting.push([]);
      continue;
    }
    (waiting.at(-1) as number[]).push(i);
    if (isOpener(c)) {
      stack.push(i);
      waiting.push([]);
    }
  }
  lastBrackets = { s, close, open };
  return lastBrackets;
}

// The ')' that ends the group around position `from`, or -1 at the top level.
function closingParen(s: string, from: number): number {
  return from < s.length ? (bracketsOf(s).close[from] ?? -1) : -1;
}

// Top-level alternatives of the group whose opener is at `open`: their start positions, and the ')'.
function alternatives(s: string, open: number): { starts: number[]; close: number } {
  const starts = [open + 1];
  let depth = 0;
  for (let i = open + 1; i < s.length; i++) {
    const c = s[i];
    if (isOpener(c)) depth++;
    else if (c === ')') {
      if (depth === 0) return { starts, close: i };
      depth--;
    } else if (c === '|' && depth === 0) starts.push(i + 1);
  }
  return { starts, close: s.length };
}

// Whether a word ending just before position q is surely followed by something that is not a
// letter or digit (a gap, a literal sign, the end of a bounded pattern). `turn`: the word is all
// letters or all digits, so a digit after letters (or a letter after digits) also ends it: the text
// side reads the runs of a mixed token ("rot13", "24words") as words of their own.
function closedAt(s: string, q: number, bounded: boolean, turn: Turn = null): boolean {
  if (q >= s.length) return bounded;
  const c = s[q] ?? '';
  const next = s[q + 1];
  if (c === ' ') return true;
  if (c === '|') {
    const close = closingParen(s, q);
    return close === -1 ? bounded : closedAt(s, close, bounded, turn);
  }
  if (c === ')') {
    if (next === '*' || next === '+') return false; // the group may start over with a letter
    return closedAt(s, next === '?' ? q + 2 : q + 1, bounded, turn);
  }
  if (c === '{') return closedAt(s, alternatives(s, q).close + 1, bounded, turn); // a lookaround consumes nothing
  if (c === '(') {
    const { starts, close } = alternatives(s, q);
    const after = s[close + 1];
    // A repeated group ("(?:[^a-z0-9.,;]|…){1,3}") ends the word when each branch starts with a sign;
    // one that may repeat zero times also needs what follows it to.
    const eachClosed = starts.every((start) => closedAt(s, start, bounded, turn));
    if (after === '+') return eachClosed;
    return eachClosed && (after === undefined || !'?*'.includes(after) || closedAt(s, close + 2, bounded, turn));
  }
  const turns = (turn === 'letters' && (c === DIGIT || /[0-9]/.test(c))) || (turn === 'digits' && /[a-z]/.test(c));
  // '#' may be a letter; an apostrophe is optional in prose patterns.
  if (!turns && (c === '#' || c === DIGIT || c === "'" || /[a-z0-9]/.test(c))) return false;
  // Any other literal sign, or a turn, ends the word, unless it is optional.
  if (next === '?' || next === '*') return closedAt(s, q + 2, bounded, turn);
  return true;
}

type Turn = 'letters' | 'digits' | null;
const turnOf = (word: string): Turn => (/^[a-z]+$/.test(word) ? 'letters' : /^[0-9]+$/.test(word) ? 'digits' : null);

// A literal sign: not a letter or digit, nor '#' (may be a letter), an optional apostrophe, or syntax.
const isSign = (c: string | undefined): boolean => c !== undefined && c !== DIGIT && !/[a-z0-9#'(){}|?*+]/.test(c);

function openerOf(s: string, close: number): number {
  return close >= 0 && close < s.length ? (bracketsOf(s).open[close] ?? -1) : -1;
}

// Whether every branch of the group closing at `close` ends with a sign ("(?:the |a )").
function groupEndsWithSign(s: string, close: number): boolean {
  const open = openerOf(s, close);
  if (open === -1) return false;
  let depth = 0;
  for (let i = open + 1; i <= close; i++) {
    const c = s[i];
    if (isOpener(c)) depth++;
    else if (c === ')' && i < close) depth--;
    else if ((c === '|' && depth === 0) || i === close) {
      if (!isSign(s[i - 1])) return false;
    }
  }
  return true;
}

// Whether a word starting at position `start` surely starts a word of the text, so that the text's
// word begins with it (a letter-like '#', a letter or an optional letter just before it may glue
// letters in front: "co-?founder" matches "cofounder").
function startsWord(s: string, start: number, bounded: boolean): boolean {
  if (start === 0) return bounded;
  const c = s[start - 1];
  // First in a branch: the branch starts where its group starts (a top-level branch, where the pattern does).
  if (c === '(' || c === '{') return startsWord(s, start - 1, bounded);
  if (c === '|') {
    const close = closingParen(s, start - 1);
    return close === -1 ? bounded : startsWord(s, openerOf(s, close), bounded);
  }
  if (c === ')') {
    // A lookaround just before consumes nothing: what comes before it decides.
    const open = openerOf(s, start - 1);
    if (open !== -1 && s[open] === '{') return startsWord(s, open, bounded);
    return groupEndsWithSign(s, start - 1);
  }
  if (c === '?' || c === '*') {
    const before = s[start - 2];
    // An optional sign or group: the word follows it, or whatever comes before it.
    if (before === ')') return groupEndsWithSign(s, start - 2) && startsWord(s, openerOf(s, start - 2), bounded);
    return isSign(before) && startsWord(s, start - 2, bounded);
  }
  return isSign(c) || c === DIGIT;
}

type Node = { kind: 'word'; word: AnchorWord } | { kind: 'seq'; items: Node[] } | { kind: 'alt'; options: Node[] } | { kind: 'none' };

const NONE: Node = { kind: 'none' };
const WORD_CHAR = /[a-z0-9]/;

function parse(s: string, bounded: boolean): Node {
  let i = 0;
  const alt = (): Node => {
    const options = [seq()];
    while (s[i] === '|') {
      i++;
      options.push(seq());
    }
    return options.length === 1 ? (options[0] ?? NONE) : { kind: 'alt', options };
  };
  const seq = (): Node => {
    const items: Node[] = [];
    while (i < s.length && s[i] !== '|' && s[i] !== ')') items.push(quantified());
    return { kind: 'seq', items };
  };
  const quantified = (): Node => {
    let node = atom();
    while (s[i] === '?' || s[i] === '*' || s[i] === '+') {
      if (s[i] !== '+') node = NONE; // optional: not part of every match
      i++;
    }
    return node;
  };
  const atom = (): Node => {
    const c = s[i];
    if (isOpener(c)) {
      i++;
      const inner = alt();
      i++; // ')'
      return c === '{' ? NONE : inner;
    }
    if (c === undefined || !WORD_CHAR.test(c)) {
      i++;
      return NONE;
    }
    const start = i;
    while (i < s.length && WORD_CHAR.test(s[i] ?? '')) i++;
    if (!startsWord(s, start, bounded)) return NONE;
    const quantifier = s[i];
    if (quantifier === '?' || quantifier === '*' || quantifier === '+') {
      // "dms?": the last letter is quantified; what is sure is the rest, which may be continued.
      i++;
      const sure = s.slice(start, quantifier === '+' ? i - 1 : i - 2);
      if (sure.length === 0) return NONE;
      // A closed "mods?" is the whole word "mod" or "mods": two exact words say far more than the
      // prefix "mod" ("model", "modern").
      if (quantifier === '?' && closedAt(s, i, bounded)) {
        const full = s.slice(start, i - 1);
        return {
          kind: 'alt',
          options: [
            { kind: 'word', word: { word: sure, exact: true } },
            { kind: 'word', word: { word: full, exact: true } },
          ],
        };
      }
      return { kind: 'word', word: { word: sure, exact: false } };
    }
    const word = s.slice(start, i);
    if (closedAt(s, i, bounded)) return { kind: 'word', word: { word, exact: true } };
    const turn = closedAt(s, i, bounded, turnOf(word));
    return { kind: 'word', word: { word, exact: turn, turn } };
  };
  return alt();
}

// Words too common to tell anything ("link" is every link's placeholder): a cover avoids them when
// the pattern offers another.
const STOP_WORDS = new Set(
  [
    'the a an to of in on at it is are my me us your ur yr you we this that all any for by as',
    'be or and so if with from have has were been will what them back some few our its own',
    'now only new full no not never link dev',
  ]
    .join(' ')
    .split(' '),
);

const wordCost = (word: string): number => (STOP_WORDS.has(word) ? 200 : word.length <= 2 ? 5 : word.length === 3 ? 2 : 1);

type Cover = { words: AnchorWord[]; cost: number };

// Every match holds one word of each cover: a sequence needs each of its items, so each item's
// covers hold; an alternative holds one of its options, so the union of each option's cheapest
// cover holds.
function covers(node: Node): Cover[] {
  switch (node.kind) {
    case 'none':
      return [];
    case 'word':
      return node.word.word.length >= 2 ? [{ words: [node.word], cost: wordCost(node.word.word) }] : [];
    case 'seq':
      return node.items.flatMap(covers);
    case 'alt': {
      const words: AnchorWord[] = [];
      let cost = 0;
      for (const option of node.options) {
        const best = cheapest(covers(option));
        if (best === null) return [];
        words.push(...best.words);
        cost += best.cost;
      }
      return [{ words, cost }];
    }
  }
}

function cheapest(found: readonly Cover[]): Cover | null {
  let best: Cover | null = null;
  for (const c of found) if (best === null || c.cost < best.cost) best = c;
  return best;
}

// A cover made of stop words is true of nearly any text: checking it costs a lookup per common word
// and rules out nothing.
const USEFUL_COST = 200;

/**
 * Sets of words of which every match of the pattern holds at least one word each (as a whole word
 * when `exact`, else as the start of a word): a conjunction of disjunctions, cheapest first. Empty
 * when the pattern can match without any literal word. `bounded`: the pattern ends at a word boundary.
 */
export function anchorClauses(source: string, bounded: boolean): AnchorWord[][] {
  const found = covers(parse(simplify(source), bounded)).sort((a, b) => a.cost - b.cost);
  const useful = found.filter((c) => c.cost < USEFUL_COST);
  const kept = useful.length > 0 ? useful : found.slice(0, 1);
  const seen = new Set<string>();
  const clauses: AnchorWord[][] = [];
  for (const c of kept) {
    const key = c.words
      .map((w) => `${w.word}${w.exact ? '' : '*'}`)
      .sort()
      .join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    clauses.push(c.words);
  }
  return clauses;
}

/** The single cheapest cover (see anchorClauses): every match holds one of these words. */
export function anchorWords(source: string, bounded: boolean): AnchorWord[] {
  return anchorClauses(source, bounded)[0] ?? [];
}

// ---- lookup -----------------------------------------------------------------------------------------

export type Vocabulary = {
  /** Key of a text word's first four letters (or the whole word, padded): 1 when some entry starts so. */
  head: Uint8Array;
  /** Key of a whole word (up to LONGEST letters) → ids of the entries that hold it. */
  exact: Map<number, number[]>;
  /** Key of a word that may be continued → ids. */
  prefix: Map<number, number[]>;
  /** Key of an exact word that may also end at a turn → ids (also in `exact`). */
  runs: Map<number, number[]>;
  /** `prefix` and `exact` as a trie, for the walk along a text word (an array read per letter). */
  trie: Trie;
  /** 32-bit words in a mask (one bit per id). */
  words: number;
};

/** One bit per vocabulary entry (a pattern): set when one of the entry's words occurs. */
export type Mask = number[];

export const hasBit = (mask: Mask, id: number): boolean => ((mask[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0;
const emptyMask = (vocabulary: Vocabulary): Mask => new Array<number>(vocabulary.words).fill(0);
export const isEmpty = (mask: Mask): boolean => mask.every((word) => word === 0);
export const fullMask = (vocabulary: Vocabulary): Mask => new Array<number>(vocabulary.words).fill(-1);

function keyOf(word: string, length: number): number {
  let key = 0;
  for (let i = 0; i < length; i++) key = key * BASE + digitOf(word.charCodeAt(i));
  return key;
}

function addId(map: Map<number, number[]>, key: number, id: number): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, [id]);
  else if (!ids.includes(id)) ids.push(id);
}

/** Entries are (words, id) with ids from 0 up; a text's mask has the bit of every entry whose words it holds. */
export function buildVocabulary(entries: Iterable<readonly [Iterable<AnchorWord>, number]>): Vocabulary {
  const vocabulary: Vocabulary = {
    head: new Uint8Array(BASE ** HEAD),
    exact: new Map(),
    prefix: new Map(),
    runs: new Map(),
    trie: { children: new Int32Array(0), prefixIds: [], exactIds: [] },
    words: 1,
  };
  const { head } = vocabulary;
  const markHead = (key: number): void => {
    head[key] = 1;
  };
  for (const [words, id] of entries) {
    vocabulary.words = Math.max(vocabulary.words, (id >>> 5) + 1);
    for (const { word, exact, turn } of words) {
      const length = Math.min(word.length, LONGEST);
      const key = keyOf(word, length);
      if (exact && word.length <= LONGEST) {
        addId(vocabulary.exact, key, id);
        if (turn === true) addId(vocabulary.runs, key, id);
      } else addId(vocabulary.prefix, key, id);
      if (length >= HEAD) {
        markHead(keyOf(word, HEAD));
        continue;
      }
      markHead(key * BASE ** (HEAD - length));
      if (exact) continue;
      // A short open word ("hex" of "hex(?:adecimal)?") may begin a longer word: every head it can start.
      const free = HEAD - length;
      for (let tail = 0; tail < BASE ** free; tail++) markHead(key * BASE ** free + tail);
    }
  }
  vocabulary.trie = buildTrie(vocabulary.prefix, vocabulary.exact);
  return vocabulary;
}

type Trie = {
  /** children[node * BASE + digit]: the child node, 0 for none (node 0 is the root). */
  children: Int32Array;
  prefixIds: (number[] | undefined)[];
  exactIds: (number[] | undefined)[];
};

// The digits of a key, first letter first (no word holds a 0 digit, so the key reads back uniquely).
function digitsOfKey(key: number): number[] {
  const digits: number[] = [];
  for (let rest = key; rest > 0; rest = Math.floor(rest / BASE)) digits.unshift(rest % BASE);
  return digits;
}

function buildTrie(prefix: ReadonlyMap<number, number[]>, exact: ReadonlyMap<number, number[]>): Trie {
  const rows: number[][] = [[]];
  const trie: Trie = { children: new Int32Array(0), prefixIds: [undefined], exactIds: [undefined] };
  const nodeOf = (key: number): number => {
    let node = 0;
    for (const d of digitsOfKey(key)) {
      const row = rows[node] as number[];
      let next = row[d];
      if (next === undefined) {
        next = rows.length;
        rows.push([]);
        trie.prefixIds.push(undefined);
        trie.exactIds.push(undefined);
        row[d] = next;
      }
      node = next;
    }
    return node;
  };
  for (const [key, ids] of prefix) trie.prefixIds[nodeOf(key)] = ids;
  for (const [key, ids] of exact) trie.exactIds[nodeOf(key)] = ids;
  trie.children = new Int32Array(rows.length * BASE);
  rows.forEach((row, node) => row.forEach((child, d) => (trie.children[node * BASE + d] = child)));
  return trie;
}

function setIds(mask: Mask, ids: readonly number[] | undefined): void {
  if (ids === undefined) return;
  for (const id of ids) mask[id >>> 5] = (mask[id >>> 5] ?? 0) | (1 << (id & 31));
}

const FORWARD = 0;
const ROT13 = 1;
const REVERSED = 2;
type Reading = typeof FORWARD | typeof ROT13 | typeof REVERSED;

// Digit of letter k of the word text[from, from + length) read forward, in rot13 or backwards.
function letterOf(text: string, from: number, length: number, k: number, reading: Reading): number {
  if (reading === REVERSED) return digitOf(text.charCodeAt(from + length - 1 - k));
  const d = digitOf(text.charCodeAt(from + k));
  return reading === ROT13 ? rot13Digit(d) : d;
}

// Entries of one word in one reading, given its head key. Most words miss the head table; the
// others walk the trie until no entry word goes on that way.
function markWord(vocabulary: Vocabulary, head: number, text: string, from: number, length: number, reading: Reading, mask: Mask): void {
  if ((vocabulary.head[head] ?? 0) === 0) return;
  const { children, prefixIds, exactIds } = vocabulary.trie;
  let node = 0;
  for (let k = 0; k < Math.min(length, LONGEST); k++) {
    node = children[node * BASE + letterOf(text, from, length, k, reading)] ?? 0;
    if (node === 0) return;
    if (k >= 1) setIds(mask, prefixIds[node]);
  }
  if (length <= LONGEST) setIds(mask, exactIds[node]);
}

// Each run of letters or of digits of a mixed token ("rot13" → "rot", "13"; "24words" → "24",
// "words"), in the reading's own order, for the words a pattern reads as whole up to a turn.
function markRuns(vocabulary: Vocabulary, text: string, from: number, length: number, reading: Reading, mask: Mask): void {
  let runStart = 0;
  let key = 0;
  for (let k = 0; k < length; k++) {
    const d = letterOf(text, from, length, k, reading);
    if (k > runStart && letterOf(text, from, length, k - 1, reading) > 26 !== d > 26) {
      if (k - runStart <= LONGEST) setIds(mask, vocabulary.runs.get(key));
      runStart = k;
      key = 0;
    }
    key = key * BASE + d;
  }
  if (length - runStart <= LONGEST) setIds(mask, vocabulary.runs.get(key));
}

// A word of the reading that starts at a digit-to-letter turn inside it ("6digit" → "digit").
function markTurns(vocabulary: Vocabulary, text: string, from: number, length: number, reading: Reading, mask: Mask): void {
  for (let k = 1; k < length; k++) {
    const before = letterOf(text, from, length, k - 1, reading);
    const at = letterOf(text, from, length, k, reading);
    if (before < 27 || at > 26) continue;
    // The rest of the reading from k: forward it starts at from + k; backwards it is text[from, from + length - k).
    const subFrom = reading === REVERSED ? from : from + k;
    const subLength = length - k;
    let head = 0;
    for (let j = 0; j < Math.min(subLength, HEAD); j++) head = head * BASE + letterOf(text, subFrom, subLength, j, reading);
    if (subLength < HEAD) head *= BASE ** (HEAD - subLength);
    markWord(vocabulary, head, text, subFrom, subLength, reading, mask);
  }
}

export type TokenMasks = {
  /** Entries whose words occur in the text. */
  text: Mask;
  /** ... in its rot13 reading. */
  rot13: Mask;
  /** ... in its reversal (whole text or word by word: both have the same words). */
  reversed: Mask;
};

/**
 * Entry masks of a lowercase text and of its rot13 and reversed readings, in one pass. Without
 * `readings` only the text's own mask is filled (the other two stay empty).
 */
export function tokenMasks(text: string, vocabulary: Vocabulary, readings = true): TokenMasks {
  const masks = { text: emptyMask(vocabulary), rot13: emptyMask(vocabulary), reversed: emptyMask(vocabulary) };
  let start = -1;
  let hasDigit = false;
  let hasLetter = false;
  for (let i = 0; i <= text.length; i++) {
    const d = i < text.length ? digitOf(text.charCodeAt(i)) : 0;
    if (d !== 0) {
      if (start === -1) start = i;
      if (d > 26) hasDigit = true;
      else hasLetter = true;
      continue;
    }
    if (start === -1) continue;
    const length = i - start;
    let head = 0;
    let rotHead = 0;
    let revHead = 0;
    for (let k = 0; k < Math.min(length, HEAD); k++) {
      const forward = digitOf(text.charCodeAt(start + k));
      head = head * BASE + forward;
      if (!readings) continue;
      rotHead = rotHead * BASE + rot13Digit(forward);
      revHead = revHead * BASE + digitOf(text.charCodeAt(i - 1 - k));
    }
    if (length < HEAD) {
      const pad = BASE ** (HEAD - length);
      head *= pad;
      rotHead *= pad;
      revHead *= pad;
    }
    markWord(vocabulary, head, text, start, length, FORWARD, masks.text);
    const mixed = hasDigit && hasLetter;
    if (mixed) markTurns(vocabulary, text, start, length, FORWARD, masks.text);
    if (mixed && vocabulary.runs.size > 0) markRuns(vocabulary, text, start, length, FORWARD, masks.text);
    if (readings) {
      markWord(vocabulary, rotHead, text, start, length, ROT13, masks.rot13);
      markWord(vocabulary, revHead, text, start, length, REVERSED, masks.reversed);
      if (mixed) {
        markTurns(vocabulary, text, start, length, ROT13, masks.rot13);
        markTurns(vocabulary, text, start, length, REVERSED, masks.reversed);
      }
      if (mixed && vocabulary.runs.size > 0) {
        markRuns(vocabulary, text, start, length, ROT13, masks.rot13);
        markRuns(vocabulary, text, start, length, REVERSED, masks.reversed);
      }
    }
    start = -1;
    hasDigit = false;
    hasLetter = false;
  }
  return masks;
}
