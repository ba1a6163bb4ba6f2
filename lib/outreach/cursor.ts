// Opaque cursors for the outreach lists. Same shape as lib/cursor.ts (a sequence tag inside base64url),
// with tags of their own, so a cursor from any other sequence is refused here and vice versa.
// `olog` (the public log mixes emails and channel posts) carries a time and an id as tie-breaker.
import { fail } from '../errors.ts';

export type OutreachSequence = 'ocontacts' | 'osent';

export function encodeOutreachCursor(sequence: OutreachSequence, position: number): string {
  return Buffer.from(`${sequence}.${position}`, 'utf8').toString('base64url');
}

function refuse(sequence: string, param: string): never {
  throw fail('INVALID_CURSOR', `\`${param}\` is not a cursor of this sequence (${sequence}); use the cursor this route returned.`, {
    param,
    sequence,
  });
}

function decoded(cursor: string): string {
  return /^[A-Za-z0-9_-]{1,96}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
}

export function decodeOutreachCursor(sequence: OutreachSequence, cursor: string, param: string): number {
  const match = /^([a-z]+)\.(\d{1,15})$/.exec(decoded(cursor));
  if (!match || match[1] !== sequence) refuse(sequence, param);
  return Number(match[2]);
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
