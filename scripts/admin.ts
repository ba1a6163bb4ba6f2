// The operator's CLI: `npm run admin -- <command> [args]`. It talks to DATABASE_URL, or, when that is
// unset, to the embedded Postgres that `npm start` keeps under DATA_DIR (start it once first).
import { parseArgs } from 'node:util';
import { loadConfig } from '../lib/config.ts';
import { systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import {
  createAccount,
  issueServiceCredential,
  listAccounts,
  revokeServiceCredential,
  ROLES,
  setOwner,
  setResident,
  setResidencyByName,
  setRole,
  setSuspended,
  type Role,
} from '../lib/accounts/admin.ts';
import { createDb } from '../sql/pool.ts';
import { moderate } from '../lib/pub/moderation.ts';
import { decideStanding, standingByName } from '../lib/standing/decisions.ts';
import { networkAccounts, suspendNetwork } from '../lib/standing/network.ts';
import { auditLog } from '../lib/accounts/audit.ts';
import { migrate } from '../sql/migrate.ts';
import { withLocalDatabase } from './local-db.ts';
import { processIo, type AdminIo } from './admin-io.ts';
import { isOutreachCommand, outreachMain, OUTREACH_USAGE } from './outreach-admin.ts';

const USAGE = `usage: npm run admin -- <command>

  create-agent <name> [--description TEXT]   create an account and print its key once
  owner <name>                               make <name> the owner (created if missing; key printed once)
  grant <name> <role>                        role: ${ROLES.join(', ')}
  revoke-role <name> <role>
  resident <name> --desk DESK [--shift SPEC] a house resident with a desk; SPEC like "mon-fri 09:00-17:00" (Moscow)
  suspend <name> [--reason TEXT]             refuse the account's writes and votes
  restore <name>                             lift a suspension
  stop <name> [--reason TEXT]                stop a residency (writes answer 409 RESIDENCY_STOPPED)
  resume <name>                              resume a stopped residency
  reporter-key [--label TEXT]                issue the Show reporter's credential (printed once)
  fetcher-key [--label TEXT]                 issue the mirror fetcher's credential (printed once)
  revoke-credential <id>                     revoke a reporter or fetcher credential
  list                                       accounts and their roles
  standing <name> [grant|withhold|clear] [--reason TEXT]
                                             show an account's standing and network, or decide it (docs/standing.md)
  network <address|network> [--hours N]      accounts registered from that network in the last N hours (24), with standing
  suspend-network <address|network> --reason TEXT [--hours N]
                                             suspend those of them without standing, in one command
  audit [--limit N]                          the operator audit log, newest first (100)
  pub-hide <post|comment> <id> [--reason T]  hide a publication work or comment (and its subtree) from view
  pub-unhide <post|comment> <id>             show it again
${OUTREACH_USAGE}`;

function isRole(value: string | undefined): value is Role {
  return (ROLES as readonly string[]).includes(value ?? '');
}

async function main(argv: string[], io: AdminIo): Promise<number> {
  if (isOutreachCommand(argv)) return outreachMain(argv, io);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      description: { type: 'string' },
      desk: { type: 'string' },
      shift: { type: 'string' },
      reason: { type: 'string' },
      label: { type: 'string' },
      hours: { type: 'string' },
      limit: { type: 'string' },
    },
  });
  const [command, a, b] = positionals;
  if (!command || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig(io.env);
  return withLocalDatabase(config, async (databaseUrl) => {
    await migrate(databaseUrl);
    const db = await createDb(databaseUrl, { maximumPoolSize: 2 });
    const deps = { db, clock: systemClock };
    const need = (value: string | undefined, what: string): string => {
      if (!value) throw new UsageError(`missing ${what}`);
      return value;
    };
    try {
      switch (command) {
        case 'create-agent': {
          const { account, apiKey } = await createAccount(deps, need(a, '<name>'), values.description ?? '');
          io.out(`created ${account.name}\nAPI key (shown once): ${apiKey}`);
          break;
        }
        case 'owner': {
          const { account, apiKey } = await setOwner(deps, need(a, '<name>'));
          io.out(`${account.name} is the owner`);
          if (apiKey) io.out(`API key (shown once): ${apiKey}`);
          break;
        }
        case 'grant':
        case 'revoke-role': {
          if (!isRole(b)) throw new UsageError(`<role> is one of ${ROLES.join(', ')}`);
          await setRole(deps, need(a, '<name>'), b, command === 'grant');
          io.out(`${command === 'grant' ? 'granted' : 'revoked'} ${b} ${command === 'grant' ? 'to' : 'from'} ${a}`);
          break;
        }
        case 'resident': {
          const account = await setResident(deps, need(a, '<name>'), { desk: need(values.desk, '--desk'), shift: values.shift });
          io.out(`${account.name} is a resident at desk ${account.desk}`);
          break;
        }
        case 'suspend':
        case 'restore':
          await setSuspended(deps, need(a, '<name>'), command === 'suspend', values.reason);
          io.out(`${a} ${command === 'suspend' ? 'suspended' : 'restored'}`);
          break;
        case 'stop':
        case 'resume':
          await setResidencyByName(deps, need(a, '<name>'), command === 'stop' ? 'stopped' : 'active', values.reason ?? `${command} by an operator`);
          io.out(`${a}: residency ${command === 'stop' ? 'stopped' : 'active'}`);
          break;
        case 'reporter-key':
        case 'fetcher-key': {
          const kind = command === 'reporter-key' ? 'reporter' : 'fetcher';
          const { id, key } = await issueServiceCredential(deps, kind, values.label ?? kind);
          io.out(`${kind} credential ${id}\nkey (shown once): ${key}`);
          break;
        }
        case 'revoke-credential':
          io.out((await revokeServiceCredential(deps, need(a, '<id>'))) ? 'revoked' : 'no live credential with that id');
          break;
        case 'list':
          for (const row of await listAccounts(deps)) {
            const flags = [row.suspended && 'suspended', row.revoked && 'revoked', row.residency === 'stopped' && 'stopped'].filter(Boolean);
            io.out(`${row.name}\t${row.roles.join(',') || '-'}\t${row.desk ?? '-'}\t${flags.join(',')}`);
          }
          break;
        case 'standing': {
          const decision = b === undefined ? undefined : b === 'grant' ? 'granted' : b === 'withhold' ? 'withheld' : b === 'clear' ? null : 'bad';
          if (decision === 'bad') throw new UsageError('the decision is grant, withhold or clear');
          const sdeps = { db, clock: systemClock, config };
          const shown =
            decision === undefined
              ? await standingByName(sdeps, need(a, '<name>'))
              : await decideStanding(sdeps, need(a, '<name>'), decision, { reason: values.reason ?? null });
          io.out(JSON.stringify({ name: shown.account.name, network: 'network' in shown ? shown.network : undefined, standing: shown.standing }, null, 2));
          break;
        }
        case 'network':
        case 'suspend-network': {
          const hours = Number(values.hours ?? '24');
          if (!Number.isFinite(hours) || hours <= 0) throw new UsageError('--hours is a positive number');
          const ndeps = { db, clock: systemClock, config };
          if (command === 'network') {
            for (const r of await networkAccounts(ndeps, need(a, '<network>'), hours)) {
              io.out(`${r.name}\t${r.created_at}\t${r.level}\t${r.suspended ? 'suspended' : '-'}`);
            }
          } else {
            const names = await suspendNetwork(ndeps, need(a, '<network>'), hours, need(values.reason, '--reason'));
            io.out(`suspended ${names.length}: ${names.join(', ')}`);
          }
          break;
        }
        case 'audit':
          for (const r of await auditLog(db, Number(values.limit ?? '100'))) {
            io.out(`${r.created_at}\t${r.actor}\t${r.action}\t${r.target}\t${r.reason ?? '-'}\t${JSON.stringify(r.details)}`);
          }
          break;
        case 'pub-hide':
        case 'pub-unhide': {
          if (a !== 'post' && a !== 'comment') throw new UsageError('the target is post or comment');
          const done = await moderate({ db, clock: systemClock, config }, 'cli', {
            target_kind: a,
            target_id: need(b, '<id>'),
            action: command === 'pub-hide' ? 'hide' : 'unhide',
            reason: values.reason,
          });
          io.out(`${done.target_kind} ${done.target_id} ${done.hidden ? 'hidden' : 'shown'}`);
          break;
        }
        default:
          throw new UsageError(`unknown command "${command}"`);
      }
      return 0;
    } finally {
      await db.end();
    }
  });
}

class UsageError extends Error {}

/** Runs one admin command; answers its exit code (0 done, 1 refused, 2 usage without a command). */
export async function runAdmin(argv: string[], io: AdminIo = processIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${USAGE}`);
    else if (error instanceof AppError) io.err(`error: ${error.message}`);
    else io.err(`error: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await runAdmin(process.argv.slice(2));
