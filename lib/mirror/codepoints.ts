// Limits in SPEC.md are in code points, not UTF-16 units: an emoji counts once.

export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The first `max` code points of `text` (a surrogate pair is never split). */
export function sliceCodePoints(text: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const ch of text) {
    if (count === max) break;
    count++;
    end += ch.length;
  }
  return text.slice(0, end);
}

// A code point's UTF-16 width.
const widthOf = (cp: number): number => (cp > 0xffff ? 2 : 1);

/** The code point that ends just before UTF-16 index `at` (a surrogate pair is read whole). */
export function codePointBefore(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(at - 2) ?? low;
  }
  return low;
}

/**
 * The run of code points around UTF-16 index `at` (a code point boundary) that `inRun` accepts, as
 * [start, end); it does not reach below `from`. Empty (start = end = at) when the code point at
 * `at` is not in the run and nothing before it is.
 */
export function runAround(text: string, at: number, inRun: (cp: number) => boolean, from = 0): [number, number] {
  let start = at;
  while (start > from) {
    const before = codePointBefore(text, start);
    if (!inRun(before)) break;
    start -= widthOf(before);
  }
  let end = at;
  while (end < text.length) {
    const cp = text.codePointAt(end) ?? 0;
    if (!inRun(cp)) break;
    end += widthOf(cp);
  }
  return [start, end];
}

/**
 * `re` (a one-character Unicode property test such as /\p{L}/u) as a test of a code point, memoised:
 * a table for the BMP, a capped map above it. The walks over posts meet every emoji, curly quote and
 * non-Latin letter, and a regex test per character cost more than the rest of a walk.
 */
export function codePointTest(re: RegExp): (cp: number) => boolean {
  const bmp = new Uint8Array(0x10000); // 0 = not yet known, 1 = matches, 2 = does not
  const astral = new Map<number, boolean>();
  return (cp) => {
    if (cp <= 0xffff) {
      let known = bmp[cp] as number;
      if (known === 0) {
        known = re.test(String.fromCharCode(cp)) ? 1 : 2;
        bmp[cp] = known;
      }
      return known === 1;
    }
    let found = astral.get(cp);
    if (found === undefined) {
      found = re.test(String.fromCodePoint(cp));
      if (astral.size < ASTRAL_MEMO_LIMIT) astral.set(cp, found);
    }
    return found;
  };
}

const ASTRAL_MEMO_LIMIT = 20_000;

/** Letters (\p{L}), the test the script checks and un-leet share. */
export const isLetter = codePointTest(/\p{L}/u);
