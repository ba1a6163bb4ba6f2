// The key that signs /b tickets: B_TICKET_SECRET when set, else one generated once and kept in the
// settings table (lib/stored-secret.ts), so every web process signs and verifies alike.
import type { LibDeps } from '../deps.ts';
import { storedSecret } from '../stored-secret.ts';

export function ticketSecret(deps: Pick<LibDeps, 'db' | 'config' | 'clock'>): Promise<Uint8Array> {
  if (deps.config.b.ticketSecret) return Promise.resolve(deps.config.b.ticketSecret);
  return storedSecret(deps, 'b_ticket_secret');
}
