// "Characters" in the Show limits are Unicode code points after NFC, the unit Postgres'
// char_length() counts, so a limit checked here and one checked in SQL agree.

export function charLength(text: string): number {
  let n = 0;
  for (const _ of text.normalize('NFC')) n++;
  return n;
}

/** The first `count` code points of `text` (never splits a surrogate pair). */
export function firstChars(text: string, count: number): string {
  if (text.length <= count) return text;
  let end = 0;
  for (let n = 0; n < count && end < text.length; n++) {
    const unit = text.charCodeAt(end);
    end += unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, end);
}

/** For comparing a line with the hook: NFC, inner whitespace collapsed, ends trimmed. */
export function sameLine(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/gu, ' ').trim();
  return norm(a) === norm(b);
}
