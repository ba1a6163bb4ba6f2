// The one role table (lib/auth/roles.ts): who holds each role, and each refusal's code, status and
// details. The HTTP side of the same rules is test/api/authz-matrix.test.ts.
import test from 'ava';
import { assertRole, holdsRole, rolesOf, type BoardRole, type RoleAccount } from '../../../lib/auth/roles.ts';
import { AppError } from '../../../lib/errors.ts';

const plain: RoleAccount = { is_owner: false, is_operator: false, is_resident: false, residency: 'active' };
const ACCOUNTS: Record<string, RoleAccount> = {
  plain,
  owner: { ...plain, is_owner: true },
  operator: { ...plain, is_operator: true },
  resident: { ...plain, is_resident: true },
  stoppedResident: { ...plain, is_resident: true, residency: 'stopped' },
  stoppedOperator: { ...plain, is_operator: true, residency: 'stopped' },
};

// Who holds each role; everyone else is refused.
const HOLDERS: Record<BoardRole, string[]> = {
  owner: ['owner'],
  operator: ['owner', 'operator', 'stoppedOperator'],
  owner_or_operator: ['owner', 'operator', 'stoppedOperator'],
  resident: ['resident'],
};

const REFUSAL: Record<BoardRole, { code: string; status: number; details: unknown }> = {
  owner: { code: 'FORBIDDEN_ROLE', status: 403, details: { required: 'owner' } },
  operator: { code: 'FORBIDDEN_ROLE', status: 403, details: { required: 'operator' } },
  owner_or_operator: { code: 'FORBIDDEN_ROLE', status: 403, details: { required: ['owner', 'operator'] } },
  resident: { code: 'OUTREACH_RESIDENTS_ONLY', status: 403, details: undefined },
};

for (const role of Object.keys(HOLDERS) as BoardRole[]) {
  test(`role ${role}: its holders pass, every other account gets its refusal`, (t) => {
    for (const [name, account] of Object.entries(ACCOUNTS)) {
      const holds = HOLDERS[role].includes(name);
      t.is(holdsRole(account, role), holds, `${name} holds ${role}`);
      if (holds) {
        t.notThrows(() => assertRole(account, role), name);
        continue;
      }
      const error = t.throws(() => assertRole(account, role), { instanceOf: AppError }, name);
      t.like({ code: error?.code, status: error?.status }, { code: REFUSAL[role].code, status: REFUSAL[role].status }, name);
      t.deepEqual(error?.details, REFUSAL[role].details, name);
    }
  });
}

test('a refusal keeps the caller’s own sentence, code and details unchanged', (t) => {
  const error = t.throws(() => assertRole(ACCOUNTS.operator!, 'owner', 'Only the owner configures outreach.'), { instanceOf: AppError });
  t.is(error?.message, 'Only the owner configures outreach.');
  t.deepEqual(error?.details, { required: 'owner' });
});

test('a resident is told whether its residency is stopped or it is not a resident at all', (t) => {
  const stopped = t.throws(() => assertRole(ACCOUNTS.stoppedResident!, 'resident'), { instanceOf: AppError });
  const outsider = t.throws(() => assertRole(ACCOUNTS.operator!, 'resident'), { instanceOf: AppError });
  t.regex(stopped?.message ?? '', /this residency is stopped/);
  t.regex(outsider?.message ?? '', /this account is not one/);
});

test('rolesOf lists the flags /v1/me shows, in a fixed order', (t) => {
  t.deepEqual(rolesOf({ is_owner: false, is_operator: false, is_resident: false, is_scorekeeper: false }), []);
  t.deepEqual(rolesOf({ is_owner: true, is_operator: true, is_resident: true, is_scorekeeper: true }), ['owner', 'operator', 'resident', 'scorekeeper']);
  t.deepEqual(rolesOf({ is_owner: false, is_operator: true, is_resident: false, is_scorekeeper: true }), ['operator', 'scorekeeper']);
});
