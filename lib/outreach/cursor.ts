// The public outreach log's cursor: the log mixes emails and channel posts, so its position is a time
// with an id as tie-breaker. The contact and sent lists use lib/cursor.ts (sequences ocontacts, osent).
import { fail } from '../errors.ts';

function refuse(sequence: string, param: string): never {
  throw fail('INVALID_CURSOR', `\`${param}\` is not a cursor of this sequence (${sequence}); use the cursor this route returned.`, {
    param,
    sequence,
  });
}

function decoded(cursor: string): string {
  return /^[A-Za-z0-9_-]{1,96}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
}

export type LogPosition = { at: string; id: string };

export function encodeLogCursor(position: LogPosition): string {
  return Buffer.from(`olog.${new Date(position.at).getTime()}.${position.id.replace(/-/g, '')}`, 'utf8').toString('base64url');
}

export function decodeLogCursor(cursor: string, param: string): LogPosition {
  const match = /^olog\.(\d{1,15})\.([0-9a-f]{32})$/.exec(decoded(cursor));
  if (!match) refuse('olog', param);
  const hex = match[2] ?? '';
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { at: new Date(Number(match[1])).toISOString(), id };
}
