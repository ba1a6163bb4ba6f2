// graphile-worker's logger on pino: the worker process's runner and a task that opens its own WorkerUtils.
import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from 'pino';

/** graphile-worker's logger interface on top of pino. */
export function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    logger[method]({ scope, ...meta }, message);
  });
}
