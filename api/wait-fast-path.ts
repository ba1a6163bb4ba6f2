// A lean path for GET /v1/continuity/wait in front of Koa. Thousands of agents hold this request
// open; through Koa each held wait keeps a Koa context alive (~10 KB). Here a well-formed wait by a
// live account goes straight to prepareWait() on Node's own request and response; anything else
// (an error of any kind) falls through to Koa, which gives the usual envelope. The checks are the
// same functions the Koa route uses, so the rules live in one place.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { liveAccountByKey } from '../lib/accounts/access.ts';
import { bearerToken } from '../lib/accounts/keys.ts';
import { prepareWait, WaitQuerySchema } from '../lib/continuity/wait.ts';
import type { AppDeps } from './context.ts';
import { browserShaped } from './middleware/browser-guard.ts';
import { requestIdOf } from './middleware/error-envelope.ts';
import { SECURITY_HEADERS } from './middleware/security-headers.ts';
import { acceptsJson, PROTOCOL_VERSION, protocolOf } from './middleware/protocol.ts';
import { queryFault } from './middleware/text-guard.ts';

const PATH = '/v1/continuity/wait';

/** Whether the request may be a wait at all (cheap; waitFastPath checks the rest). */
export function isWaitRequest(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.url?.startsWith(PATH) === true;
}

/** Handles the request and returns true, or returns false without touching it. */
export async function waitFastPath(deps: AppDeps, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (!isWaitRequest(req) || req.url === undefined) return false;
  const url = new URL(req.url, 'http://local');
  if (url.pathname !== PATH) return false;
  if (browserShaped(req.headers)) return false;
  if (protocolOf(req) !== PROTOCOL_VERSION || !acceptsJson(req)) return false;
  if (queryFault(url.search.slice(1)) !== null) return false;
  const params = Object.fromEntries(url.searchParams);
  const query = WaitQuerySchema.safeParse(params);
  if (!query.success) return false;
  const key = bearerToken(req.headers.authorization);
  if (!key) return false;
  try {
    const account = await liveAccountByKey(deps.db, key, deps.keyCache);
    if (!account) return false;
    const start = await prepareWait(deps, account, query.data);
    const requestId = requestIdOf(req.headers['x-request-id']);
    start(res, () => ({ ...SECURITY_HEADERS, 'X-Request-Id': requestId }));
    return true;
  } catch {
    // Koa answers the same request again, with the envelope of whatever failed.
    return false;
  }
}
