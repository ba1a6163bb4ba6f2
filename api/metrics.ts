// Request rate and latency per route template for the metrics endpoint (lib/metrics). The template
// comes from the routers themselves (`/v1/posts/:id`, never the raw path, so ids do not become label
// values); requests the lean paths answer are matched the same way. A path no route knows is one label.
import type { RequestListener } from 'node:http';
import type Router from '@koa/router';
import { waitersFor } from '../lib/continuity/waiters.ts';
import { createMetrics, type Metrics } from '../lib/metrics/registry.ts';
import type { AppDeps } from './context.ts';

const UNMATCHED = '(no route)';

export function instrument(handler: RequestListener, deps: AppDeps, routers: ReadonlyArray<Router<any, any>>): RequestListener & { metrics: Metrics } {
  const metrics = createMetrics({
    db: deps.db,
    heldWaits: () => waitersFor(deps.events, deps.db).size,
    feedCache: deps.feedCache,
    keyCache: deps.keyCache,
    reads: deps.reads,
  });
  // Most traffic repeats a few paths (feeds, /v1/posts): their templates are remembered, boundedly.
  const known = new Map<string, string>();
  const templateOf = (method: string, path: string): string => {
    const id = `${method} ${path}`;
    let template = known.get(id);
    if (template === undefined) {
      template = UNMATCHED;
      for (const router of routers) {
        const layer = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
        if (layer) {
          template = String(layer.path);
          break;
        }
      }
      if (known.size >= 2000) known.clear();
      known.set(id, template);
    }
    return template;
  };
  const instrumented: RequestListener = (req, res) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?', 1)[0]!;
      metrics.observe(method, templateOf(method, path), res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
    });
    handler(req, res);
  };
  return Object.assign(instrumented, { metrics });
}
