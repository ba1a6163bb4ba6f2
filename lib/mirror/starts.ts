// Where a pattern's match can start. A pattern regex scanned over a whole 600-character form tries
// every position; most patterns can only start at a word they begin with ("send", "ignore", "i am"),
// which occurs a few times per post at most. Each pattern's possible first words (its FIRST set) are
// read from its own source, the forms are scanned once for all of them, and the pattern is run as a
// sticky regex at those positions only. The FIRST set is a superset of where a match can start, and
// a sticky run at a position finds exactly the match a scan would find there, so results are the
// same as a scan (flags.ts emulates a global scan's order for request patterns).

/** What the text must hold at a position where a match starts. */
export type Start =
  /** A word of the text (a run of a-z0-9) begins with `word`; `exact`: the word is `word`. */
  | { kind: 'word'; word: string; exact: boolean }
  /** The character itself (a literal sign: ".env", "~/.ssh"). */
  | { kind: 'char'; code: number }
  /** A word of the text begins with a digit. */
  | { kind: 'digit' }
  /** A word of the text is followed right away by "_" ("github_token"). */
  | { kind: 'under' };

export type First = { starts: Start[] | null; nullable: boolean };

const ANY: First = { starts: null, nullable: false };
const EMPTY: First = { starts: [], nullable: true };
const isWordChar = (c: string): boolean => /^[a-z0-9]$/.test(c);

export type Item =
  | { kind: 'char'; char: string }
  | { kind: 'gap' } // a space of the pattern source: one or more non-word characters
  | { kind: 'zero'; boundary: boolean } // consumes nothing: \b, ^, $, lookarounds
  | { kind: 'digit' }
  | { kind: 'class'; alnum: boolean; chars: string[] | null }
  | { kind: 'group'; options: Quantified[][] }
  | { kind: 'any' };
/** An item with its least count; `once`: it matches at most once (no quantifier, `?`, `{0,1}`). */
export type Quantified = { item: Item; min: number; once: boolean };

// Whether a quantifier's text ("", "?", "{0,1}", "+", "{1,4}?") lets its item match at most once.
const isOnce = (quantifier: string): boolean => /^(?:\??|\?\?|\{[01]?(?:,[01]?)?\}\??)$/.test(quantifier) && !/^\{[01]?,\}/.test(quantifier);

// A recursive-descent reading of the subset of regex syntax the patterns use.
export function parse(source: string): Quantified[][] {
  let i = 0;
  const alt = (): Quantified[][] => {
    const options = [seq()];
    while (source[i] === '|') {
      i++;
      options.push(seq());
    }
    return options;
  };
  const seq = (): Quantified[] => {
    const items: Quantified[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const item = atom();
      const from = i;
      const min = quantifier();
      items.push({ item, min, once: isOnce(source.slice(from, i)) });
    }
    return items;
  };
  const quantifier = (): number => {
    const c = source[i];
    let min = 1;
    if (c === '?' || c === '*') {
      min = 0;
      i++;
    } else if (c === '+') i++;
    else if (c === '{') {
      const m = /^\{(\d*)(?:,\d*)?\}/.exec(source.slice(i));
      if (m === null) return 1;
      min = Number(m[1] || '0');
      i += m[0].length;
    } else return 1;
    if (source[i] === '?') i++; // lazy
    return min;
  };
  const atom = (): Item => {
    const c = source[i] ?? '';
    if (c === '(') {
      i++;
      let zero = false;
      const look = /^\?(?::|=|!|<=|<!)/.exec(source.slice(i));
      if (look !== null) {
        zero = look[0] !== '?:';
        i += look[0].length;
      }
      const options = alt();
      i++; // ')'
      return zero ? { kind: 'zero', boundary: false } : { kind: 'group', options };
    }
    if (c === '[') return charClass();
    if (c === '\\') {
      const e = source[i + 1] ?? '';
      i += 2;
      if (e === 'b') return { kind: 'zero', boundary: true };
      if (e === 'B') return { kind: 'zero', boundary: false };
      if (e === 'd') return { kind: 'digit' };
      if (/[a-zA-Z0-9]/.test(e)) {
        if (e === 'p' || e === 'P' || e === 'u' || e === 'x') return { kind: 'any' };
        return { kind: 'class', alnum: false, chars: null };
      }
      return { kind: 'char', char: e };
    }
    i++;
    if (c === '^' || c === '$') return { kind: 'zero', boundary: false };
    if (c === ' ') return { kind: 'gap' };
    if (c === '.') return { kind: 'any' };
    return { kind: 'char', char: c };
  };
  const charClass = (): Item => {
    const end = source.indexOf(']', i + 1);
    const body = source.slice(i + 1, end);
    i = end + 1;
    // A negated class without letters and digits ("[^a-z0-9.,;:!?\\n]") is a gap between words.
    if (body.startsWith('^') && body.includes('a-z') && body.includes('0-9')) return { kind: 'gap' };
    if (body.startsWith('^') || body.includes('\\')) return { kind: 'class', alnum: false, chars: null };
    const chars: string[] = [];
    let range = false;
    for (let k = 0; k < body.length; k++) {
      if (body[k + 1] === '-' && k + 2 < body.length) {
        range = true;
        const from = body[k] ?? '';
        const to = body[k + 2] ?? '';
        if (!(isWordChar(from) && isWordChar(to))) return { kind: 'class', alnum: false, chars: null };
        k += 2;
      } else chars.push(body[k] ?? '');
    }
    const alnum = chars.every(isWordChar);
    return { kind: 'class', alnum, chars: range ? null : chars };
  };
  return alt();
}

