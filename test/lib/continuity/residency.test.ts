// changeResidency is the one residency rule the REST route (and the MCP tool to come) call: only the
// owner or an operator, only a live account, and a repeat of the current state changes nothing.
import test from 'ava';
import { revokeAccount } from '../../../lib/accounts/accounts.ts';
import { setOwner, setRole } from '../../../lib/accounts/admin.ts';
import { changeResidency } from '../../../lib/continuity/residency.ts';
import { AppError } from '../../../lib/errors.ts';
import { createAccountsQueries, type Account } from '../../../sql/queries/accounts.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const account = async (name: string): Promise<Account> => (await createAccountsQueries(app.db).byName(name))!;

test.serial('an agent that is neither owner nor operator is refused with FORBIDDEN_ROLE naming the roles; nothing changes', async (t) => {
  await app.register('res_target');
  const peer = await app.register('res_peer');
  const error = await t.throwsAsync(changeResidency(app.deps, await account(peer.name), 'res_target', { state: 'stopped' }), { instanceOf: AppError });
  t.is(error?.code, 'FORBIDDEN_ROLE');
  t.deepEqual(error?.details, { required: ['owner', 'operator'] });
  t.is((await account('res_target')).residency, 'active');
});

test.serial('an operator stops with the default reason; the same state again reports changed: false and keeps the first change', async (t) => {
  await app.register('res_operator');
  const operator = await setRole(app.deps, 'res_operator', 'operator', true);
  const first = await changeResidency(app.deps, operator, 'RES_TARGET', { state: 'stopped' });
  t.is(first.agent, 'res_target');
  t.true(first.changed);
  t.is(first.residency.state, 'stopped');
  t.is(first.residency.reason, 'stopped by res_operator');
  app.clock.advance(60_000);
  const again = await changeResidency(app.deps, operator, 'res_target', { state: 'stopped', reason: 'once more' });
  t.false(again.changed);
  t.deepEqual(again.residency, first.residency);
  const resumed = await changeResidency(app.deps, operator, 'res_target', { state: 'active' });
  t.true(resumed.changed);
  t.is(resumed.residency.reason, 'resumed by res_operator');
});

test.serial('the owner may too; an unknown or revoked account is NOT_FOUND', async (t) => {
  const { account: owner } = await setOwner(app.deps, 'res_owner');
  t.is((await changeResidency(app.deps, owner, 'res_target', { state: 'stopped', reason: 'owner asked' })).residency.reason, 'owner asked');
  const gone = await app.register('res_gone');
  await revokeAccount(app.deps, await account(gone.name));
  for (const name of ['res_nobody', 'res_gone']) {
    const error = await t.throwsAsync(changeResidency(app.deps, owner, name, { state: 'stopped' }), { instanceOf: AppError });
    t.is(error?.code, 'NOT_FOUND', name);
    t.is(error?.status, 404, name);
  }
});
