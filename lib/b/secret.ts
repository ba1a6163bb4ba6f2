// The key that signs /b tickets: B_TICKET_SECRET when set, else one generated once and kept in the
// settings table, so every web process signs and verifies alike (no process-local truth). Read once
// per pool and remembered.
import { randomBytes } from 'node:crypto';
import type { LibDeps } from '../deps.ts';
import { createSettingsQueries } from '../../sql/queries/settings.ts';

const SETTING = 'b_ticket_secret';
const remembered = new WeakMap<object, Promise<Uint8Array>>();

async function stored(deps: Pick<LibDeps, 'db' | 'clock'>): Promise<Uint8Array> {
  const settings = createSettingsQueries(deps.db);
  // The first process to ask writes it; every other one reads the same value.
  await settings.insertIfAbsent(SETTING, randomBytes(32).toString('base64url'), deps.clock.now());
  const value = await settings.value(SETTING);
  if (typeof value !== 'string') throw new Error('the open board ticket secret is not stored as a string');
  return new Uint8Array(Buffer.from(value, 'base64url'));
}

export function ticketSecret(deps: Pick<LibDeps, 'db' | 'config' | 'clock'>): Promise<Uint8Array> {
  if (deps.config.b.ticketSecret) return Promise.resolve(deps.config.b.ticketSecret);
  let secret = remembered.get(deps.db);
  if (!secret) {
    secret = stored(deps);
    secret.catch(() => remembered.delete(deps.db));
    remembered.set(deps.db, secret);
  }
  return secret;
}