// FIRST of a sequence from item k on: what the text holds where the sequence starts matching.
export function firstOfSeq(items: readonly Quantified[], k: number, startsToken: boolean): First {
  const starts: Start[] = [];
  let tokenStart = startsToken;
  for (let j = k; j < items.length; j++) {
    const { item, min } = items[j] as Quantified;
    // Reached only while everything before consumed nothing: a \b here is where the match starts.
    if (item.kind === 'zero' && item.boundary) tokenStart = true;
    let here: First;
    if (item.kind === 'char' && isWordChar(item.char)) {
      if (!tokenStart) return ANY;
      // The literal word: consecutive unquantified word characters.
      let word = item.char;
      let next = j + 1;
      if (min > 0) {
        while (next < items.length) {
          const n = items[next] as Quantified;
          if (n.item.kind !== 'char' || !isWordChar(n.item.char) || n.min === 0) break;
          word += n.item.char;
          next++;
        }
      }
      here = { starts: wordStarts(word, min > 0 ? items.slice(next) : []), nullable: min === 0 };
    } else here = firstOfItem(item, items, j, tokenStart, min);
    if (here.starts === null) return ANY;
    starts.push(...here.starts);
    if (!here.nullable) return { starts, nullable: false };
  }
  return { starts, nullable: true };
}

const isOptionalSign = (q: Quantified | undefined): boolean =>
  q !== undefined &&
  q.min === 0 &&
  ((q.item.kind === 'char' && !isWordChar(q.item.char)) || (q.item.kind === 'class' && !q.item.alnum && q.item.chars !== null));
const wordCharOf = (q: Quantified | undefined): string | null => (q !== undefined && q.item.kind === 'char' && isWordChar(q.item.char) ? q.item.char : null);

// What a literal word at the start says about the text's word there, given what follows it:
// a gap ends the word ("send "); one optional letter then a gap gives two whole words ("an? ",
// "admins? "); an optional sign then a letter ("i['’]?m") gives the word alone or the word with
// that letter begun; anything else leaves a prefix.
function wordStarts(word: string, rest: readonly Quantified[]): Start[] {
  const [first, second] = rest;
  if (first?.item.kind === 'gap' && first.min > 0) return [{ kind: 'word', word, exact: true }];
  const optionalLetter = first !== undefined && first.min === 0 ? wordCharOf(first) : null;
  if (optionalLetter !== null && second?.item.kind === 'gap' && second.min > 0) {
    return [
      { kind: 'word', word, exact: true },
      { kind: 'word', word: word + optionalLetter, exact: true },
    ];
  }
  const letterAfterSign = isOptionalSign(first) ? wordCharOf(second) : null;
  if (letterAfterSign !== null && second?.min !== 0) {
    return [
      { kind: 'word', word, exact: true },
      { kind: 'word', word: word + letterAfterSign, exact: false },
    ];
  }
  return [{ kind: 'word', word, exact: false }];
}

