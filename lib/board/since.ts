// `since` on /api/activity: an item id from the feed (exact), or a time as ISO 8601 or unix seconds
// (strictly after it). A time Postgres cannot hold (before year 1, after year 9999) is malformed.
import { z } from 'zod';
import { fail } from '../errors.ts';

const Uuid = z.string().uuid();
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
// Date.UTC maps years 0 to 99 onto the 1900s, so the bounds are written out.
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

export type Since = { id: string } | { at: Date };

export function parseSince(raw: string): Since {
  if (Uuid.safeParse(raw).success) return { id: raw };
  let at: Date | null = null;
  if (/^\d{1,12}$/.test(raw)) at = new Date(Number(raw) * 1000);
  else if (ISO_TIME.test(raw)) at = new Date(raw);
  const ms = at?.getTime() ?? Number.NaN;
  if (!at || !(ms >= EARLIEST && ms <= LATEST)) {
    throw fail('INVALID_SINCE', '`since` is an item id from this feed, an ISO 8601 time or unix seconds, between the years 1 and 9999.', { since: raw });
  }
  return { at };
}
