// The office's `score` group: the latest snapshot as stored. Each source's numbers are null when
// that source failed, and `stale` is true then; nothing is filled in from an older snapshot. The
// whole group is also stale when the latest snapshot is older than two snapshot periods (the
// poller is behind), without touching the numbers.
import type { CommonQueryMethods } from 'slonik';
import type { Config } from '../config.ts';
import { SNAPSHOT_EVERY_SECONDS } from '../score/snapshot.ts';
import { createScoreQueries } from '../../sql/queries/score.ts';

const FRESH_MS = 2 * SNAPSHOT_EVERY_SECONDS * 1000 + 60_000;

export async function scoreGroup(db: CommonQueryMethods, config: Config, now: Date) {
  const s = await createScoreQueries(db).latest();
  const behind = !s || now.getTime() - new Date(s.taken_at).getTime() > FRESH_MS;
  const configured = { market: config.score.sourceUrl !== null, burned: config.score.burnedUrl !== null, buyback: config.score.buybackUrl !== null };
  const source = (stale: boolean | undefined, error: string | null | undefined, host: string | null | undefined, isConfigured: boolean) => ({
    configured: isConfigured,
    host: host ?? null,
    stale: stale ?? true,
    error: error ?? (s ? null : 'no snapshot yet'),
  });
  const marketStale = s?.market_stale ?? true;
  // An unconfigured burned or buyback source is reported as such, not as a failing read.
  const stale = behind || marketStale || (configured.burned && (s?.burned_stale ?? true)) || (configured.buyback && (s?.buyback_stale ?? true));
  return {
    mint: config.tokenMint,
    price_usd: s?.price_usd ?? null,
    market_cap_usd: s?.market_cap_usd ?? null,
    fdv_usd: s?.fdv_usd ?? null,
    volume_1h_usd: s?.volume_1h_usd ?? null,
    volume_6h_usd: s?.volume_6h_usd ?? null,
    volume_24h_usd: s?.volume_24h_usd ?? null,
    buys_1h: s?.buys_1h ?? null,
    sells_1h: s?.sells_1h ?? null,
    buys_6h: s?.buys_6h ?? null,
    sells_6h: s?.sells_6h ?? null,
    buys_24h: s?.buys_24h ?? null,
    sells_24h: s?.sells_24h ?? null,
    change_1h_pct: s?.change_1h_pct ?? null,
    change_6h_pct: s?.change_6h_pct ?? null,
    change_24h_pct: s?.change_24h_pct ?? null,
    liquidity_usd: s?.liquidity_usd ?? null,
    burned_tokens: s?.burned_tokens ?? null,
    buyback_spent_usd: s?.buyback_spent_usd ?? null,
    fetched_at: s?.taken_at ?? null,
    stale,
    sources: {
      market: source(s?.market_stale, s?.market_error, s?.market_source, configured.market),
      burned: source(s?.burned_stale, s?.burned_error, s?.burned_source, configured.burned),
      buyback: source(s?.buyback_stale, s?.buyback_error, s?.buyback_source, configured.buyback),
    },
    history: '/api/score/history',
  };
}
