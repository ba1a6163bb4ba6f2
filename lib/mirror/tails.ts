// What a match must still find further on. Some patterns read a credential or agent word, then a
// short phrase that rarely follows it: "<credential> to me", "<credential> here", "<agent>, ignore
// …", "… your token that you are using". Their FIRST words occur all over a long post, and a sticky
// test at each of them reads the whole alternation before failing. Every match at a position holds
// the rest of its sequence past some point (the pattern's tail) at or after that position, in the
// same text; so once no tail starts at or after a position, no later position can match either,
// and positions up to the next tail need no look. A tail is cut where its start is known: right
// after a separator class (`[^a-z0-9]{1,4}`: the tail starts a word of the text) or at a literal
// sign. Its FIRST set (starts.ts) goes into the one start scan of the form, and the tail is tested
// as a sticky regex only there, each position at most once per pattern and form. (Searching the
// form with the tail as a global regex was tried first: that tries every position, inside words
// too, and cost more than the tests it saved.)
import { type SecondIndex, secondIndex, secondStarts } from './second-words.ts';
import { type Start, matchStarts } from './starts.ts';

const MAX_OPENING_WORDS = 8;

/** One item of a sequence: its atom is source[start, atomEnd), its quantifier runs to `end`. */
type Item = { start: number; atomEnd: number; end: number; min: number };

// Index just past the group or class that opens at `from` (escapes skipped), or -1.
function closeOf(source: string, from: number): number {
  if (source[from] === '[') {
    for (let i = from + 1; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === ']') return i + 1;
    }
    return -1;
  }
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const end = closeOf(source, i);
      if (end === -1) return -1;
      i = end - 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

// The least count a quantifier at `at` asks for, and where it ends ("{0,60}?" → 0; none → 1).
function quantifierAt(source: string, at: number): { min: number; end: number } {
  const c = source[at];
  let min = 1;
  let end = at;
  if (c === '?' || c === '*') {
    min = 0;
    end = at + 1;
  } else if (c === '+') end = at + 1;
  else if (c === '{') {
    const m = /^\{(\d*)(?:,\d*)?\}/.exec(source.slice(at));
    if (m === null) return { min, end };
    min = Number(m[1] || '0');
    end = at + m[0].length;
  }
  if (end > at && source[end] === '?') end++; // lazy
  return { min, end };
}

// A class that holds no letter or digit ("[^a-z0-9]", "[.,:]", "\s") is a separator, not a gap.
const isSeparatorClass = (cls: string): boolean =>
  cls.startsWith('[^')
    ? cls.includes('a-z') && cls.includes('0-9')
    : cls.startsWith('[')
      ? !/[a-z0-9]|\\[wdp]/i.test(cls.slice(1, -1))
      : /^\\[s.,;:!?'"\-_]$/.test(cls);

// The items of a sequence without a top-level `|`, or null when it has one or is not read.
function itemsOf(source: string): Item[] | null {
  const items: Item[] = [];
  let i = 0;
  while (i < source.length) {
    const start = i;
    const c = source[i] as string;
    if (c === '|' || c === ')') return null;
    let atomEnd: number;
    if (c === '(' || c === '[') atomEnd = closeOf(source, i);
    else if (c === '\\') atomEnd = source[i + 1] === 'x' ? i + 4 : 'upPk'.includes(source[i + 1] ?? '') ? -1 : i + 2;
    else atomEnd = i + 1;
    if (atomEnd === -1) return null;
    const { min, end } = quantifierAt(source, atomEnd);
    items.push({ start, atomEnd, end, min });
    i = end;
  }
  return items;
}

// The top-level options of a group's body, or null when a bracket is left open.
function optionsOf(body: string): string[] | null {
  const options: string[] = [];
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') {
      const end = closeOf(body, i);
      if (end === -1) return null;
      i = end - 1;
    } else if (c === '|') {
      options.push(body.slice(from, i));
      from = i + 1;
    }
  }
  options.push(body.slice(from));
  return options;
}

