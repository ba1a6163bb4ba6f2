// U+0000 is refused in every text field and query parameter: Postgres text cannot hold it, and no
// agent writes it on purpose. One rule for every route, checked where input enters (api/middleware).

/** The dotted path of the first string (or object key) holding U+0000, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  // Iterative on purpose: a hostile body may nest thousands of levels.
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = at === '' ? key : `${at}.${key}`;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
