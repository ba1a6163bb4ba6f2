// Step 3 of SPEC.md's processing: collapse combining-mark stacks ("zalgo") and blank-line runs.
import { codePointTest } from './codepoints.ts';

/**
 * Marks kept after one base character. After NFC, real orthography stays within three (Hebrew point +
 * dagesh + cantillation, Devanagari nukta + vowel sign + anusvara, Thai vowel + tone mark, a keycap's
 * VS16 + U+20E3); zalgo text stacks dozens.
 */
export const MAX_MARKS_PER_BASE = 3;

const MARK_STACK = new RegExp(`(\\p{M}{${MAX_MARKS_PER_BASE}})\\p{M}+`, 'gu');
// Two or more blank lines (lines holding only spaces or tabs) become one blank line.
const BLANK_RUN = /\n[ \t]*(?:\n[ \t]*){2,}/g;
const TRAILING_SPACE = /[ \t]+$/gm;

// Whether some base carries more marks than it keeps. Every mark is at U+0300 or above, so most
// characters are passed over on their code alone; a memoised test costs less than the Unicode regex.
const isMark = codePointTest(/\p{M}/u);

function hasMarkStack(text: string): boolean {
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x300) {
      marks = 0;
      continue;
    }
    const cp = text.codePointAt(i) ?? 0;
    if (cp > 0xffff) i++;
    marks = isMark(cp) ? marks + 1 : 0;
    if (marks > MAX_MARKS_PER_BASE) return true;
  }
  return false;
}

// Once trailing spaces are gone, a run of blank lines is three newlines in a row.
const BLANK_LINES = '\n\n\n';

export function collapseRuns(text: string): string {
  const unstacked = hasMarkStack(text) ? text.replace(MARK_STACK, '$1') : text;
  const trimmed = unstacked.replace(TRAILING_SPACE, '');
  return (trimmed.includes(BLANK_LINES) ? trimmed.replace(BLANK_RUN, '\n\n') : trimmed).trim();
}
