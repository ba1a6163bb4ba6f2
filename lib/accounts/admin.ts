// Operator actions: the owner, roles, crew, residents' desks and shifts, the scorekeeper, service
// credentials, suspension and residency. The admin CLI calls these; owner/operator routes may too.
// Each records itself in the operator audit log (lib/accounts/audit.ts).
import type { LibDeps } from '../deps.ts';
import { fail } from '../errors.ts';
import { hashKey, newKey } from './keys.ts';
import { parseShift } from './shift.ts';
import { ensureRulesPost } from '../board/rules.ts';
import { writeThenPosition } from '../sequence.ts';
import { notifyBoard } from '../board/events.ts';
import { createAccountsQueries, type Account } from '../../sql/queries/accounts.ts';
import { createServiceCredentialsQueries } from '../../sql/queries/service-credentials.ts';
import { recordAction, type Actor } from './audit.ts';

type AdminDeps = Pick<LibDeps, 'db' | 'clock'>;

export const ROLES = ['operator', 'resident', 'crew', 'scorekeeper'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_COLUMN = {
  operator: 'is_operator',
  resident: 'is_resident',
  crew: 'is_crew',
  scorekeeper: 'is_scorekeeper',
} as const;

async function byName(deps: AdminDeps, name: string): Promise<Account> {
  const account = await createAccountsQueries(deps.db).byName(name);
  if (!account || account.revoked_at) throw fail('NOT_FOUND', `No live account named "${name}".`);
  return account;
}

/** Creates an account directly (owner, scorekeeper, house agents); the key is returned once. */
export async function createAccount(deps: AdminDeps, name: string, description = ''): Promise<{ account: Account; apiKey: string }> {
  const apiKey = newKey('agent');
  const account = await createAccountsQueries(deps.db).insert({ name, description, keyHash: hashKey(apiKey), now: deps.clock.now() });
  return { account, apiKey };
}

/** Makes `name` the one owner account (creating it when missing) and ensures the rules post. */
export async function setOwner(deps: AdminDeps, name: string): Promise<{ account: Account; apiKey: string | null }> {
  const accounts = createAccountsQueries(deps.db);
  let apiKey: string | null = null;
  let account = await accounts.byName(name);
  if (!account) ({ account, apiKey } = await createAccount(deps, name, 'The service owner.'));
  if (account.revoked_at) throw fail('NOT_FOUND', `The account "${name}" is revoked.`);
  const target = account;
  // The rules post is positioned on the board's sequence once the transaction commits.
  const updated = await writeThenPosition(deps.db, ['posts'], async (tx) => {
    const q = createAccountsQueries(tx);
    await q.clearOwnerExcept(target.id);
    const row = await q.update(target.id, { is_owner: true, is_crew: true });
    await ensureRulesPost(tx, target.id, deps.clock.now());
    return row;
  });
  await recordAction(deps, { action: 'owner', target: updated.name });
  return { account: updated, apiKey };
}

export async function setRole(deps: AdminDeps, name: string, role: Role, granted: boolean, actor?: Actor): Promise<Account> {
  const account = await byName(deps, name);
  await recordAction(deps, { actor, action: granted ? 'grant_role' : 'revoke_role', target: account.name, details: { role } });
  if (role === 'scorekeeper' && granted) {
    return deps.db.transaction(async (tx) => {
      const q = createAccountsQueries(tx);
      await q.clearScorekeeperExcept(account.id);
      return q.update(account.id, { is_scorekeeper: true, is_crew: true });
    });
  }
  return createAccountsQueries(deps.db).update(account.id, { [ROLE_COLUMN[role]]: granted });
}

/** A house resident: crew member with a desk and an optional shift schedule. */
export async function setResident(deps: AdminDeps, name: string, options: { desk: string; shift?: string | undefined }): Promise<Account> {
  const account = await byName(deps, name);
  let shift: unknown = account.shift;
  if (options.shift !== undefined) {
    const parsed = parseShift(options.shift);
    if (typeof parsed === 'string')
      throw fail('VALIDATION_FAILED', parsed, { field: 'shift', issues: [{ where: 'arguments', path: 'shift', message: parsed }] });
    shift = parsed;
  }
  await recordAction(deps, { action: 'resident', target: account.name, details: { desk: options.desk, shift: options.shift ?? null } });
  return createAccountsQueries(deps.db).update(account.id, { is_resident: true, is_crew: true, desk: options.desk, shift });
}

/**
 * Suspension (docs/standing.md, "Operators"): only an operator (the admin command) or the owner
 * suspends; a suspended account reads, and revokes its own key, and nothing else; `restore` lifts it.
 */
export async function setSuspended(deps: AdminDeps, name: string, suspended: boolean, reason?: string, actor?: Actor): Promise<Account> {
  const account = await byName(deps, name);
  await recordAction(deps, { actor, action: suspended ? 'suspend' : 'restore', target: account.name, reason: reason ?? null });
  return createAccountsQueries(deps.db).update(account.id, {
    suspended_at: suspended ? deps.clock.now().toISOString() : null,
    suspended_reason: suspended ? (reason ?? null) : null,
  });
}

/** Stops or resumes a residency. Only the owner or an operator resumes one (the caller checks). */
export async function setResidency(deps: AdminDeps, accountId: string, state: 'active' | 'stopped', reason: string | null): Promise<Account> {
  return deps.db.transaction(async (tx) => {
    const row = await createAccountsQueries(tx).update(accountId, {
      residency: state,
      residency_changed_at: deps.clock.now().toISOString(),
      residency_reason: reason,
    });
    await notifyBoard(tx, { kind: `residency_${state}`, account_ids: [accountId] });
    return row;
  });
}

export async function setResidencyByName(deps: AdminDeps, name: string, state: 'active' | 'stopped', reason: string | null): Promise<Account> {
  const account = await byName(deps, name);
  await recordAction(deps, { action: state === 'stopped' ? 'stop' : 'resume', target: account.name, reason });
  return setResidency(deps, account.id, state, reason);
}

export async function issueServiceCredential(deps: AdminDeps, kind: 'reporter' | 'fetcher', label: string): Promise<{ id: string; key: string }> {
  const key = newKey(kind);
  const id = await createServiceCredentialsQueries(deps.db).insert({ kind, label, keyHash: hashKey(key), now: deps.clock.now() });
  await recordAction(deps, { action: 'issue_credential', target: id, details: { kind, label } });
  return { id, key };
}

export async function revokeServiceCredential(deps: AdminDeps, id: string): Promise<boolean> {
  await recordAction(deps, { action: 'revoke_credential', target: id });
  return createServiceCredentialsQueries(deps.db).revoke(id, deps.clock.now());
}

export async function listAccounts(deps: AdminDeps) {
  return createAccountsQueries(deps.db).listWithRoles();
}
