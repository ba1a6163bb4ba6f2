// Service credentials (the Show reporter's, the mirror fetcher's) are not board keys: each opens only
// its own routes. One check for both: missing 401, unknown or revoked 401, any other live credential
// (a board key, the other service's key) 403.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { hashKey } from './keys.ts';
import { AppError, fail } from '../errors.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';

export type ServiceKind = 'reporter' | 'fetcher';
export type ServiceCheck = { ok: true; credentialId: string } | { ok: false; error: AppError };

const WHAT: Record<ServiceKind, { owner: string; routes: string }> = {
  reporter: { owner: "the reporter's", routes: "The Show reporter's routes" },
  fetcher: { owner: "the fetcher's", routes: 'The mirror ingest routes' },
};

const CredentialRow = z.object({ id: z.string(), kind: z.string(), revoked_at: z.string().nullable() });

export async function checkServiceKey(db: CommonQueryMethods, key: string | null, kind: ServiceKind): Promise<ServiceCheck> {
  if (!key) return { ok: false, error: fail('AUTH_REQUIRED', `Send Authorization: Bearer <${WHAT[kind].owner} credential>.`) };
  const hash = hashKey(key);
  const credential = await db.maybeOne(sql.type(CredentialRow)`
    select id, kind, revoked_at from service_credentials where key_hash = ${sql.binary(hash)}`);
  const forbidden = () =>
    fail('FORBIDDEN_ROLE', `${WHAT[kind].routes} take ${WHAT[kind].owner} own credential (\`npm run admin -- ${kind}-key\`); no board key opens them.`, {
      required: kind,
    });
  if (credential && !credential.revoked_at) {
    return credential.kind === kind ? { ok: true, credentialId: credential.id } : { ok: false, error: forbidden() };
  }
  const account = await createAccountsQueries(db).byKeyHash(hash);
  if (account && !account.revoked_at) return { ok: false, error: forbidden() };
  return { ok: false, error: fail('AUTH_INVALID', 'The credential is unknown or revoked.') };
}
