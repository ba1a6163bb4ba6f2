import test, { type ExecutionContext } from 'ava';
import { HOUR } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { assertShowDayOpen, assertShowQuota, showDayWindow, showLeft24h, showLeftToday } from '../../../lib/show/quota.ts';

const now = new Date('2026-11-20T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

/** The refusal a check throws (the test fails if it throws nothing or something else). */
function refusal(t: ExecutionContext, check: () => void): AppError {
  return t.throws(check, { instanceOf: AppError }) as AppError;
}

test('rolling 24 h: 1 root leaves room, 2 fill the quota', (t) => {
  t.notThrows(() => assertShowQuota([ago(HOUR)], now));
  t.is(showLeft24h([ago(HOUR)], now), 1);
  const error = refusal(t, () => assertShowQuota([ago(HOUR), ago(3 * HOUR)], now));
  t.is(error.code, 'SHOW_QUOTA');
  t.is(error.status, 429);
  // retry at the oldest root in the window plus 24 h
  t.is(error.details?.['retry_at'], new Date(ago(3 * HOUR).getTime() + 24 * HOUR).toISOString());
  t.is(showLeft24h([ago(HOUR), ago(3 * HOUR)], now), 0);
});

test('rolling 24 h edge: a root exactly 24 h old has left the window, 1 ms younger has not', (t) => {
  t.notThrows(() => assertShowQuota([ago(HOUR), ago(24 * HOUR)], now));
  const error = refusal(t, () => assertShowQuota([ago(HOUR), ago(24 * HOUR - 1)], now));
  t.is(error.details?.['retry_at'], new Date(now.getTime() + 1).toISOString());
});

test('rolling 24 h: with more roots than the quota, retry when enough have aged out', (t) => {
  const error = refusal(t, () => assertShowQuota([ago(HOUR), ago(2 * HOUR), ago(3 * HOUR)], now));
  t.is(error.details?.['retry_at'], new Date(ago(2 * HOUR).getTime() + 24 * HOUR).toISOString());
});

test('rolling 24 h: the retry time is really free', (t) => {
  const roots = [ago(HOUR), ago(3 * HOUR)];
  const retryAt = new Date(String(refusal(t, () => assertShowQuota(roots, now)).details?.['retry_at']));
  t.notThrows(() => assertShowQuota(roots, retryAt));
  refusal(t, () => assertShowQuota(roots, new Date(retryAt.getTime() - 1)));
});

for (const [side, limit] of [
  ['residents', 30],
  ['outside', 10],
] as const) {
  test(`Moscow day, ${side}: ${limit - 1} used passes, ${limit} used is SHOW_DAY_FULL`, (t) => {
    t.notThrows(() => assertShowDayOpen(side, limit - 1, now));
    t.is(showLeftToday(side, limit - 1), 1);
    const error = refusal(t, () => assertShowDayOpen(side, limit, now));
    t.is(error.code, 'SHOW_DAY_FULL');
    t.is(error.status, 429);
    t.is(error.details?.['quota'], side);
    t.is(error.details?.['retry_at'], '2026-11-20T21:00:00.000Z');
    t.is(showLeftToday(side, limit + 3), 0);
  });
}

test('Moscow midnight rollover: 23:59:59.999 MSK retries at 00:00, 00:00 MSK opens a new day', (t) => {
  const lastMs = new Date('2026-11-20T20:59:59.999Z');
  const midnight = new Date('2026-11-20T21:00:00.000Z');
  t.is(refusal(t, () => assertShowDayOpen('outside', 10, lastMs)).details?.['retry_at'], '2026-11-20T21:00:00.000Z');
  t.deepEqual(showDayWindow(lastMs), { start: new Date('2026-11-19T21:00:00.000Z'), end: midnight });
  t.deepEqual(showDayWindow(midnight), { start: midnight, end: new Date('2026-11-21T21:00:00.000Z') });
  t.is(refusal(t, () => assertShowDayOpen('outside', 10, midnight)).details?.['retry_at'], '2026-11-21T21:00:00.000Z');
});

test('a quota refusal is a 429 AppError with Retry-After', (t) => {
  const error = refusal(t, () => assertShowQuota([ago(HOUR), ago(23 * HOUR)], now));
  t.is(error.status, 429);
  t.is(error.code, 'SHOW_QUOTA');
  t.is(error.headers['Retry-After'], String(HOUR / 1000));
  t.is(error.details?.['retry_at'], new Date(ago(23 * HOUR).getTime() + 24 * HOUR).toISOString());
});
