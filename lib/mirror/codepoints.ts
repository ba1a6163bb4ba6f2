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

/** The code point that ends just before UTF-16 index `at` (a surrogate pair is read whole). */
export function codePointBefore(text: string, at: number): string {
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(at - 2, at);
  }
  return text.slice(at - 1, at);
}

/**
 * The run of code points around UTF-16 index `at` (a code point boundary) that `inRun` accepts, as
 * [start, end); it does not reach below `from`. Empty (start = end = at) when the code point at
 * `at` is not in the run and nothing before it is.
 */
export function runAround(text: string, at: number, inRun: (ch: string) => boolean, from = 0): [number, number] {
  let start = at;
  while (start > from) {
    const before = codePointBefore(text, start);
    if (!inRun(before)) break;
    start -= before.length;
  }
  let end = at;
  while (end < text.length) {
    const ch = String.fromCodePoint(text.codePointAt(end) ?? 0);
    if (!inRun(ch)) break;
    end += ch.length;
  }
  return [start, end];
}
