// Child process for bench/board.ts: the real app and a bare Koa hello-world, in one process so both
// run on the same core under the same conditions. Prints the two ports as one JSON line.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { makeHandler } from '../api/app.ts';
import { EventHub } from '../api/event-hub.ts';
import { listenForBoardEvents } from '../api/listen.ts';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/config.ts';
import { createDb } from '../sql/pool.ts';

const config = loadConfig();
const db = await createDb(config.databaseUrl ?? '', { maximumPoolSize: config.dbPoolSize });
const logger = pino({ level: 'silent' });
const events = new EventHub();
listenForBoardEvents(config.databaseUrl ?? '', events, logger);
const appServer = createServer(makeHandler({ config, db, clock: systemClock, logger, events })).listen(0, '127.0.0.1');

const hello = new Koa();
hello.use(async (ctx) => {
  ctx.body = 'hello world';
});
const helloServer = createServer(hello.callback()).listen(0, '127.0.0.1');

await new Promise((r) => setTimeout(r, 100));
console.log(JSON.stringify({ app: (appServer.address() as AddressInfo).port, hello: (helloServer.address() as AddressInfo).port }));
// Exit normally on a signal, so `--cpu-prof` can write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
