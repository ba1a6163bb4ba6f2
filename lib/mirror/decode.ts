// Exactly one level of decoding, as SPEC.md orders: base64, hex, percent-encoding, HTML entities,
// `\u` escapes (and their `\x` and octal kin), Morse, rot13 and reversed text. Each decoder returns
// the post with the decoded parts put in place (so "send to" + decoded text still reads as one
// sentence) or null when it found nothing to decode. Decoded output is never decoded again.
import { isUtf8 } from 'node:buffer';
import { decodeHTML } from 'entities';
import { type Runs, measureRuns } from './runs.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

// Decoded bytes count as text only when they are valid UTF-8 and mostly printable: random
// base64-shaped words ("internationalization") decode to binary and are left alone.
function asReadableText(bytes: Uint8Array): string | null {
  // Most candidates are not UTF-8 (addresses, hashes): a validity check costs less than a throw.
  if (bytes.length < 4 || !isUtf8(bytes)) return null;
  const text = UTF8.decode(bytes);
  let printable = 0;
  let total = 0;
  for (const ch of text) {
    total++;
    if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\t]/u.test(ch)) printable++;
  }
  return printable / total >= 0.9 && /\p{L}{2}/u.test(text) ? text : null;
}

const BASE64_RUN = /(?:(?<![A-Za-z0-9+/=_-])|(?<=(?<![A-Za-z0-9+/=_-])[A-Za-z_]{1,20}=))[A-Za-z0-9+/_-]{12,}={0,2}(?![A-Za-z0-9+/=_-])/g;

// Base64 of text mixes cases and usually digits; a long plain word ("congratulations") does not,
// and skipping it saves a decode per long word.
const looksLikeBase64 = (run: string): boolean => /[a-z]/.test(run) && /[A-Z][^A-Z]*[A-Z]|[A-Z].*[0-9+/=]|[0-9+/=].*[A-Z]/.test(run);

export function decodeBase64(text: string): string | null {
  let changed = false;
  const out = text.replace(BASE64_RUN, (run: string) => {
    if (!looksLikeBase64(run)) return run;
    const standard = run.replace(/-/g, '+').replace(/_/g, '/');
    if (standard.replace(/=+$/, '').length % 4 === 1) return run;
    const decoded = asReadableText(Buffer.from(standard, 'base64'));
    if (decoded === null) return run;
    changed = true;
    return ` ${decoded} `;
  });
  return changed ? out : null;
}

// Contiguous hex ("69676e6f7265"), or byte-separated ("69 67 6e", "0x69,0x67", "\x69\x67").
const HEX_RUN = /(?<![0-9A-Za-z])(?:0x)?(?:[0-9a-fA-F]{2}){6,}(?![0-9A-Za-z])|(?:(?:0x|\\x)?[0-9a-fA-F]{2}[ ,:;-]?){6,}/g;

export function decodeHex(text: string): string | null {
  let changed = false;
  const out = text.replace(HEX_RUN, (run: string) => {
    const digits = run.replace(/0x|\\x/gi, '').replace(/[^0-9a-fA-F]/g, '');
    if (digits.length % 2 === 1) return run;
    const decoded = asReadableText(Buffer.from(digits, 'hex'));
    if (decoded === null) return run;
    changed = true;
    return ` ${decoded} `;
  });
  return changed ? out : null;
}

const PERCENT_RUN = /(?:%[0-9a-fA-F]{2})+/g;

export function decodePercent(text: string): string | null {
  const matches = text.match(PERCENT_RUN);
  if (matches === null || matches.join('').length < 9) return null;
  return text.replace(PERCENT_RUN, (run: string) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return Buffer.from(run.replace(/%/g, ''), 'hex').toString('latin1');
    }
  });
}