function firstOfItem(item: Item, items: readonly Quantified[], j: number, tokenStart: boolean, min: number): First {
  const optional = (f: First): First => (f.starts === null ? ANY : { starts: f.starts, nullable: f.nullable || min === 0 });
  switch (item.kind) {
    case 'zero':
      return EMPTY;
    case 'char':
      return optional({ starts: [{ kind: 'char', code: item.char.charCodeAt(0) }], nullable: false });
    case 'digit':
      return tokenStart ? optional({ starts: [{ kind: 'digit' }], nullable: false }) : ANY;
    case 'class': {
      if (!item.alnum) {
        if (item.chars === null) return ANY;
        return optional({ starts: item.chars.map((c) => ({ kind: 'char', code: c.charCodeAt(0) })), nullable: false });
      }
      if (!tokenStart) return ANY;
      // A run of word characters then "_": the run is a whole word of the text followed by "_".
      const next = items[j + 1];
      if (min > 0 && next !== undefined && next.min > 0 && next.item.kind === 'char' && next.item.char === '_') {
        return { starts: [{ kind: 'under' }], nullable: false };
      }
      if (item.chars === null) return ANY;
      return optional({ starts: item.chars.map((c) => ({ kind: 'word', word: c, exact: false })), nullable: false });
    }
    case 'group': {
      const starts: Start[] = [];
      let nullable = false;
      for (const option of item.options) {
        const f = firstOfSeq(option, 0, tokenStart);
        if (f.starts === null) return ANY;
        starts.push(...f.starts);
        nullable ||= f.nullable;
      }
      return optional({ starts, nullable });
    }
    case 'gap':
    case 'any':
      return ANY;
  }
}

/**
 * The FIRST set of a pattern source: every match starts where one of these holds. `tokenStart`:
 * the compiled regex starts with \b, so a match that starts with a word character starts a word of
 * the text. Null when a match could start anywhere.
 */
export function matchStarts(source: string, tokenStart: boolean): Start[] | null {
  const options = parse(source);
  const starts: Start[] = [];
  for (const option of options) {
    const f = firstOfSeq(option, 0, tokenStart);
    if (f.starts === null || f.nullable) return null;
    starts.push(...f.starts);
  }
  return starts;
}

// ---- scanning a text for every pattern's starts at once ---------------------------------------------

const BASE = 37;
const LONGEST = 12;

function digitOf(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return c - 0x60;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 27;
  return 0;
}

export type StartIndex = {
  /** Trie over words: children[node * BASE + digit] is the child node, 0 for none. */
  children: Int32Array;
  /** Per node: the slot of the start words that end at the node and may be continued, -1 for none. */
  prefixSlot: Int32Array;
  /** Per node: the slot of the start words that end at the node and must be the whole word. */
  exactSlot: Int32Array;
  charSlot: Map<number, number>;
  /** 1 for an ASCII sign some pattern starts with. */
  signs: Uint8Array;
  /** Whether some pattern starts with a non-ASCII sign. */
  wideSigns: boolean;
  digitSlot: number;
  underSlot: number;
  /** Number of slots: one per distinct start (a word, exact or begun, a sign, a digit, an underscore). */
  slots: number;
  /** Per pattern id, the slots of its FIRST set. */
  slotsOf: Int32Array[];
  size: number;
};

/**
 * Entries are (starts, id); ids from 0 up. Positions are kept per start word (a slot), not per
 * pattern: a common first word ("i", "your", "team") is recorded once per occurrence however many
 * patterns start with it, and a pattern gathers the positions of its slots only when it runs.
 */
export function buildStartIndex(entries: readonly (readonly [readonly Start[], number])[]): StartIndex {
  const kids: number[][] = [[]];
  const prefix: number[] = [-1];
  const exact: number[] = [-1];
  const charSlot = new Map<number, number>();
  let slots = 0;
  let digitSlot = -1;
  let underSlot = -1;
  const slotsOf: number[][] = [];
  let size = 0;
  for (const [starts, id] of entries) {
    size = Math.max(size, id + 1);
    const own = new Set<number>();
    for (const start of starts) {
      if (start.kind === 'digit') {
        if (digitSlot === -1) digitSlot = slots++;
        own.add(digitSlot);
      } else if (start.kind === 'under') {
        if (underSlot === -1) underSlot = slots++;
        own.add(underSlot);
      } else if (start.kind === 'char') {
        let slot = charSlot.get(start.code);
        if (slot === undefined) {
          slot = slots++;
          charSlot.set(start.code, slot);
        }
        own.add(slot);
      } else {
        let node = 0;
        const word = start.word.slice(0, LONGEST);
        for (const ch of word) {
          const d = digitOf(ch.charCodeAt(0));
          const row = kids[node] as number[];
          let next = row[d];
          if (next === undefined) {
            next = kids.length;
            kids.push([]);
            prefix.push(-1);
            exact.push(-1);
            row[d] = next;
          }
          node = next;
        }
        // A long exact word is cut to LONGEST letters and read as a prefix.
        const table = start.exact && start.word.length <= LONGEST ? exact : prefix;
        if ((table[node] as number) === -1) table[node] = slots++;
        own.add(table[node] as number);
      }
    }
    slotsOf[id] = [...own];
  }
  const children = new Int32Array(kids.length * BASE);
  kids.forEach((row, node) => row.forEach((child, d) => (children[node * BASE + d] = child)));
  const signs = new Uint8Array(128);
  for (const code of charSlot.keys()) if (code < 128) signs[code] = 1;
  const wideSigns = [...charSlot.keys()].some((code) => code >= 128);
  return {
    children,
    prefixSlot: Int32Array.from(prefix),
    exactSlot: Int32Array.from(exact),
    charSlot,
    signs,
    wideSigns,
    digitSlot,
    underSlot,
    slots,
    slotsOf: Array.from({ length: size }, (_, id) => Int32Array.from(slotsOf[id] ?? [])),
    size,
  };
}

