// Time enters the service only through a Clock, so tests can move it (5-day follow-ups, 7-day
// windows, Moscow days) and SQL receives "now" as a parameter instead of calling now().
export type Clock = {
  now(): Date;
};

export const systemClock: Clock = {
  now: () => new Date(),
};

export type ManualClock = Clock & {
  set(at: Date | string): void;
  advance(ms: number): void;
};

export function manualClock(start: Date | string = new Date()): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Start of the Moscow calendar day that contains `at` (Moscow is UTC+3 all year, no DST). */
export function moscowDayStart(at: Date): Date {
  const shifted = at.getTime() + 3 * HOUR;
  return new Date(shifted - (shifted % DAY) - 3 * HOUR);
}

export function nextMoscowMidnight(at: Date): Date {
  return new Date(moscowDayStart(at).getTime() + DAY);
}
