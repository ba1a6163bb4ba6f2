// The score's outside reads: market data from SCORE_SOURCE_URL (DexScreener-shaped JSON) and the
// burned and buyback amounts from their own JSON sources. Each source is read on its own; a failed
// read gives null numbers and `stale: true`, a partial read keeps the numbers it did get (nulls for
// the rest) and is `stale: true` too. Nothing is ever filled in with a zero or an older value.
// A source URL may carry an API key, so only its host is stored and errors never quote the URL.

export type MarketNumbers = {
  price_usd: number | null;
  market_cap_usd: number | null;
  fdv_usd: number | null;
  volume_1h_usd: number | null;
  volume_6h_usd: number | null;
  volume_24h_usd: number | null;
  buys_1h: number | null;
  sells_1h: number | null;
  buys_6h: number | null;
  sells_6h: number | null;
  buys_24h: number | null;
  sells_24h: number | null;
  change_1h_pct: number | null;
  change_6h_pct: number | null;
  change_24h_pct: number | null;
  liquidity_usd: number | null;
};

export type SourceRead<T> = { values: T; stale: boolean; error: string | null; source: string | null };

export const EMPTY_MARKET: MarketNumbers = {
  price_usd: null,
  market_cap_usd: null,
  fdv_usd: null,
  volume_1h_usd: null,
  volume_6h_usd: null,
  volume_24h_usd: null,
  buys_1h: null,
  sells_1h: null,
  buys_6h: null,
  sells_6h: null,
  buys_24h: null,
  sells_24h: null,
  change_1h_pct: null,
  change_6h_pct: null,
  change_24h_pct: null,
  liquidity_usd: null,
};

/** Every market number except fdv must be present for a read to be complete (not stale). */
const REQUIRED: Array<keyof MarketNumbers> = (Object.keys(EMPTY_MARKET) as Array<keyof MarketNumbers>).filter((k) => k !== 'fdv_usd');

const MAX_BYTES = 2 * 1024 * 1024;

/** A finite number from a JSON number or a numeric string; anything else is null. */
export function toNumber(value: unknown, options: { integer?: boolean; nonNegative?: boolean } = {}): number | null {
  let n: number | null = null;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value)) n = Number(value);
  if (n === null || !Number.isFinite(n)) return null;
  if (options.nonNegative && n < 0) return null;
  if (options.integer && !Number.isInteger(n)) return null;
  return n;
}

function get(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** GET a JSON document with a hard time and size bound. Throws an Error whose message is safe to store. */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new Error(name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : 'network error');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`HTTP ${response.status}`);
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = reader ? await reader.read() : { done: true, value: undefined };
      if (done || value === undefined) break;
      size += value.byteLength;
      if (size > MAX_BYTES) {
        await reader?.cancel().catch(() => {});
        throw new Error('response too large');
      }
      chunks.push(value);
    }
  } catch (error) {
    if ((error as Error).message === 'response too large') throw error;
    const name = (error as { name?: string }).name;
    throw new Error(name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : 'read error');
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Error('not JSON');
  }
}

type Pair = Record<string, unknown>;

/** The pairs of a DexScreener-shaped document: `{pairs: [...]}`, `{pair: {...}}` or a bare array. */
function pairsOf(doc: unknown): Pair[] | null {
  const list = Array.isArray(doc) ? doc : Array.isArray(get(doc, 'pairs')) ? (get(doc, 'pairs') as unknown[]) : get(doc, 'pair') ? [get(doc, 'pair')] : null;
  return list ? list.filter((p): p is Pair => p !== null && typeof p === 'object') : null;
}

/**
 * Market numbers from a DexScreener-shaped document. With a mint, only pairs whose base token is the
 * mint count; of those, the pair with the most USD liquidity is read.
 */
export function parseMarket(doc: unknown, mint: string | null): { values: MarketNumbers; stale: boolean; error: string | null } {
  const pairs = pairsOf(doc);
  if (!pairs) return { values: { ...EMPTY_MARKET }, stale: true, error: 'no pairs in the response' };
  const ours = mint ? pairs.filter((p) => get(p, 'baseToken.address') === mint) : pairs;
  if (ours.length === 0) return { values: { ...EMPTY_MARKET }, stale: true, error: mint ? 'no pair for the mint' : 'no pairs in the response' };
  const liquidity = (p: Pair) => toNumber(get(p, 'liquidity.usd'), { nonNegative: true }) ?? -1;
  const pair = ours.reduce((best, p) => (liquidity(p) > liquidity(best) ? p : best));
  const money = (path: string) => toNumber(get(pair, path), { nonNegative: true });
  const count = (path: string) => toNumber(get(pair, path), { nonNegative: true, integer: true });
  const values: MarketNumbers = {
    price_usd: money('priceUsd'),
    market_cap_usd: money('marketCap'),
    fdv_usd: money('fdv'),
    volume_1h_usd: money('volume.h1'),
    volume_6h_usd: money('volume.h6'),
    volume_24h_usd: money('volume.h24'),
    buys_1h: count('txns.h1.buys'),
    sells_1h: count('txns.h1.sells'),
    buys_6h: count('txns.h6.buys'),
    sells_6h: count('txns.h6.sells'),
    buys_24h: count('txns.h24.buys'),
    sells_24h: count('txns.h24.sells'),
    change_1h_pct: toNumber(get(pair, 'priceChange.h1')),
    change_6h_pct: toNumber(get(pair, 'priceChange.h6')),
    change_24h_pct: toNumber(get(pair, 'priceChange.h24')),
    liquidity_usd: money('liquidity.usd'),
  };
  const missing = REQUIRED.filter((k) => values[k] === null);
  return missing.length ? { values, stale: true, error: `partial read: missing ${missing.join(', ')}` } : { values, stale: false, error: null };
}

export async function readMarket(url: string | null, mint: string | null, timeoutMs: number): Promise<SourceRead<MarketNumbers>> {
  if (!url) return { values: { ...EMPTY_MARKET }, stale: true, error: 'SCORE_SOURCE_URL is not configured', source: null };
  try {
    return { ...parseMarket(await fetchJson(url, timeoutMs), mint), source: hostOf(url) };
  } catch (error) {
    return { values: { ...EMPTY_MARKET }, stale: true, error: (error as Error).message, source: hostOf(url) };
  }
}

/** One amount from a JSON source: the number at a dot path (or the whole document when it is a number). */
export async function readAmount(url: string | null, field: string, timeoutMs: number, setting: string): Promise<SourceRead<number | null>> {
  if (!url) return { values: null, stale: true, error: `${setting} is not configured`, source: null };
  try {
    const doc = await fetchJson(url, timeoutMs);
    const value = toNumber(typeof doc === 'number' || typeof doc === 'string' ? doc : get(doc, field), { nonNegative: true });
    if (value === null) return { values: null, stale: true, error: `no number at \`${field}\``, source: hostOf(url) };
    return { values: value, stale: false, error: null, source: hostOf(url) };
  } catch (error) {
    return { values: null, stale: true, error: (error as Error).message, source: hostOf(url) };
  }
}