/** A pattern's tail: a sticky regex, the starts of its matches, and what its second word may begin with. */
export type Tail = { sticky: RegExp; starts: Start[]; second: SecondIndex | null };

// Whether item k is always preceded by a separator character: the item before is a required
// separator class, or a group each of whose options ends with one (when the group or class may be
// left out, the item before it must say so too).
function afterSeparator(source: string, items: readonly Item[], k: number): boolean {
  for (let j = k - 1; j >= 0; j--) {
    const item = items[j] as Item;
    const atom = source.slice(item.start, item.atomEnd);
    if (/^\(\?<?[=!]/.test(atom)) continue; // a lookaround consumes nothing
    if (atom.startsWith('(?:')) {
      const options = optionsOf(atom.slice(3, -1));
      const endsWithSeparator = (option: string): boolean => {
        const last = itemsOf(option)?.at(-1);
        return last !== undefined && last.min >= 1 && isSeparatorClass(option.slice(last.start, last.atomEnd));
      };
      if (options === null || !options.every(endsWithSeparator)) return false;
    } else if (!isSeparatorClass(atom)) return false;
    if (item.min >= 1) return true;
  }
  return false;
}

// The tail that opens at item k, or null. It is cut past a required separator class or where a
// separator always stands before it (the tail then starts a word of the text), or at a required
// literal sign, and opens with a literal word, a sign,
// or a group of at most a few options that each open with a literal word (a tail that opens with a
// wide alternation is tried at nearly every word).
function tailFrom(source: string, items: readonly Item[], k: number, after: string): Tail | null {
  let first = items[k];
  if (first === undefined || first.min < 1) return null;
  let tokenStart = afterSeparator(source, items, k);
  if (isSeparatorClass(source.slice(first.start, first.atomEnd))) {
    tokenStart = true;
    first = items[k + 1];
    if (first === undefined || first.min < 1) return null;
  }
  const atom = source.slice(first.start, first.atomEnd);
  if (/^(?:\\[^a-zA-Z0-9]|[^a-zA-Z0-9\\([.^$|])$/.test(atom)) tokenStart = false;
  else if (!tokenStart) return null;
  else if (/^[a-z]$/.test(atom)) {
    if (!/^[a-z]{2}/.test(source.slice(first.start))) return null;
  } else {
    if (!atom.startsWith('(?:')) return null;
    const options = optionsOf(atom.slice(3, -1));
    if (options === null || options.length > MAX_OPENING_WORDS || !options.every((option) => /^[a-z]{2}/.test(option))) return null;
  }
  const tail = source.slice(first.start) + after;
  const starts = matchStarts(tail, tokenStart);
  if (starts === null) return null;
  const seconds = tokenStart ? secondStarts(tail) : null;
  return { sticky: new RegExp(tail, 'y'), starts, second: seconds === null ? null : secondIndex(seconds) };
}

/**
 * The tail of a sticky pattern source `\\b(?:REST)AFTER`: REST's items from the first one past a
 * group where a tail can be cut (tailFrom), with AFTER. Every such suffix of the sequence is held by
 * every match; the earliest says the most. Null when there is none, REST has a top-level `|`, or the
 * source holds a back-reference or a named group.
 */
export function tailOf(source: string): Tail | null {
  if (!source.startsWith('\\b(?:') || /\\[1-9]|\(\?</.test(source.replace(/\(\?<[=!]/g, ''))) return null;
  const outerEnd = closeOf(source, 2);
  if (outerEnd === -1) return null;
  const rest = source.slice(5, outerEnd - 1);
  const items = itemsOf(rest);
  if (items === null) return null;
  // Cut only past a group: a tail that leaves out a literal word or sign saves no test.
  let pastGroup = false;
  for (let k = 1; k < items.length; k++) {
    pastGroup ||= rest[(items[k - 1] as Item).start] === '(';
    const tail = pastGroup ? tailFrom(rest, items, k, source.slice(outerEnd)) : null;
    if (tail !== null) return tail;
  }
  return null;
}
