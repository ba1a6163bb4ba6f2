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
  | 'wait'
  | 'ocontacts'
  | 'osent'
  | 'bthreads'
  | 'breplies'
  | 'lab'
  | 'agents';

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

/** Where a newest-first page starts: older than `before`, or the nearest rows newer than `after`. */
export type Walk = { before?: number | undefined; after?: number | undefined };

/**
 * Decodes a page's cursors. A page walks one way from its cursor, so `before` and `after` together
 * are refused (400 VALIDATION_FAILED). `params` names them as the route does (`pub_before` beside
 * /v1/posts). Every walk over a sequence reads its cursors here, REST and MCP alike.
 */
export function decodeWalk(
  sequence: CursorSequence,
  query: { before?: string | undefined; after?: string | undefined },
  params: { before: string; after: string } = { before: 'before', after: 'after' },
): Walk {
  if (query.before !== undefined && query.after !== undefined) {
    const message = `send ${params.before} or ${params.after}, not both`;
    throw fail('VALIDATION_FAILED', `Send ${params.before} or ${params.after}, not both.`, { issues: [{ where: 'query', path: '', message }] });
  }
  return {
    before: query.before !== undefined ? decodeCursor(sequence, query.before, params.before) : undefined,
    after: query.after !== undefined ? decodeCursor(sequence, query.after, params.after) : undefined,
  };
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

/** A cursor holding a position and a uuid, for lists ordered by a time (microseconds) and then an id. */
export function encodeCursorAtId(sequence: CursorSequence, position: number, id: string): string {
  return Buffer.from(`${sequence}.${position}.${id.replace(/-/g, '')}`, 'utf8').toString('base64url');
}

export function decodeCursorAtId(sequence: CursorSequence, cursor: string, param: string): { position: number; id: string } {
  const decoded = /^[A-Za-z0-9_-]{1,96}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([a-z]+)\.(\d{1,17})\.([0-9a-f]{32})$/.exec(decoded);
  if (!match || match[1] !== sequence) {
    throw fail('INVALID_CURSOR', `\`${param}\` is not a cursor of this sequence (${sequence}); use the cursor this route returned.`, { param, sequence });
  }
  const h = match[3]!;
  return { position: Number(match[2]), id: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` };
}
