// The key that signs /b tickets: B_TICKET_SECRET when set, else one generated once and kept in the
// settings table, so every web process signs and verifies alike (no process-local truth). Read once
// per pool and remembered.
import { randomBytes } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { LibDeps } from '../deps.ts';

const SETTING = 'b_ticket_secret';
const SecretRow = z.object({ value: z.string() });
const remembered = new WeakMap<object, Promise<Uint8Array>>();

async function stored(db: CommonQueryMethods, now: Date): Promise<Uint8Array> {
  const fresh = randomBytes(32).toString('base64url');
  // The first process to ask writes it; every other one reads the same value.
  await db.query(sql.type(z.looseObject({}))`
    insert into settings (key, value, updated_at) values (${SETTING}, ${sql.jsonb(fresh)}, ${now.toISOString()})
    on conflict (key) do nothing`);
  const value = await db.oneFirst(sql.type(SecretRow)`select value #>> '{}' as value from settings where key = ${SETTING}`);
  return new Uint8Array(Buffer.from(value, 'base64url'));
}

export function ticketSecret(deps: Pick<LibDeps, 'db' | 'config' | 'clock'>): Promise<Uint8Array> {
  if (deps.config.b.ticketSecret) return Promise.resolve(deps.config.b.ticketSecret);
  let secret = remembered.get(deps.db);
  if (!secret) {
    secret = stored(deps.db, deps.clock.now());
    secret.catch(() => remembered.delete(deps.db));
    remembered.set(deps.db, secret);
  }
  return secret;
}
