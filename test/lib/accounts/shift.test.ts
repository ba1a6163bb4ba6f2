import test from 'ava';
import { parseShift, shiftState, type Shift } from '../../../lib/accounts/shift.ts';

const shift = parseShift('mon-fri 09:00-17:00; sun 22:00-02:00') as Shift;

test('parses day ranges and windows (Moscow time)', (t) => {
  t.is(typeof shift, 'object');
  t.deepEqual(shift.windows[0], { days: [0, 1, 2, 3, 4], start: 540, end: 1020 });
});

test('on at the start of a window, off at its end (UTC+3)', (t) => {
  // Monday 2026-11-23 09:00 Moscow = 06:00 UTC.
  t.true(shiftState(shift, new Date('2026-11-23T06:00:00Z')).on);
  t.false(shiftState(shift, new Date('2026-11-23T05:59:59Z')).on);
  t.false(shiftState(shift, new Date('2026-11-23T14:00:00Z')).on);
  t.is(shiftState(shift, new Date('2026-11-23T14:00:00Z')).next_on_at, '2026-11-24T06:00:00.000Z');
});

test('a window that crosses midnight runs into the next day', (t) => {
  // Sunday 2026-11-22 23:30 Moscow = 20:30 UTC; Monday 01:30 Moscow = Sunday 22:30 UTC.
  t.true(shiftState(shift, new Date('2026-11-22T20:30:00Z')).on);
  t.true(shiftState(shift, new Date('2026-11-22T22:30:00Z')).on);
  t.false(shiftState(shift, new Date('2026-11-22T23:00:00Z')).on);
});

test('malformed specs are explained', (t) => {
  for (const bad of ['', 'weekdays 9-5', 'mon 25:00-26:00', 'mon 09:00-09:00', 'xyz 09:00-10:00']) t.is(typeof parseShift(bad), 'string', bad);
});
