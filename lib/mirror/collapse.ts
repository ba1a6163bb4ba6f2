// Step 3 of SPEC.md's processing: collapse combining-mark stacks ("zalgo") and blank-line runs.

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

export function collapseRuns(text: string): string {
  return text.replace(MARK_STACK, '$1').replace(TRAILING_SPACE, '').replace(BLANK_RUN, '\n\n').trim();
}