const HTML_ENTITY = /&(?:#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

export function decodeEntities(text: string): string | null {
  if (!HTML_ENTITY.test(text)) return null;
  const decoded = decodeHTML(text);
  return decoded === text ? null : decoded;
}

// \u{…}, \uXXXX, \xXX and octal \ooo (the escapes encoded_blob counts); \x and octal read as code points.
const ESCAPE = /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\([0-3][0-7]{2})/g;

function fromCodePointSafe(hex: string): string {
  const cp = Number.parseInt(hex, 16);
  return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
}

export function decodeEscapes(text: string): string | null {
  const found = text.match(ESCAPE);
  if (found === null || found.length < 2) return null;
  // A surrogate pair written as two \u escapes decodes to two halves that join into one character.
  return text.replace(ESCAPE, (_m: string, braced?: string, four?: string, two?: string, octal?: string) =>
    octal === undefined ? fromCodePointSafe(braced ?? four ?? two ?? '') : String.fromCharCode(Number.parseInt(octal, 8)),
  );
}

const MORSE: Record<string, string> = {
  '.-': 'a',
  '-...': 'b',
  '-.-.': 'c',
  '-..': 'd',
  '.': 'e',
  '..-.': 'f',
  '--.': 'g',
  '....': 'h',
  '..': 'i',
  '.---': 'j',
  '-.-': 'k',
  '.-..': 'l',
  '--': 'm',
  '-.': 'n',
  '---': 'o',
  '.--.': 'p',
  '--.-': 'q',
  '.-.': 'r',
  '...': 's',
  '-': 't',
  '..-': 'u',
  '...-': 'v',
  '.--': 'w',
  '-..-': 'x',
  '-.--': 'y',
  '--..': 'z',
  '-----': '0',
  '.----': '1',
  '..---': '2',
  '...--': '3',
  '....-': '4',
  '.....': '5',
  '-....': '6',
  '--...': '7',
  '---..': '8',
  '----.': '9',
};
// Four or more Morse letters; words are split by "/", "|" or a wider gap.
const MORSE_RUN = /(?:[.\-·•−–—_]{1,6}(?: {1,3}| ?[/|] ?)){3,}[.\-·•−–—_]{1,6}/g;

export function decodeMorse(text: string): string | null {
  let changed = false;
  const out = text.replace(MORSE_RUN, (run: string) => {
    const words = run
      .replace(/[·•]/g, '.')
      .replace(/[−–—_]/g, '-')
      .split(/ ?[/|] ?| {2,3}/);
    let decoded = '';
    let known = 0;
    let total = 0;
    for (const word of words) {
      for (const letter of word.split(' ')) {
        if (letter.length === 0) continue;
        total++;
        const ch = MORSE[letter];
        if (ch !== undefined) known++;
        decoded += ch ?? '?';
      }
      decoded += ' ';
    }
    if (total < 4 || known / total < 0.9) return run;
    changed = true;
    return ` ${decoded.trim()} `;
  });
  return changed ? out : null;
}

// Bytes written as eight binary digits ("01101000 01101001"). Not one of SPEC.md's decodings, so no
// label is read in it; a run that decodes to text is evidence that a post carries something encoded.
const BINARY_RUN = /(?<![01])(?:[01]{8}[ ,]?){4,}(?![01])/g;

export function decodeBinary(text: string): string | null {
  if (!text.includes('0101') && !text.includes('0110') && !text.includes('0111')) return null;
  let found: string | null = null;
  for (const [run] of text.matchAll(BINARY_RUN)) {
    const bytes = Uint8Array.from(run.match(/[01]{8}/g) ?? [], (b) => Number.parseInt(b, 2));
    found ??= asReadableText(bytes);
  }
  return found;
}

const ROT13 = Uint16Array.from({ length: 128 }, (_, c) =>
  c >= 65 && c <= 90 ? ((c - 65 + 13) % 26) + 65 : c >= 97 && c <= 122 ? ((c - 97 + 13) % 26) + 97 : c,
);
const UTF16 = new TextDecoder('utf-16le');

export function rot13(text: string): string {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    units[i] = c < 128 ? (ROT13[c] ?? c) : c;
  }
  return UTF16.decode(units);
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

// Reverses text[from, to) by code point (a surrogate pair stays in order).
function reverseRange(text: string, from: number, to: number): string {
  let out = '';
  for (let i = to - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (isLowSurrogate(c) && i > from && isHighSurrogate(text.charCodeAt(i - 1))) {
      out += text.slice(i - 1, i + 1);
      i--;
    } else {
      out += text[i];
    }
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}'’]/u;

// Width in UTF-16 units of the code point at i, negative when it is not part of a word.
function wordCharWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) {
    const isWord = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x27;
    return isWord ? 1 : -1;
  }
  const cp = text.codePointAt(i) ?? c;
  const width = cp > 0xffff ? 2 : 1;
  return WORD_CHAR.test(String.fromCodePoint(cp)) ? width : -width;
}

/** The whole text reversed by code point, and each word reversed in place. */
export function reversals(text: string): [string, string] {
  let perWord = '';
  let start = -1;
  let i = 0;
  while (i < text.length) {
    const width = wordCharWidth(text, i);
    if (width > 0) {
      if (start === -1) start = i;
    } else {
      if (start !== -1) perWord += reverseRange(text, start, i);
      start = -1;
      perWord += text.slice(i, i - width);
    }
    i += Math.abs(width);
  }
  if (start !== -1) perWord += reverseRange(text, start, text.length);
  return [reverseRange(text, 0, text.length), perWord];
}

/**
 * Every one-level decoding of `text` that found something, rot13 and reversal aside: those apply to
 * any text, so the flagger builds them only when their words could match a pattern.
 */
export function decodings(text: string, runs: Runs = measureRuns(text)): string[] {
  // The base64, hex and Morse regexes try every position; skip them when the text holds no base64
  // run mixing cases (looksLikeBase64 wants both), no 12 hex digits together, no 4 Morse symbols.
  const found: string[] = [];
  for (const decoded of [
    runs.mixedCase ? decodeBase64(text) : null,
    runs.hexDigits >= 12 ? decodeHex(text) : null,
    decodePercent(text),
    decodeEntities(text),
    decodeEscapes(text),
    runs.morse >= 4 ? decodeMorse(text) : null,
  ]) {
    if (decoded !== null) found.push(decoded);
  }
  return found;
}
