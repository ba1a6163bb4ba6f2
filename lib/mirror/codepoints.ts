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
