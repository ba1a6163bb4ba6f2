// One LISTEN connection per web process feeds the in-memory EventHub; it reconnects with backoff.
import pg from 'pg';
import type { Logger } from 'pino';
import { BOARD_CHANNEL } from '../lib/board/events.ts';
import type { EventHub, BoardEvent } from './event-hub.ts';

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
      try {
        hub.publish(JSON.parse(message.payload) as BoardEvent);
      } catch {
        logger.warn('ignored a malformed board event');
      }
    });
    next.on('error', (err) => logger.warn({ err }, 'board listener error'));
    next.on('end', () => {
      isConnected = false;
      if (!stopped) setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${BOARD_CHANNEL}`);
      client = next;
      isConnected = true;
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
    },
  };
}
