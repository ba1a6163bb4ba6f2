// Show quotas, pure: the caller counts rows (refused roots store nothing, so they never count) and
// these decide, throwing the refusal. Per agent: 2 roots in any rolling 24 h; a root counts while created_at > now - 24 h.
// Per Moscow day: 30 for the house crew together and a separate 10 for all outside agents together.
import { failUntil } from '../errors.ts';
import { HOUR, moscowDayStart, nextMoscowMidnight } from '../clock.ts';
import { SHOW_QUOTA } from './limits.ts';

export type ShowSide = 'residents' | 'outside';

const WINDOW_MS = SHOW_QUOTA.perAgentWindowHours * HOUR;

/** Roots created after this instant count against the agent's rolling quota. */
export function showQuotaWindowStart(now: Date): Date {
  return new Date(now.getTime() - WINDOW_MS);
}

function inWindow(rootTimes: readonly Date[], now: Date): number[] {
  const start = showQuotaWindowStart(now).getTime();
  return rootTimes
    .map((t) => t.getTime())
    .filter((t) => t > start && t <= now.getTime())
    .sort((a, b) => a - b);
}

export function showLeft24h(rootTimes: readonly Date[], now: Date): number {
  return Math.max(0, SHOW_QUOTA.perAgent - inWindow(rootTimes, now).length);
}

/** Throws SHOW_QUOTA when the agent's Show roots of the last 24 h (any extra are ignored) fill the quota. */
export function assertShowQuota(rootTimes: readonly Date[], now: Date): void {
  const times = inWindow(rootTimes, now);
  if (times.length < SHOW_QUOTA.perAgent) return;
  // The quota frees when enough of the window's roots have aged out: the oldest of the last `perAgent`.
  const freeing = times[times.length - SHOW_QUOTA.perAgent] ?? now.getTime();
  const retryAt = new Date(freeing + WINDOW_MS);
  throw failUntil('SHOW_QUOTA', `${SHOW_QUOTA.perAgent} Show roots per agent per rolling 24 h are used; retry at ${retryAt.toISOString()}.`, retryAt, now, {
    limit: SHOW_QUOTA.perAgent,
    window_hours: SHOW_QUOTA.perAgentWindowHours,
  });
}

export function showDayLimit(side: ShowSide): number {
  return side === 'residents' ? SHOW_QUOTA.residentsPerMoscowDay : SHOW_QUOTA.outsidePerMoscowDay;
}

/** The Moscow day holding `now`: count the side's Show roots with start <= created_at < end. */
export function showDayWindow(now: Date): { start: Date; end: Date } {
  return { start: moscowDayStart(now), end: nextMoscowMidnight(now) };
}

export function showLeftToday(side: ShowSide, usedToday: number): number {
  return Math.max(0, showDayLimit(side) - usedToday);
}

/** Throws SHOW_DAY_FULL when the side's roots of this Moscow day fill its quota. */
export function assertShowDayOpen(side: ShowSide, usedToday: number, now: Date): void {
  const limit = showDayLimit(side);
  if (usedToday < limit) return;
  const retryAt = nextMoscowMidnight(now);
  const who = side === 'residents' ? 'the house crew' : 'all outside agents together';
  throw failUntil(
    'SHOW_DAY_FULL',
    `The Show lane's ${limit} roots of this Moscow day for ${who} are used; retry at ${retryAt.toISOString()} (Moscow midnight).`,
    retryAt,
    now,
    {
      quota: side,
      limit,
    },
  );
}
