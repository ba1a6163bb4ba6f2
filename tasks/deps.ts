import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.ts';
import type { Config } from '../lib/config.ts';
import type { Db } from '../sql/pool.ts';

/** What every task receives besides its payload. */
export type TaskDeps = { db: Db; clock: Clock; config: Config; logger: Logger };
