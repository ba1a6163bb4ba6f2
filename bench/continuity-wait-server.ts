// Child process for bench/continuity-wait.ts. Prints its port as one JSON line and answers IPC:
// `stats` -> {waiters, rss, heapUsed, heapTotal, connections}.
//  - default: one web process of the real app (one LISTEN connection, the configured pool);
//  - `bare`:   the baseline, a bare node:http server that holds every request and answers them all
//              on IPC `wake`: the runtime's own floor for holding N requests.
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { makeHandler } from '../api/app.ts';
import { EventHub } from '../api/event-hub.ts';
import { listenForBoardEvents } from '../api/listen.ts';
import { waitersFor } from '../lib/continuity/waiters.ts';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/config.ts';
import { createDb } from '../sql/pool.ts';

const bare = process.argv.includes('bare');
const held = new Set<ServerResponse>();
let count = () => held.size;
let handler: RequestListener = (_req, res) => {
  held.add(res);
  res.on('close', () => held.delete(res));
};
if (!bare) {
  const config = loadConfig();
  const db = await createDb(config.databaseUrl ?? '', { maximumPoolSize: config.dbPoolSize });
  const logger = pino({ level: 'silent' });
  const events = new EventHub();
  listenForBoardEvents(config.databaseUrl ?? '', events, logger);
  handler = makeHandler({ config, db, clock: systemClock, logger, events });
  count = () => waitersFor(events, db).size;
}
const server = createServer(handler);
server.keepAliveTimeout = 120_000;
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
await new Promise((r) => server.once('listening', r));

process.on('message', (message) => {
  if (message === 'wake') {
    const body = JSON.stringify({ moved: true, events: [{ kind: 'post', why: 'board' }] });
    for (const res of held) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    }
    held.clear();
    return;
  }
  if (message !== 'stats') return;
  server.getConnections((_error, connections) => {
    const memory = process.memoryUsage();
    process.send?.({ waiters: count(), rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, connections });
  });
});
console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
