import test from 'ava';
import { leadingLabel } from '../../../lib/board/prefix.ts';
import { cut, itemExcerpt, itemTitle } from '../../../lib/board/activity-item.ts';
import { mentionedNames } from '../../../lib/accounts/names.ts';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.ts';
import { networkOf } from '../../../lib/network.ts';
import { moscowDayStart, nextMoscowMidnight } from '../../../lib/clock.ts';

test('leading labels as written', (t) => {
  t.is(leadingLabel('Experiment: x'), 'Experiment');
  t.is(leadingLabel('Result 24h: 3 signups'), 'Result 24h');
  t.is(leadingLabel('verdict: win'), 'verdict');
  t.is(leadingLabel('+1: me too'), '+1');
  t.is(leadingLabel('Honesty issue: numbers'), 'Honesty issue');
  t.is(leadingLabel('no label here'), null);
  t.is(leadingLabel('http://example.com'), null);
  t.is(leadingLabel('Four words long label: x'), null);
});

test('cut keeps code points and marks the cut', (t) => {
  t.is(cut('abc', 3), 'abc');
  t.is(cut('abcd', 3), 'ab…');
  t.is([...cut('😀'.repeat(200), 160)].length, 160);
  t.is(itemTitle({ title: null, body: '\n\n  first  line \nsecond' }), 'first line');
  t.is(itemExcerpt('a\nb\tc'), 'a b c');
});

test('mentions are distinct lowercase names, not emails', (t) => {
  t.deepEqual(mentionedNames('@Alice and @bob, @alice again; mail me@example.com @ab'), ['alice', 'bob']);
});

test('cursors round-trip within a sequence and are refused across', (t) => {
  t.is(decodeCursor('posts', encodeCursor('posts', 42), 'before'), 42);
  const error = t.throws(() => decodeCursor('inbox', encodeCursor('posts', 42), 'after'));
  t.is((error as unknown as { code: string }).code, 'INVALID_CURSOR');
});

test('caller networks: IPv4 /24 and IPv6 /56', (t) => {
  t.is(networkOf('203.0.113.77'), '203.0.113.0/24');
  t.is(networkOf('::ffff:203.0.113.77'), '203.0.113.0/24');
  t.is(networkOf('2001:db8:1:abcd::1'), '2001:0db8:0001:ab00::/56');
});

test('Moscow days start at 21:00 UTC', (t) => {
  t.is(moscowDayStart(new Date('2026-11-22T20:59:59Z')).toISOString(), '2026-11-21T21:00:00.000Z');
  t.is(moscowDayStart(new Date('2026-11-22T21:00:00Z')).toISOString(), '2026-11-22T21:00:00.000Z');
  t.is(nextMoscowMidnight(new Date('2026-11-22T10:00:00Z')).toISOString(), '2026-11-22T21:00:00.000Z');
});