/**
 * Per slot, the ascending positions where its start word occurs: a list per slot in flat arrays
 * (no allocation per position). Walk from `head[slot]` along `link`, reading `at[k]`.
 */
export class Starts {
  head: Int32Array;
  tail: Int32Array;
  link: Int32Array;
  at: Int32Array;
  count = 0;
  constructor(slots: number) {
    this.head = new Int32Array(slots).fill(-1);
    this.tail = new Int32Array(slots).fill(-1);
    this.link = new Int32Array(512);
    this.at = new Int32Array(512);
  }
  /** Empties the lists for another text (the arrays are reused: allocating them per form cost more than the scan). */
  clear(): void {
    this.head.fill(-1);
    this.tail.fill(-1);
    this.count = 0;
  }
  push(slot: number, at: number): void {
    if (slot < 0) return;
    const last = this.tail[slot] as number;
    if (last !== -1 && this.at[last] === at) return;
    if (this.count === this.at.length) this.grow();
    const k = this.count++;
    this.at[k] = at;
    this.link[k] = -1;
    if (last === -1) this.head[slot] = k;
    else this.link[last] = k;
    this.tail[slot] = k;
  }
  grow(): void {
    const at = new Int32Array(this.at.length * 2);
    at.set(this.at);
    const link = new Int32Array(this.link.length * 2);
    link.set(this.link);
    this.at = at;
    this.link = link;
  }
}

// a-z → 1..26, 0-9 → 27..36, else 0, for ASCII; a lookup is cheaper than two range tests per character.
const DIGITS = Uint8Array.from({ length: 128 }, (_, c) => digitOf(c));

/** One pass over a lowercase text for every start word, into `starts` (cleared first). */
export function scanStarts(text: string, index: StartIndex, starts: Starts = new Starts(index.slots)): Starts {
  starts.clear();
  const { children, prefixSlot, exactSlot, charSlot, signs } = index;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? (DIGITS[c] as number) : 0;
    if (d === 0) {
      if (c < 128 ? signs[c] === 1 : index.wideSigns) starts.push(charSlot.get(c) ?? -1, i);
      i++;
      continue;
    }
    const from = i;
    let node = children[d] as number;
    if (node !== 0) starts.push(prefixSlot[node] as number, from);
    i++;
    for (; i < length; i++) {
      const ci = text.charCodeAt(i);
      const di = ci < 128 ? (DIGITS[ci] as number) : 0;
      if (di === 0) break;
      if (node !== 0) {
        node = i - from < LONGEST ? (children[node * BASE + di] as number) : 0;
        if (node !== 0) starts.push(prefixSlot[node] as number, from);
      }
    }
    if (node !== 0) starts.push(exactSlot[node] as number, from);
    if (d > 26) starts.push(index.digitSlot, from);
    if (i < length && text.charCodeAt(i) === 0x5f) starts.push(index.underSlot, from);
  }
  return starts;
}

/**
 * The positions where pattern `id` may start, ascending and without repeats, into `out` from 0;
 * returns how many (0 when `out` is too small is never the case: callers size it to the text).
 */
export function positionsOf(index: StartIndex, starts: Starts, id: number, out: Int32Array): number {
  const slots = index.slotsOf[id] as Int32Array;
  let n = 0;
  let lists = 0;
  for (let s = 0; s < slots.length; s++) {
    let k = starts.head[slots[s] as number] as number;
    if (k === -1) continue;
    lists++;
    for (; k !== -1; k = starts.link[k] as number) out[n++] = starts.at[k] as number;
  }
  if (lists > 1) {
    out.subarray(0, n).sort();
    let m = 0;
    for (let j = 0; j < n; j++) if (j === 0 || out[j] !== out[j - 1]) out[m++] = out[j] as number;
    n = m;
  }
  return n;
}
