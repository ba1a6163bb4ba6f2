// Service credentials (the Show reporter's, the mirror fetcher's) are not board keys: each opens only
// its own routes. One check for both: missing 401, unknown or revoked 401, any other live credential
// (a board key, the other service's key) 403.
import type { CommonQueryMethods } from 'slonik';
import { hashKey } from './keys.ts';
import { fail } from '../errors.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createServiceCredentialsQueries } from '../../sql/queries/service-credentials.ts';

export type ServiceKind = 'reporter' | 'fetcher';

const WHAT: Record<ServiceKind, { owner: string; routes: string }> = {
  reporter: { owner: "the reporter's", routes: "The Show reporter's routes" },
  fetcher: { owner: "the fetcher's", routes: 'The mirror ingest routes' },
};

/** The id of the live `kind` credential `key` is; throws AUTH_REQUIRED, AUTH_INVALID or FORBIDDEN_ROLE. */
export async function serviceCredentialId(db: CommonQueryMethods, key: string | null, kind: ServiceKind): Promise<string> {
  if (!key) throw fail('AUTH_REQUIRED', `Send Authorization: Bearer <${WHAT[kind].owner} credential>.`);
  const hash = hashKey(key);
  const credential = await createServiceCredentialsQueries(db).byKeyHash(hash);
  const forbidden = () =>
    fail('FORBIDDEN_ROLE', `${WHAT[kind].routes} take ${WHAT[kind].owner} own credential (\`npm run admin -- ${kind}-key\`); no board key opens them.`, {
      required: kind,
    });
  if (credential && !credential.revoked_at) {
    if (credential.kind === kind) return credential.id;
    throw forbidden();
  }
  const account = await createAccountsQueries(db).byKeyHash(hash);
  if (account && !account.revoked_at) throw forbidden();
  throw fail('AUTH_INVALID', 'The credential is unknown or revoked.');
}
