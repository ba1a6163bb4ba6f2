// Steps 1 and 2 of SPEC.md's processing: NFC, then removal of invisible characters and bidirectional
// controls. One pass over the code points does both because a character's fate depends on its
// neighbours: a ZWJ inside a family emoji, tag characters inside a subdivision flag and a single
// presentation selector after a base are parts of valid sequences, while the same characters
// elsewhere are hiding something. Smuggled ASCII (tag characters, runs of variation selectors) is
// decoded before it is thrown away so the flagger can read it.
import { codePointTest } from './codepoints.ts';

export type InvisibleCleanup = {
  /** NFC text with every invisible and bidi control removed. */
  text: string;
  /**
   * The same text as a reader's eye splits it: a removed character that sat inside a word is kept as
   * U+0000 (which cannot otherwise survive, being a control character). Null when no removal split
   * a word, so a match in `text` that is absent here was hidden by a zero-width split.
   */
  asSent: string | null;
  /** ASCII/UTF-8 payloads decoded from tag characters and variation-selector runs. */
  smuggled: string[];
  /** Something other than parts of valid emoji or joining-script sequences was removed. */
  hidden: boolean;
  bidi: boolean;
};

const SPLIT_MARK = '\u0000';

// Fast path: most posts contain none of these (controls, line separators, default-ignorables, bidi
// controls), and skipping the code-point walk keeps the bench fast. A walk with a memoised test for
// the non-ASCII part costs a fraction of one Unicode regex over the post.
const isSuspectAbove7f = codePointTest(/[\x7F-\x9F\u2028\u2029\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u);

function isSuspect(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x7f) {
      if (c < 0x20 && c !== 0x09 && c !== 0x0a) return true;
      continue;
    }
    const cp = text.codePointAt(i) ?? c;
    if (cp > 0xffff) i++;
    if (isSuspectAbove7f(cp)) return true;
  }
  return false;
}

const isBidiControl = codePointTest(/\p{Bidi_Control}/u);
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI_AFTER_ZWJ = /[\p{Extended_Pictographic}\p{Emoji}]/u;
const HAN = /\p{Script=Han}/u;
// Scripts whose orthography uses ZWJ/ZWNJ between letters (Persian, Indic conjuncts, Sinhala yansaya).
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Khmr}\p{scx=Mymr}]/u;

// Right-to-left writing, where the marks below are part of how text is written.
// Letters only: ALM (U+061C) itself has the Arabic script property.
const RTL_LETTER = /(?=\p{L})[\p{sc=Hebr}\p{sc=Arab}\p{sc=Syrc}\p{sc=Thaa}\p{sc=Nkoo}\p{sc=Samr}\p{sc=Mand}\p{sc=Adlm}\p{sc=Rohg}\p{sc=Yezi}]/u;
const LATIN_LETTER = /\p{sc=Latn}/u;
// LRM, RLM and ALM: Bidi_Control, but marks, not overrides, embeddings or isolates.
const isBidiMark = (cp: number): boolean => cp === 0x200e || cp === 0x200f || cp === 0x061c;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

const isTag = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;
const isBasicVs = (cp: number): boolean => cp >= 0xfe00 && cp <= 0xfe0f;
const isSupplementaryVs = (cp: number): boolean => cp >= 0xe0100 && cp <= 0xe01ef;
const isVs = (cp: number): boolean => isBasicVs(cp) || isSupplementaryVs(cp);
const isNewline = (cp: number): boolean => cp === 0x0d || cp === 0x0b || cp === 0x0c || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
const isPlainAscii = (cp: number): boolean => (cp >= 0x20 && cp < 0x7f) || cp === 0x09 || cp === 0x0a;
const isControl = (cp: number): boolean => (cp < 0x20 && cp !== 0x09 && cp !== 0x0a) || (cp >= 0x7f && cp <= 0x9f);

const test = (re: RegExp, cp: number | undefined): boolean => cp !== undefined && re.test(String.fromCodePoint(cp));

// A subdivision flag is U+1F3F4, 2 to 6 tag letters/digits (region + subdivision), CANCEL TAG.
function isSubdivisionFlag(tags: number[], before: number | undefined): boolean {
  if (before !== BLACK_FLAG || tags.length < 3 || tags.length > 7) return false;
  if (tags[tags.length - 1] !== CANCEL_TAG) return false;
  return tags.slice(0, -1).every((cp) => (cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039));
}

function decodeTags(tags: number[]): string {
  let out = '';
  for (const cp of tags) if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  return out;
}

