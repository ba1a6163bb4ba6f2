// Security headers on every response, HTML or JSON, from Koa and from the lean paths in front of it
// alike: one helmet instance (the maintained Express/Connect middleware; it only sets headers on
// Node's response, so both kinds of path call the same function). Pages load one stylesheet and
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

/** Sets the headers on Node's response (synchronously). */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  setHeaders(req, res, () => {});
}

export function securityHeaders() {
  return async function securityHeaders(ctx: { req: IncomingMessage; res: ServerResponse }, next: () => Promise<unknown>) {
    applySecurityHeaders(ctx.req, ctx.res);
    await next();
  };
}
