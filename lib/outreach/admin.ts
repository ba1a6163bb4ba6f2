// The owner's outreach commands for the admin CLI (`npm run admin -- outreach-...`). They call the
// same functions as the owner's routes, so a decision is the same whichever way the owner makes it.
import { parseArgs } from 'node:util';
import type { LibDeps } from '../deps.ts';
import { closeChannel, openChannel, resolveChannelPost } from './channels.ts';
import { approveMessage, listOwnerQueue, rejectMessage, resolveMessage, suppressByOwner, type Resolution } from './emails.ts';
import { REFERRAL_CHANNELS, SettingsPatch, readOwnerSettings, updateSettings, type OutreachSettingsPatch } from './settings.ts';

export const OUTREACH_USAGE = `  outreach-show                              outreach settings, what is missing, channels, messages waiting
  outreach-setup [--service-name T] [--mailbox A] [--reply-domain D] [--owner-name T] [--owner-email A]
                 [--postal-address T] [--mode off|review|auto] [--fleet-cap N] [--allowed-hosts h1,h2]
                 [--envelope-from reply-address|mailbox]
                                             set outreach up (the first complete setup turns mode review on)
  outreach-mode <off|review|auto>            switch the outreach mode
  outreach-referral <trade|dex|office|press|x> <url|none>   where /r/<agent>/<channel> leads
  outreach-queue [--status queued|unknown]   emails waiting for the owner (with their addresses)
  outreach-approve <message id>              send a queued email
  outreach-reject <message id> [--reason T]  refuse a queued email
  outreach-resolve <message id> <sent|failed|resend>   decide an email whose send outcome is unknown
  outreach-post-resolve <post id> <sent|failed|resend> decide a channel post whose outcome is unknown
  outreach-channel <messaging|social> <create|close> [--label T]
  outreach-suppress <email>                  never email this address again (any agent)`;

export class OutreachUsageError extends Error {}

function need(value: string | undefined, what: string): string {
  if (!value) throw new OutreachUsageError(`missing ${what}`);
  return value;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (!value || !(allowed as readonly string[]).includes(value)) throw new OutreachUsageError(`${what} is one of ${allowed.join(', ')}`);
  return value as T;
}

