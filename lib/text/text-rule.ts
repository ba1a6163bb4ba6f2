// The one rule for every text that enters the service (JSON bodies, MCP tool arguments, query
// parameters, path segments, object keys): well-formed Unicode without U+0000. Postgres cannot
// hold U+0000, and a lone UTF-16 surrogate (valid JSON: "\ud800") is not a character: a text column
// would store it silently as U+FFFD and a jsonb one refuses it. Both are refused where input enters
// (api/middleware, api/mcp/server.ts), never repaired. Everything else is data: stored as given and
// escaped where shown; outside text shown to people and agents also loses its invisible and bidi
// controls (lib/mirror/invisibles.ts).

export type TextProblem = 'nul' | 'lone_surrogate';
export type TextFault = {
  /** Dotted path of the string or object key (`blocks.0.text`), '' for the value itself. */
  path: string;
  problem: TextProblem;
  /** The refused code unit as `U+XXXX`. */
  code_point: string;
};

/** Deeper than this, a JSON value is refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 64;

const hex = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with one string, or null. */
export function textProblem(s: string): { problem: TextProblem; code_point: string } | null {
  if (s.includes('\u0000')) return { problem: 'nul', code_point: 'U+0000' };
  if (s.isWellFormed()) return null;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = s.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return { problem: 'lone_surrogate', code_point: hex(unit) };
  }
  return null;
}

/** A path segment as it can be shown back: refused units written as `\uXXXX` text. */
function shown(key: string): string {
  return key.replace(
    /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The first string (or object key) of a JSON value that breaks the rule, or null. */
export function findForbiddenText(value: unknown): TextFault | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: '', ...problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  // Iterative on purpose: a hostile body may nest thousands of levels.
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: at, ...problem };
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = at === '' ? shown(key) : `${at}.${shown(key)}`;
        const problem = textProblem(key);
        if (problem) return { path: childPath, ...problem };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** How deeply arrays and objects nest in a JSON value (0 for a scalar), counted without recursion. */
export function jsonDepth(value: unknown, stopAbove = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > stopAbove) return deepest;
    for (const child of Object.values(current)) stack.push([child, here]);
  }
  return deepest;
}
