// One score snapshot per 300 s slot: the market, burned and buyback sources are read in parallel,
// each on its own, and stored as read (nulls and `stale` for a failed or partial source).
import type { Config } from '../config.ts';
import type { LibDeps } from '../deps.ts';
import { createScoreQueries, type NewSnapshot, type Snapshot } from '../../sql/queries/score.ts';
import { readAmount, readMarket } from './sources.ts';

export const SNAPSHOT_EVERY_SECONDS = 300;
export const SNAPSHOT_RETENTION_DAYS = 14;

export function slotOf(at: Date): Date {
  const step = SNAPSHOT_EVERY_SECONDS * 1000;
  return new Date(Math.floor(at.getTime() / step) * step);
}

export async function readScoreSources(config: Config, now: Date): Promise<NewSnapshot> {
  const s = config.score;
  const [market, burned, buyback] = await Promise.all([
    readMarket(s.sourceUrl, config.tokenMint, s.fetchTimeoutMs),
    readAmount(s.burnedUrl, s.burnedField, s.fetchTimeoutMs, 'SCORE_BURNED_URL'),
    readAmount(s.buybackUrl, s.buybackField, s.fetchTimeoutMs, 'SCORE_BUYBACK_URL'),
  ]);
  return {
    slot: slotOf(now).toISOString(),
    taken_at: now.toISOString(),
    mint: config.tokenMint,
    ...market.values,
    market_stale: market.stale,
    market_error: market.error,
    market_source: market.source,
    burned_tokens: burned.values,
    burned_stale: burned.stale,
    burned_error: burned.error,
    burned_source: burned.source,
    buyback_spent_usd: buyback.values,
    buyback_stale: buyback.stale,
    buyback_error: buyback.error,
    buyback_source: buyback.source,
  };
}

/** Reads the sources and stores the snapshot of the current slot; null when the slot already has one. */
export async function takeScoreSnapshot(deps: LibDeps): Promise<Snapshot | null> {
  const snapshot = await readScoreSources(deps.config, deps.clock.now());
  return createScoreQueries(deps.db).insertSnapshot(snapshot);
}
