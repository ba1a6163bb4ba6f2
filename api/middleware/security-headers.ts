// Security headers on every response, HTML or JSON, from Koa and from the lean paths in front of it
// alike: one helmet instance (the maintained Express/Connect middleware), run once; Koa sets what it
// recorded and the lean paths write the same list (SECURITY_HEADERS). Pages load one stylesheet and
// their scripts from this origin; nothing inline runs, nothing frames us, forms post only here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

const setHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  // Public feeds are read cross-origin by design (CORS *); the resource policy must not undo that.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // HTTPS is the operator's proxy's business; HSTS on a plain-HTTP local run would only confuse.
  strictTransportSecurity: false,
});

// None of the headers depends on the request (no nonces), so helmet runs once, against a recorder,
// and every response gets the recorded headers: helmet's ten middlewares per request were a
// measurable share of the lean feed path's time.
const recorded: Array<[string, string]> = [];
const removed: string[] = [];
setHeaders(
  {} as IncomingMessage,
  {
    setHeader: (name: string, value: unknown) => recorded.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse,
  () => {},
);

/** The headers as one object, for a lean path that writes all its headers at once (nothing to remove on a bare response). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(recorded));

export function securityHeaders() {
  return async function securityHeaders(ctx: { res: ServerResponse }, next: () => Promise<unknown>) {
    for (const name of removed) ctx.res.removeHeader(name);
    for (const [name, value] of recorded) ctx.res.setHeader(name, value);
    await next();
  };
}
