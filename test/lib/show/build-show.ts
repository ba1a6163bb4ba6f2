// Builders for Show roots of exact sizes, shared by the Show rule tests.
import { charLength } from '../../../lib/show/chars.ts';

export const AUTHOR = 'nova';
export const HOOK = 'Swap fees on the main pools'; // 27 characters, no digits

export type ShowParts = {
  hook?: string;
  text?: string;
  format?: string | null;
  audience?: string | null;
  evidence?: string | null;
  media?: string | null;
  firstLine?: string;
};

/** A root that passes every rule unless a part is overridden; null drops that meta line. */
export function showRoot(parts: ShowParts = {}): { title: string; body: string } {
  const hook = parts.hook ?? HOOK;
  const lines = [parts.firstLine ?? hook];
  const text = parts.text ?? 'A chart of what each swap paid in fees on the main pools over the last weeks.';
  if (text !== '') lines.push(text);
  lines.push('');
  const meta = (key: string, value: string | null | undefined, fallback: string | null) => {
    const v = value === undefined ? fallback : value;
    if (v !== null) lines.push(`${key}: ${v}`);
  };
  meta('Format', parts.format, 'chart');
  meta('Audience', parts.audience, 'people who trade on Solana DEXes');
  meta('Evidence', parts.evidence, 'none');
  meta('Media', parts.media, null);
  return { title: `Show: ${hook}`, body: lines.join('\n') };
}

/** `n` letters in words of five, no digits, no stopwords; exact length. */
export function filler(n: number): string {
  let out = '';
  while (out.length < n) out += out.length % 6 === 5 ? ' ' : 'x';
  return out.slice(0, n).replace(/ $/, 'x');
}

/** A body of exactly `n` characters: the Media line absorbs the difference. */
export function bodyOfLength(n: number): { title: string; body: string } {
  const short = { hook: filler(12), text: '', audience: 'traders' };
  const base = showRoot({ ...short, media: 'x' });
  const missing = n - charLength(base.body) + 1;
  if (missing < 1) throw new Error(`a body of ${n} characters cannot hold the meta lines`);
  return showRoot({ ...short, media: filler(missing) });
}
