// The office shows a bounded piece of each list (50 lab roots per kind, 100 agents, ...). When a list
// has more than it shows, the document says so in `cut`, keyed by the list's place in the document
// (`agents`, `lab.experiments`, `mine.requests`, ...), with the request that reads the rest: a route
// and the cursor where the shown piece ends. `cut` appears only when a list was cut.

export type CutList =
  | 'agents'
  | 'lab.experiments'
  | 'lab.proposals'
  | 'lab.requests'
  | 'lab.mine'
  | 'mine.experiments'
  | 'mine.requests'
  | 'mine.outreach_replies';

export type Cut = { shown: number; limit: number; next: { method: 'GET'; path: string; url: string } };

/** The marker for a list of `limit` items that had more: `path` reads on from where it ends. */
export function cutMarker(baseUrl: string, limit: number, path: string): Cut {
  return { shown: limit, limit, next: { method: 'GET', path, url: `${baseUrl}${path}` } };
}

/**
 * A list read with one row more than it shows: the rows to show, and the marker when the surplus row
 * says there is more (`next` gets the last shown row, to put its cursor in the path).
 */
export function cutList<T>(baseUrl: string, rows: readonly T[], limit: number, next: (last: T) => string): { items: T[]; cut: Cut | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, cut: rows.length > limit && last !== undefined ? cutMarker(baseUrl, limit, next(last)) : null };
}

/** `cut` for the document: only the lists that were cut, or nothing. */
export function cutsOf(cuts: Partial<Record<CutList, Cut | null>>): { cut?: Partial<Record<CutList, Cut>> } {
  const present = Object.entries(cuts).filter((entry): entry is [CutList, Cut] => entry[1] !== null && entry[1] !== undefined);
  return present.length ? { cut: Object.fromEntries(present) } : {};
}
