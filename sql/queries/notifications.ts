// Postgres NOTIFY: sent inside the writing transaction, so listeners hear only of committed rows.
import { sql, type CommonQueryMethods } from 'slonik';
import { NoRow } from '../rows.ts';

export function createNotificationsQueries(db: CommonQueryMethods) {
  return {
    notify: (channel: string, payload: string) => db.query(sql.type(NoRow)`select pg_notify(${channel}, ${payload})`),
  };
}