// The "emoji smuggling" encoding: byte b < 16 is U+FE00+b, otherwise U+E0100+(b-16).
function decodeVariationSelectors(run: number[]): string {
  const bytes = Uint8Array.from(run, (cp) => (isBasicVs(cp) ? cp - 0xfe00 : cp - 0xe0100 + 16));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

// One test for the rest of what goes: format characters that are default-ignorable, and bidi controls.
const isSpecial = codePointTest(/[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u);

function runOf(text: string, from: number, inRun: (cp: number) => boolean): { run: number[]; end: number } {
  const run: number[] = [];
  let end = from;
  while (end < text.length) {
    const cp = text.codePointAt(end) ?? 0;
    if (!inRun(cp)) break;
    run.push(cp);
    end += cp > 0xffff ? 2 : 1;
  }
  return { run, end };
}

export function cleanInvisibles(input: string): InvisibleCleanup {
  const nfc = input.normalize('NFC');
  if (!isSuspect(nfc)) return { text: nfc, asSent: null, smuggled: [], hidden: false, bidi: false };

  let out = '';
  let prev: number | undefined;
  const splitAt: number[] = [];
  const smuggled: string[] = [];
  let hidden = false;
  let bidi = false;
  let hasRtl: boolean | undefined;

  // A removal that sits after a word character may split a word: remember where, for asSent.
  const removeVisibly = (): void => {
    if (test(WORD_CHAR, prev)) splitAt.push(out.length);
  };

  let i = 0;
  while (i < nfc.length) {
    const cp = nfc.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;

    // Printable ASCII, tab and newline: the common case, copied a run at a time.
    if (isPlainAscii(cp)) {
      let end = i + 1;
      while (end < nfc.length && isPlainAscii(nfc.charCodeAt(end))) end++;
      out += nfc.slice(i, end);
      prev = nfc.charCodeAt(end - 1);
      i = end;
      continue;
    }

    if (cp === 0x0d && nfc.charCodeAt(i + 1) === 0x0a) {
      i++;
      continue;
    }
    if (isNewline(cp)) {
      out += '\n';
      prev = 0x0a;
      i++;
      continue;
    }

    if (isTag(cp)) {
      const { run, end } = runOf(nfc, i, isTag);
      i = end;
      if (isSubdivisionFlag(run, prev)) continue;
      const payload = decodeTags(run);
      if (payload.length > 0) smuggled.push(payload);
      hidden = true;
      removeVisibly();
      continue;
    }

    if (isVs(cp)) {
      const { run, end } = runOf(nfc, i, isVs);
      i = end;
      const hasBase = prev !== undefined && prev !== 0x0a && prev !== 0x20;
      if (run.length === 1 && hasBase && isBasicVs(cp)) {
        out += String.fromCodePoint(cp);
        prev = cp;
        continue;
      }
      if (run.length === 1 && isSupplementaryVs(cp) && test(HAN, prev)) continue; // ideographic variation
      if (run.length > 1) {
        const payload = decodeVariationSelectors(run);
        if (payload.length > 0) smuggled.push(payload);
      }
      hidden = true;
      removeVisibly();
      continue;
    }

    if (cp === ZWJ || cp === ZWNJ) {
      const next = nfc.codePointAt(i + 1);
      const inEmoji = cp === ZWJ && test(EMOJI_BEFORE_ZWJ, prev) && test(EMOJI_AFTER_ZWJ, next);
      const inJoiningScript = test(JOINING_SCRIPT, prev) && test(JOINING_SCRIPT, next);
      if (!inEmoji && !inJoiningScript) {
        hidden = true;
        removeVisibly();
      }
      i++;
      continue;
    }

    if (isControl(cp)) {
      hidden = true;
      removeVisibly();
      i++;
      continue;
    }

    const ch = nfc.slice(i, i + width);
    i += width;
    if (isBidiMark(cp)) {
      // A mark is not an override: it goes, and it hides something only where no right-to-left
      // writing explains it, or where it splits a Latin word.
      hasRtl ??= RTL_LETTER.test(nfc);
      if (!hasRtl || (test(LATIN_LETTER, prev) && test(LATIN_LETTER, nfc.codePointAt(i)))) {
        hidden = true;
        removeVisibly();
      }
      continue;
    }
    if (cp >= 0xad && isSpecial(cp)) {
      if (isBidiControl(cp)) bidi = true;
      else hidden = true;
      removeVisibly();
      continue;
    }
    out += ch;
    prev = cp;
  }

  return {
    text: out.normalize('NFC'),
    asSent: markSplits(out, splitAt),
    smuggled,
    hidden,
    bidi,
  };
}

// Rebuilds the text with U+0000 where a removal split a word; null when no mark survives.
function markSplits(out: string, splitAt: readonly number[]): string | null {
  if (splitAt.length === 0) return null;
  let marked = '';
  let from = 0;
  for (const at of splitAt) {
    marked += out.slice(from, at) + SPLIT_MARK;
    from = at;
  }
  marked += out.slice(from);
  // Only a mark between two word characters split a word.
  const cleaned = marked.replace(/\u0000+/g, SPLIT_MARK).replace(/\u0000(?![\p{L}\p{N}\p{M}])/gu, '');
  return cleaned.includes(SPLIT_MARK) ? cleaned.normalize('NFC') : null;
}
