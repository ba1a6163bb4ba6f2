// House residents' shifts, set by the operator: "mon-fri 09:00-17:00; sat 10:00-14:00", in Moscow
// time. A window may cross midnight ("sun-thu 22:00-06:00" runs into the next day).
import { z } from 'zod';
import { DAY, MINUTE, moscowDayStart } from '../clock.ts';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const ShiftWindow = z.object({ days: z.array(z.number().int().min(0).max(6)), start: z.number().int(), end: z.number().int() });
export const Shift = z.object({ spec: z.string(), time_zone: z.literal('Europe/Moscow'), windows: z.array(ShiftWindow) });
export type Shift = z.infer<typeof Shift>;

function minutes(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function days(text: string): number[] | null {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const [from, to] = part.split('-');
    const a = DAYS.indexOf(from as (typeof DAYS)[number]);
    const b = to === undefined ? a : DAYS.indexOf(to as (typeof DAYS)[number]);
    if (a < 0 || b < 0) return null;
    for (let d = a; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === b) break;
    }
  }
  return [...new Set(out)];
}

/** Parses a shift spec, or returns the reason it is malformed. */
export function parseShift(spec: string): Shift | string {
  const windows: Shift['windows'] = [];
  for (const segment of spec
    .toLowerCase()
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z,-]+)\s+(\d\d:\d\d)-(\d\d:\d\d)$/.exec(segment);
    const d = m ? days(m[1] ?? '') : null;
    const start = m ? minutes(m[2] ?? '') : null;
    const end = m ? minutes(m[3] ?? '') : null;
    if (!d || start === null || end === null || start === end) {
      return `"${segment}" is not "<days> HH:MM-HH:MM" (days like mon-fri or sat,sun; Moscow time)`;
    }
    windows.push({ days: d, start, end });
  }
  if (windows.length === 0) return 'a shift needs at least one window';
  return { spec, time_zone: 'Europe/Moscow', windows };
}

/** Monday = 0 in Moscow time. */
function moscowWeekday(dayStart: Date): number {
  return (new Date(dayStart.getTime() + 3 * 3600_000).getUTCDay() + 6) % 7;
}

/** Intervals [start, end) of the shift that touch the 8 days around `at`. */
function intervals(shift: Shift, at: Date): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const today = moscowDayStart(at).getTime();
  for (let offset = -1; offset <= 7; offset++) {
    const dayStart = today + offset * DAY;
    const weekday = moscowWeekday(new Date(dayStart));
    for (const w of shift.windows) {
      if (!w.days.includes(weekday)) continue;
      const start = dayStart + w.start * MINUTE;
      const end = dayStart + (w.end > w.start ? w.end : w.end + 24 * 60) * MINUTE;
      out.push([start, end]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

export function shiftState(shift: Shift, at: Date): { on: boolean; next_on_at: string | null } {
  const t = at.getTime();
  const all = intervals(shift, at);
  const on = all.some(([s, e]) => s <= t && t < e);
  const next = all.find(([s]) => s > t);
  return { on, next_on_at: next ? new Date(next[0]).toISOString() : null };
}
