// The exact source text of each element of a top-level array in a JSON object text. The ingest
// route stores every mirrored post exactly as the fetcher sent it: JSON.parse gives the values, this
// gives the bytes. Written by hand (no JSON library exposes element source ranges; the JSON.parse
// source-text proposal covers primitives only). It runs only on text JSON.parse has accepted, so it
// tracks strings and nesting and nothing else.

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i]!)) i++;
  return i;
}

/** Index just past the string token starting at `i` (text[i] === '"'). */
function skipString(text: string, i: number): number {
  i++;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  throw new Error('unterminated string');
}

/** Index just past the JSON value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    while (i < text.length) {
      const d = text[i];
      if (d === '"') {
        i = skipString(text, i);
        continue;
      }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    throw new Error('unterminated container');
  }
  // A number or a literal: up to the next delimiter.
  while (i < text.length && !WS.has(text[i]!) && text[i] !== ',' && text[i] !== '}' && text[i] !== ']') i++;
  return i;
}

/**
 * The source text of each element of the array under `key` in the top-level object of `text`, which
 * must be JSON that JSON.parse accepted. With duplicate keys the last one wins, as in JSON.parse.
 * Null when the top level is not an object or `key` does not hold an array.
 */
export function topLevelArraySpans(text: string, key: string): string[] | null {
  let i = skipWs(text, 0);
  if (text[i] !== '{') return null;
  i = skipWs(text, i + 1);
  let found: string[] | null = null;
  if (text[i] === '}') return null;
  for (;;) {
    const keyEnd = skipString(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, keyEnd);
    i = skipWs(text, i + 1); // past ':'
    if (name === key && text[i] === '[') {
      const spans: string[] = [];
      i = skipWs(text, i + 1);
      if (text[i] === ']') i++;
      else {
        for (;;) {
          const end = skipValue(text, i);
          spans.push(text.slice(i, end));
          i = skipWs(text, end);
          if (text[i] === ',') i = skipWs(text, i + 1);
          else {
            i++; // ']'
            break;
          }
        }
      }
      found = spans;
    } else {
      if (name === key) found = null;
      i = skipValue(text, i);
    }
    i = skipWs(text, i);
    if (text[i] === ',') i = skipWs(text, i + 1);
    else return found;
  }
}
