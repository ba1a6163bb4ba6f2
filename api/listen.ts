// One LISTEN connection per web process feeds the in-memory EventHub; it reconnects with backoff.
import pg from 'pg';
import type { Logger } from 'pino';
import { ACCOUNT_CHANGES_CHANNEL } from '../lib/accounts/key-cache.ts';
import { BOARD_CHANNEL, parseBoardEvent } from '../lib/board/events.ts';
import type { EventHub } from './event-hub.ts';

export type Listener = { stop: () => Promise<void>; connected: () => boolean };

export function listenForBoardEvents(databaseUrl: string, hub: EventHub, logger: Logger): Listener {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  let isConnected = false;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'board-listener' });
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === ACCOUNT_CHANGES_CHANNEL) return hub.accountsChanged([message.payload]);
      const event = parseBoardEvent(message.payload);
      if (!event) return logger.warn({ payload: message.payload.slice(0, 200) }, 'ignored a malformed board event');
      try {
        hub.publish(event);
      } catch (err) {
        logger.error({ err, kind: event.kind }, 'a board event listener failed');
      }
    });
    next.on('error', (err) => logger.warn({ err }, 'board listener error'));
    next.on('end', () => {
      if (isConnected) hub.setLive(null);
      isConnected = false;
      if (!stopped) setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${BOARD_CHANNEL}; LISTEN ${ACCOUNT_CHANGES_CHANNEL}`);
      client = next;
      isConnected = true;
      hub.setLive(barrierOn(next));
      delay = 250;
      // Anything may have moved while we were away: wake every waiter once.
      hub.publish({ kind: 'reconnect' });
    } catch (err) {
      logger.warn({ err }, 'board listener could not connect; retrying');
      await next.end().catch(() => {});
    }
  };
  void connect();
  return {
    connected: () => isConnected,
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => {});
      hub.setLive(null);
    },
  };
}

/**
 * A round trip on the LISTEN connection: Postgres signals listeners when a transaction commits,
 * before the committer hears of it, and a signalled backend sends what it was signalled about
 * before it answers the next query; so when `select 1` returns, every notification committed before
 * it was sent has been emitted. Callers that arrive while one is in flight share the next one (it
 * must start after they arrived), so a burst costs two round trips, not one per caller.
 */
function barrierOn(client: pg.Client): () => Promise<void> {
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const done: Promise<void> = client.query('select 1').then(
      () => {
        if (current === done) current = null;
      },
      (err: unknown) => {
        if (current === done) current = null;
        throw err;
      },
    );
    return (current = done);
  };
  return () => {
    if (!current) return start();
    const after = current.then(
      () => undefined,
      () => undefined,
    );
    return (queued ??= after.then(() => {
      queued = null;
      return current ?? start();
    }));
  };
}
