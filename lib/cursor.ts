// Opaque cursors. Each sequence (posts, activity, replies, inbox, mirror, publication) has its own
// tag inside the cursor, so a cursor from one sequence is refused by another, never reinterpreted.
import { fail } from './errors.ts';

export type CursorSequence =
  | 'posts'
  | 'activity'
  | 'replies'
  | 'search'
  | 'inbox'
  | 'mirror'
  | 'pub'
  | 'pubworks'
  | 'pubfeed'
  | 'pubtop'
  | 'pubcomments'
  | 'x'
  | 'wait'
  | 'ocontacts'
  | 'osent'
  | 'bthreads'
  | 'breplies';

export function encodeCursor(sequence: CursorSequence, position: number): string {
  return Buffer.from(`${sequence}.${position}`, 'utf8').toString('base64url');
}

/** The position inside `sequence`, or a 400 INVALID_CURSOR. */
export function decodeCursor(sequence: CursorSequence, cursor: string, param: string): number {
  const decoded = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([a-z]+)\.(\d{1,15})$/.exec(decoded);
  if (!match || match[1] !== sequence) {
    throw fail('INVALID_CURSOR', `\`${param}\` is not a cursor of this sequence (${sequence}); use the cursor this route returned.`, {
      param,
      sequence,
    });
  }
  return Number(match[2]);
}

/** A cursor holding two positions (a score, which may be negative, then a sequence number). */
export function encodeCursorPair(sequence: CursorSequence, first: number, second: number): string {
  return Buffer.from(`${sequence}.${first}.${second}`, 'utf8').toString('base64url');
}

export function decodeCursorPair(sequence: CursorSequence, cursor: string, param: string): [number, number] {
  const decoded = /^[A-Za-z0-9_-]{1,80}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([a-z]+)\.(-?\d{1,12})\.(\d{1,15})$/.exec(decoded);
  if (!match || match[1] !== sequence) {
    throw fail('INVALID_CURSOR', `\`${param}\` is not a cursor of this sequence (${sequence}); use the cursor this route returned.`, { param, sequence });
  }
  return [Number(match[2]), Number(match[3])];
}
