// oidc-provider's persistence on Postgres (one table, sql/queries/oauth.ts), so registrations, grants,
// sessions and refresh tokens survive a restart and every web process sees the same ones. The id of a
// token, code or session is its bearer secret: only SHA-256(model, id) is stored, and `jti` (the same
// value) is kept out of the stored payload and put back on read.
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../../sql/pool.ts';
import { createOauthQueries } from '../../sql/queries/oauth.ts';

export type AdapterPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  jti?: string;
  consumed?: unknown;
};

export function idHash(model: string, id: string): Buffer {
  return createHash('sha256').update(`${model}\u0000${id}`, 'utf8').digest();
}

/** Called when a grant goes away (revocation, refresh-token reuse, a replayed code). */
export type GrantGone = (grantId: string) => Promise<void>;

// Models whose id is a bearer secret (a token or code someone presents). Sessions and interactions
// are found by uid too, so they keep their id in the payload; their ids are hashed all the same.
const SECRET_IDS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PushedAuthorizationRequest',
  'RegistrationAccessToken',
  'InitialAccessToken',
]);

export function postgresAdapter(db: Db, clock: Clock, onGrantGone: GrantGone) {
  const q = createOauthQueries(db);
  const restore = (model: string, id: string | null, row: { payload: Record<string, unknown>; consumed_at: string | null } | null) => {
    if (!row) return undefined;
    const payload: AdapterPayload = { ...row.payload };
    if (id !== null && SECRET_IDS.has(model)) payload.jti = id;
    if (row.consumed_at) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
    return payload;
  };

  return class PostgresAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const stored: Record<string, unknown> = { ...payload };
      if (SECRET_IDS.has(this.model)) delete stored.jti;
      delete stored.consumed;
      await q.upsert({
        model: this.model,
        idHash: idHash(this.model, id),
        payload: stored,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        expiresAt: expiresIn ? new Date(clock.now().getTime() + expiresIn * 1000) : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return restore(this.model, id, await q.find(this.model, idHash(this.model, id)));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return restore(this.model, null, await q.findBy(this.model, 'uid', uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return restore(this.model, null, await q.findBy(this.model, 'user_code', userCode));
    }

    async consume(id: string): Promise<void> {
      await q.consume(this.model, idHash(this.model, id), clock.now());
    }

    async destroy(id: string): Promise<void> {
      await q.destroy(this.model, idHash(this.model, id));
      if (this.model === 'Grant') await onGrantGone(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await q.revokeByGrantId(this.model, grantId);
    }
  };
}
