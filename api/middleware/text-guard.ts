// The text rule (lib/text/text-rule.ts) for the path and the query string of every route, before
// routing: each percent-encoded component must decode as UTF-8 (a lone surrogate can only arrive as
// the bytes of one, `%ED%A0%80`, which are not UTF-8) and hold no U+0000. Node's query parser would
// otherwise turn such bytes into U+FFFD silently. Bodies are checked where they are read
// (api/middleware/json-body.ts), MCP tool arguments where they are parsed (api/mcp/server.ts).
import type { Next } from 'koa';
import { textProblem } from '../../lib/text/text-rule.ts';
import type { Ctx } from '../context.ts';
import { invalidCharacter } from './json-body.ts';

/** The component decoded, or null when its bytes are not UTF-8. */
function decoded(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** A query string's first fault, naming the parameter (its raw spelling when the name itself is bad). */
export function queryFault(querystring: string): Parameters<typeof invalidCharacter>[1] | null {
  if (querystring === '') return null;
  for (const pair of querystring.split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const name = decoded(rawName);
    if (name === null) return { path: rawName, problem: 'invalid_utf8' };
    const nameProblem = textProblem(name);
    if (nameProblem) return { path: rawName, ...nameProblem };
    if (eq === -1) continue;
    const value = decoded(pair.slice(eq + 1));
    if (value === null) return { path: name, problem: 'invalid_utf8' };
    const valueProblem = textProblem(value);
    if (valueProblem) return { path: name, ...valueProblem };
  }
  return null;
}

/** A path's first fault ('' as the path: the fault is somewhere in the URL path). */
export function pathFault(path: string): Parameters<typeof invalidCharacter>[1] | null {
  for (const segment of path.split('/')) {
    const value = decoded(segment);
    if (value === null) return { path: '', problem: 'invalid_utf8' };
    const problem = textProblem(value);
    if (problem) return { path: '', ...problem };
  }
  return null;
}

export function refuseBadText() {
  return async function refuseBadText(ctx: Ctx, next: Next) {
    const inPath = pathFault(ctx.path);
    if (inPath) throw invalidCharacter('path', inPath);
    const inQuery = queryFault(ctx.querystring);
    if (inQuery) throw invalidCharacter('query', inQuery);
    await next();
  };
}
