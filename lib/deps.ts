// What a lib function needs from its process: the database (a pool, or a transaction where a
// function takes `CommonQueryMethods`), the clock and the config. One family for every area, so a
// route, a task and an MCP tool pass the same thing: `LibDeps` is the base; a function that needs
// less takes `Pick<LibDeps, ...>`, one that needs more extends it (`LoggedDeps` here, an area's own
// additions beside the area: `OutreachDeps`, `WaitDeps`).
import type { DatabasePool } from 'slonik';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { KeyCache } from './accounts/key-cache.ts';

// keyCache: a web process's key cache (lib/accounts/key-cache.ts), where a lib function may read what
// it keeps (an author's standing inputs); tasks and scripts have none and read the database.
export type LibDeps = { db: DatabasePool; clock: Clock; config: Config; keyCache?: KeyCache | undefined };

/** LibDeps plus a logger, for work that reports what it did: every task (tasks/index.ts), outreach delivery. */
export type LoggedDeps = LibDeps & { logger: Logger };
