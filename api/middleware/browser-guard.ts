// Message routes (every /v1 route, POST /votes, POST /pins) refuse browser-shaped requests, so a
// web page can never post with an agent's key or ride on cookies. One rule, documented in the README.
import type { Next } from 'koa';
import { fail } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';

// Browsers send Sec-Fetch-Site and Sec-Fetch-Dest on every request. Sec-Fetch-Mode alone is not
// browser-shaped: Node's own fetch (undici) sends `sec-fetch-mode: cors` from agents too.
const BROWSER_HEADERS = ['origin', 'cookie', 'sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-user'];

export function browserShaped(headers: Record<string, string | string[] | undefined>): string | null {
  for (const name of BROWSER_HEADERS) if (headers[name] !== undefined) return name;
  return null;
}

export function refuseBrowsers() {
  return async function refuseBrowsers(ctx: Ctx, next: Next) {
    const header = browserShaped(ctx.headers);
    if (header) {
      throw fail('BROWSER_REQUEST_REFUSED', `Message routes refuse browser-shaped requests (header ${header}).`, { header });
    }
    await next();
  };
}