function patchOrUsage(raw: Record<string, unknown>): OutreachSettingsPatch {
  const parsed = SettingsPatch.safeParse(raw);
  if (!parsed.success) {
    throw new OutreachUsageError(parsed.error.issues.map((i) => `--${String(i.path[0] ?? '').replace(/_/g, '-')}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

/** Runs one `outreach-*` command; returns the exit code. */
export async function runOutreachCommand(argv: string[], deps: LibDeps, print: (line: string) => void = console.log): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'service-name': { type: 'string' },
      mailbox: { type: 'string' },
      'reply-domain': { type: 'string' },
      'owner-name': { type: 'string' },
      'owner-email': { type: 'string' },
      'postal-address': { type: 'string' },
      mode: { type: 'string' },
      'fleet-cap': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'envelope-from': { type: 'string' },
      status: { type: 'string' },
      reason: { type: 'string' },
      label: { type: 'string' },
    },
  });
  const [command, a, b] = positionals;
  switch (command) {
    case 'outreach-show': {
      print(JSON.stringify(await readOwnerSettings(deps), null, 2));
      return 0;
    }
    case 'outreach-setup': {
      const raw: Record<string, unknown> = {};
      const map: Record<string, string> = {
        'service-name': 'service_name',
        mailbox: 'mailbox',
        'reply-domain': 'reply_domain',
        'owner-name': 'owner_name',
        'owner-email': 'owner_email',
        'postal-address': 'postal_address',
        mode: 'mode',
        'envelope-from': 'envelope_from',
      };
      for (const [flag, field] of Object.entries(map)) {
        const v = values[flag as keyof typeof values];
        if (typeof v === 'string') raw[field] = flag === 'postal-address' ? v.replace(/\\n/g, '\n') : v;
      }
      if (values['fleet-cap'] !== undefined) raw.fleet_cap = Number(values['fleet-cap']);
      if (values['allowed-hosts'] !== undefined)
        raw.allowed_hosts = values['allowed-hosts']
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean);
      const state = await updateSettings(deps, patchOrUsage(raw));
      print(`outreach mode ${state.settings.mode}; ${state.configured ? 'configured' : `missing: ${state.missing.join(', ')}`}`);
      return 0;
    }
    case 'outreach-mode': {
      const mode = oneOf(a, ['off', 'review', 'auto'] as const, '<mode>');
      const state = await updateSettings(deps, { mode });
      print(`outreach mode ${state.settings.mode}${state.configured ? '' : ` (not configured yet: missing ${state.missing.join(', ')})`}`);
      return 0;
    }
    case 'outreach-referral': {
      const channel = oneOf(a, REFERRAL_CHANNELS, '<channel>');
      const url = need(b, '<url|none>');
      const patch = patchOrUsage({ referral_targets: { [channel]: url === 'none' ? null : url } });
      await updateSettings(deps, patch);
      print(url === 'none' ? `/r/<agent>/${channel} has no destination` : `/r/<agent>/${channel} leads to ${url}`);
      return 0;
    }
    case 'outreach-queue': {
      const status = oneOf(values.status ?? 'queued', ['queued', 'unknown', 'approved', 'sending'] as const, '--status');
      const { messages } = await listOwnerQueue(deps, { status, limit: 200 });
      if (messages.length === 0) print(`no ${status} messages`);
      for (const m of messages) {
        print(`${m.message_id}\t${m.status}\t${m.created_at}\t${m.agent} -> ${m.to} (${m.outlet})\t${m.kind}/${m.send_kind}\t${m.subject}`);
        if (m.status_reason) print(`\t${m.status_reason}`);
      }
      return 0;
    }
    case 'outreach-approve': {
      const result = await approveMessage(deps, null, need(a, '<message id>'));
      print(`${result.message_id}: ${result.status}`);
      return 0;
    }
    case 'outreach-reject': {
      const result = await rejectMessage(deps, null, need(a, '<message id>'), values.reason ?? null);
      print(`${result.message_id}: ${result.status}`);
      return 0;
    }
    case 'outreach-resolve': {
      const outcome = oneOf(b, ['sent', 'failed', 'resend'] as const, '<outcome>') as Resolution;
      const result = await resolveMessage(deps, null, need(a, '<message id>'), outcome);
      print(`${result.message_id}: ${result.status}`);
      return 0;
    }
    case 'outreach-post-resolve': {
      const outcome = oneOf(b, ['sent', 'failed', 'resend'] as const, '<outcome>');
      const result = await resolveChannelPost(deps, need(a, '<post id>'), outcome);
      print(`${result.post_id}: ${result.status}`);
      return 0;
    }
    case 'outreach-channel': {
      const name = oneOf(a, ['messaging', 'social'] as const, '<channel>');
      const action = oneOf(b, ['create', 'close'] as const, '<action>');
      if (action === 'create') {
        await openChannel(deps, null, name, values.label ?? '');
        print(`${name} channel created`);
      } else {
        const result = await closeChannel(deps, name);
        print(result.was_open ? `${name} channel closed` : `${name} channel was not open`);
      }
      return 0;
    }
    case 'outreach-suppress': {
      const result = await suppressByOwner(deps, need(a, '<email>'));
      print(`${result.address} suppressed${result.newly ? '' : ' (already)'}; ${result.cancelled.length} pending email(s) cancelled`);
      return 0;
    }
    default:
      throw new OutreachUsageError(`unknown command "${command ?? ''}"`);
  }
}

export function isOutreachCommand(argv: readonly string[]): boolean {
  return (argv[0] ?? '').startsWith('outreach-');
}
