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

type First = { starts: Start[] | null; nullable: boolean };

const ANY: First = { starts: null, nullable: false };
const EMPTY: First = { starts: [], nullable: true };
const isWordChar = (c: string): boolean => /^[a-z0-9]$/.test(c);

type Item =
  | { kind: 'char'; char: string }
  | { kind: 'gap' } // a space of the pattern source: one or more non-word characters
  | { kind: 'zero'; boundary: boolean } // consumes nothing: \b, ^, $, lookarounds
  | { kind: 'digit' }
  | { kind: 'class'; alnum: boolean; chars: string[] | null }
  | { kind: 'group'; options: Quantified[][] }
  | { kind: 'any' };
type Quantified = { item: Item; min: number };

// A recursive-descent reading of the subset of regex syntax the patterns use.
function parse(source: string): Quantified[][] {
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
      items.push({ item, min: quantifier() });
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
function firstOfSeq(items: readonly Quantified[], k: number, startsToken: boolean): First {
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
  q !== undefined && q.min === 0 && ((q.item.kind === 'char' && !isWordChar(q.item.char)) || (q.item.kind === 'class' && !q.item.alnum && q.item.chars !== null));
const wordCharOf = (q: Quantified | undefined): string | null =>
  q !== undefined && q.item.kind === 'char' && isWordChar(q.item.char) ? q.item.char : null;

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
  /** Per node: ids of patterns whose start word ends at the node and may be continued. */
  prefixIds: (number[] | undefined)[];
  /** Per node: ids whose start word ends at the node and must be the whole word. */
  exactIds: (number[] | undefined)[];
  charIds: Map<number, number[]>;
  /** 1 for an ASCII sign some pattern starts with. */
  signs: Uint8Array;
  /** Whether some pattern starts with a non-ASCII sign. */
  wideSigns: boolean;
  digitIds: number[];
  underIds: number[];
  size: number;
};

/** Entries are (starts, id); ids from 0 up. */
export function buildStartIndex(entries: readonly (readonly [readonly Start[], number])[]): StartIndex {
  const kids: number[][] = [[]];
  const prefixIds: (number[] | undefined)[] = [undefined];
  const exactIds: (number[] | undefined)[] = [undefined];
  const charIds = new Map<number, number[]>();
  const digitIds: number[] = [];
  const underIds: number[] = [];
  let size = 0;
  const add = (list: number[], id: number): void => {
    if (!list.includes(id)) list.push(id);
  };
  for (const [starts, id] of entries) {
    size = Math.max(size, id + 1);
    for (const start of starts) {
      if (start.kind === 'digit') add(digitIds, id);
      else if (start.kind === 'under') add(underIds, id);
      else if (start.kind === 'char') {
        const list = charIds.get(start.code) ?? [];
        add(list, id);
        charIds.set(start.code, list);
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
            prefixIds.push(undefined);
            exactIds.push(undefined);
            row[d] = next;
          }
          node = next;
        }
        // A long exact word is cut to LONGEST letters and read as a prefix.
        const lists = start.exact && start.word.length <= LONGEST ? exactIds : prefixIds;
        const list = lists[node] ?? [];
        add(list, id);
        lists[node] = list;
      }
    }
  }
  const children = new Int32Array(kids.length * BASE);
  kids.forEach((row, node) => row.forEach((child, d) => (children[node * BASE + d] = child)));
  const signs = new Uint8Array(128);
  for (const code of charIds.keys()) if (code < 128) signs[code] = 1;
  const wideSigns = [...charIds.keys()].some((code) => code >= 128);
  return { children, prefixIds, exactIds, charIds, signs, wideSigns, digitIds, underIds, size };
}

/**
 * Per pattern id, the ascending positions where a match of it can start: a list per id in flat
 * arrays (no allocation per position). Walk with `first(id)` and `next(k)`, reading `at[k]`.
 */
export class Starts {
  head: Int32Array;
  tail: Int32Array;
  link: Int32Array;
  at: Int32Array;
  count = 0;
  constructor(ids: number) {
    this.head = new Int32Array(ids).fill(-1);
    this.tail = new Int32Array(ids).fill(-1);
    this.link = new Int32Array(512);
    this.at = new Int32Array(512);
  }
  /** Empties the lists for another text (the arrays are reused: allocating them per form cost more than the scan). */
  clear(): void {
    this.head.fill(-1);
    this.tail.fill(-1);
    this.count = 0;
  }
  push(ids: readonly number[] | undefined, at: number): void {
    if (ids === undefined) return;
    for (const id of ids) {
      const last = this.tail[id] as number;
      if (last !== -1 && this.at[last] === at) continue;
      if (this.count === this.at.length) this.grow();
      const k = this.count++;
      this.at[k] = at;
      this.link[k] = -1;
      if (last === -1) this.head[id] = k;
      else this.link[last] = k;
      this.tail[id] = k;
    }
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

/** One pass over a lowercase text for every pattern's starts, into `starts` (cleared first). */
export function scanStarts(text: string, index: StartIndex, starts: Starts = new Starts(index.size)): Starts {
  starts.clear();
  const { children, prefixIds, exactIds, charIds, signs } = index;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? (DIGITS[c] as number) : 0;
    if (d === 0) {
      if (c < 128 ? signs[c] === 1 : index.wideSigns) starts.push(charIds.get(c), i);
      i++;
      continue;
    }
    const from = i;
    let node = children[d] as number;
    if (node !== 0) starts.push(prefixIds[node], from);
    i++;
    for (; i < length; i++) {
      const ci = text.charCodeAt(i);
      const di = ci < 128 ? (DIGITS[ci] as number) : 0;
      if (di === 0) break;
      if (node !== 0) {
        node = i - from < LONGEST ? (children[node * BASE + di] as number) : 0;
        if (node !== 0) starts.push(prefixIds[node], from);
      }
    }
    if (node !== 0) starts.push(exactIds[node], from);
    if (d > 26) starts.push(index.digitIds, from);
    if (i < length && text.charCodeAt(i) === 0x5f) starts.push(index.underIds, from);
  }
  return starts;
}
