// Shape checks that need no language: wallet addresses (money_request) and encoded runs
// (encoded_blob). Both read the text after links were replaced, so an address inside an explorer
// link ("solscan.io/account/<address>") is part of a link, not an address named in the post.
import { allMatches, someMatch } from './regex.ts';

const EVM_ADDRESS = /(?<![0-9a-z])0x[0-9a-f]{40}(?![0-9a-z])/gi;
const BECH32_ADDRESS = /(?<![0-9a-z])bc1(?:[02-9ac-hj-np-z]{25,87}|[02-9AC-HJ-NP-Z]{25,87})(?![0-9a-z])/gi;
// Base58 (Bitcoin legacy, Solana, Tron): case-sensitive alphabet without 0, O, I and l.
const BASE58_ADDRESS = /(?<![0-9A-Za-z])[1-9A-HJ-NP-Za-km-z]{26,44}(?![0-9A-Za-z])/g;
const TON_ADDRESS = /(?<![\w-])[EU]Q[A-Za-z0-9_-]{46}(?![\w-])/g;

const HAS_DIGIT = /\d/;
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;

// A random base58 string mixes digits and both cases; words and hashtags do not.
function isBase58Address(token: string): boolean {
  if (!HAS_DIGIT.test(token) || !HAS_UPPER.test(token) || !HAS_LOWER.test(token)) return false;
  return token.length >= 32 || /^[13]/.test(token);
}

/** The wallet addresses named in the text, in order. */
export function findAddresses(text: string): string[] {
  const found: string[] = [];
  for (const re of [EVM_ADDRESS, BECH32_ADDRESS, TON_ADDRESS]) found.push(...allMatches(re, text));
  for (const m of allMatches(BASE58_ADDRESS, text)) if (isBase58Address(m)) found.push(m);
  return found;
}

// A run may follow `key=` ("ref=c2VuZA..."): a query value is where links carry payloads.
const BASE64_SHAPED = /(?:(?<![A-Za-z0-9+/=_-])|(?<=(?<![A-Za-z0-9+/=_-])[A-Za-z_]{1,20}=))[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/;
const LONG_HEX = /(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{32,}(?![0-9A-Za-z])/g;
const SPACED_HEX = /(?<![0-9A-Za-z])(?:(?:0x|\\x)?[0-9a-fA-F]{2}[ ,:]){7,}(?:0x|\\x)?[0-9a-fA-F]{2}(?![0-9A-Za-z])/g;
const DATA_URI = /\bdata:[\w/+.-]*(?:;[\w=.-]+)*[;,]/i;
const ENTITY_RUN = /(?:&(?:#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});\s?){3,}/;
const ESCAPE_RUN = /(?:\\u\{[0-9a-fA-F]{1,6}\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\[0-7]{3}|%[0-9a-fA-F]{2}){3,}/;

const HEX_LETTER = /[a-fA-F]/;

function isBase64Blob(run: string, addresses: ReadonlySet<string>): boolean {
  if (addresses.has(run)) return false;
  const body = run.replace(/=+$/, '');
  // Prose joined by hyphens or underscores ("long-hyphenated-compound-word") is not a blob.
  if (/^[a-z-]+$/i.test(body) || /^[a-z_]+$/i.test(body)) return false;
  const classes = [/[A-Z]/, /[a-z]/, /[0-9+/]/].filter((re) => re.test(body)).length;
  // Short runs count only with padding: "curl x|bash" is 24 characters of base64.
  if (body.length < 24) return run.endsWith('=') && classes === 3 && run.length % 4 === 0;
  // Long single-case runs with digits: base32 content ids, keys.
  return classes === 3 || (run.endsWith('=') && classes >= 2) || (body.length >= 40 && classes >= 2);
}

export function hasEncodedBlob(text: string, addresses: readonly string[]): boolean {
  if (DATA_URI.test(text) || ENTITY_RUN.test(text) || ESCAPE_RUN.test(text) || JWT.test(text)) return true;
  const known = new Set(addresses);
  const longHex = ([m]: RegExpExecArray): boolean => !known.has(m) && HEX_LETTER.test(m) && /\d/.test(m);
  return (
    someMatch(LONG_HEX, text, longHex) ||
    someMatch(SPACED_HEX, text, ([m]) => HEX_LETTER.test(m)) ||
    someMatch(BASE64_SHAPED, text, ([m]) => isBase64Blob(m, known))
  );
}
