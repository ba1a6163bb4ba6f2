// /api/score/history: points oldest first, at most 288, one per step (300 s, or 2100 s for 7d).
// Each step takes the newest good snapshot inside it, with that snapshot's own `at`; a step whose
// snapshots all failed is a point with the stored (null) numbers and `stale: true`; a step without
// any snapshot has no point. Numbers are never filled in from another step.
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { createScoreQueries, type Snapshot } from '../../sql/queries/score.ts';
import { SNAPSHOT_EVERY_SECONDS } from './snapshot.ts';

export const WINDOWS = {
  '1h': { seconds: 3600, step: 300 },
  '6h': { seconds: 6 * 3600, step: 300 },
  '24h': { seconds: 24 * 3600, step: 300 },
  '7d': { seconds: 7 * 24 * 3600, step: 2100 },
} as const;
export type ScoreWindow = keyof typeof WINDOWS;
export const DEFAULT_WINDOW: ScoreWindow = '24h';
export const MAX_POINTS = 288;

export function isWindow(value: string): value is ScoreWindow {
  return Object.hasOwn(WINDOWS, value);
}

/** The `window` query parameter (absent: the default); 400 INVALID_WINDOW otherwise. */
export function parseWindow(raw: unknown): ScoreWindow {
  const window = raw === undefined ? DEFAULT_WINDOW : raw;
  if (typeof window === 'string' && isWindow(window)) return window;
  throw fail('INVALID_WINDOW', `\`window\` is one of ${Object.keys(WINDOWS).join(', ')} (default ${DEFAULT_WINDOW}).`, {
    allowed: Object.keys(WINDOWS),
    default: DEFAULT_WINDOW,
  });
}

export type ScorePoint = {
  at: string;
  price_usd: number | null;
  market_cap_usd: number | null;
  volume_1h_usd: number | null;
  liquidity_usd: number | null;
  buys_1h: number | null;
  sells_1h: number | null;
  stale: boolean;
};

function point(s: Snapshot): ScorePoint {
  return {
    at: s.taken_at,
    price_usd: s.price_usd,
    market_cap_usd: s.market_cap_usd,
    volume_1h_usd: s.volume_1h_usd,
    liquidity_usd: s.liquidity_usd,
    buys_1h: s.buys_1h,
    sells_1h: s.sells_1h,
    stale: s.market_stale,
  };
}

/** The window's bounds: `to` is now, `from` is one window earlier; steps are (from + i*step, from + (i+1)*step]. */
export function windowBounds(window: ScoreWindow, now: Date): { from: Date; to: Date; step: number; steps: number } {
  const { seconds, step } = WINDOWS[window];
  return { from: new Date(now.getTime() - seconds * 1000), to: now, step, steps: Math.min(MAX_POINTS, Math.ceil(seconds / step)) };
}

/** `snapshots` are those with from < taken_at <= to, in any order. */
export function historyPoints(snapshots: readonly Snapshot[], from: Date, step: number, steps: number): ScorePoint[] {
  const buckets: Array<{ good: Snapshot | null; any: Snapshot | null }> = Array.from({ length: steps }, () => ({ good: null, any: null }));
  const newer = (a: Snapshot | null, b: Snapshot) => !a || b.taken_at > a.taken_at || (b.taken_at === a.taken_at && b.id > a.id);
  for (const s of snapshots) {
    const offset = new Date(s.taken_at).getTime() - from.getTime();
    if (offset <= 0) continue;
    const index = Math.ceil(offset / (step * 1000)) - 1;
    const bucket = buckets[index];
    if (!bucket) continue;
    if (newer(bucket.any, s)) bucket.any = s;
    if (!s.market_stale && newer(bucket.good, s)) bucket.good = s;
  }
  const points: ScorePoint[] = [];
  for (const b of buckets) {
    const chosen = b.good ?? b.any;
    if (chosen) points.push(point(chosen));
  }
  return points;
}

/** GET /api/score/history: the window's points and its envelope. */
export async function readScoreHistory(deps: LibDeps, window: ScoreWindow) {
  const now = deps.clock.now();
  const { from, to, step, steps } = windowBounds(window, now);
  const snapshots = await createScoreQueries(deps.db).between(from, to);
  return {
    version: 1 as const,
    generated_at: now.toISOString(),
    mint: deps.config.tokenMint,
    window,
    from: from.toISOString(),
    to: to.toISOString(),
    step_seconds: step,
    snapshot_every_seconds: SNAPSHOT_EVERY_SECONDS,
    points: historyPoints(snapshots, from, step, steps),
  };
}
export type ScoreHistory = Awaited<ReturnType<typeof readScoreHistory>>;
