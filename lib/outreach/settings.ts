// The owner's outreach setup, kept in `settings` under the key `outreach`: the sending mailbox and
// reply domain, who is responsible (name, postal address, where replies are forwarded), the mode,
// the fleet cap, the link allowlist and the referral targets. The owner changes it through the
// owner-only routes or the admin CLI; nothing else writes it. Secrets (SMTP/IMAP credentials, the
// DKIM key, channel webhooks) stay in the environment (lib/config.ts).
import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { LibDeps } from '../deps.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import { createOutreachChannelPostsQueries } from '../../sql/queries/outreach-channel-posts.ts';
import { createOutreachChannelsQueries } from '../../sql/queries/outreach-channels.ts';
import { createOutreachMessagesQueries } from '../../sql/queries/outreach-messages.ts';
import { createOutreachSettingsQueries } from '../../sql/queries/outreach-settings.ts';
import type { OutreachMailConfig } from './message.ts';
import { OUTREACH_LIMITS } from './limits.ts';
import { enqueueChannelPost, enqueueSend } from './jobs.ts';

export const MODES = ['off', 'review', 'auto'] as const;
export type OutreachMode = (typeof MODES)[number];
export const REFERRAL_CHANNELS = ['trade', 'dex', 'office', 'press', 'x'] as const;
export type ReferralChannel = (typeof REFERRAL_CHANNELS)[number];

/** Market-data and code-hosting hosts allowed in emails until the owner sets the list. */
export const DEFAULT_ALLOWED_HOSTS = ['dexscreener.com', 'github.com'];

const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^\s@<>(),;:"]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const Host = z.string().trim().toLowerCase().regex(HOST, 'a host name such as github.com');
export const EmailAddress = z.string().trim().toLowerCase().max(254).regex(EMAIL, 'an email address');
export const WebUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'an http(s) URL');

const Stored = z.object({
  mode: z.enum(MODES).default('off'),
  service_name: z.string().nullable().default(null),
  mailbox: z.string().nullable().default(null),
  reply_domain: z.string().nullable().default(null),
  owner_name: z.string().nullable().default(null),
  owner_email: z.string().nullable().default(null),
  postal_address: z.string().nullable().default(null),
  fleet_cap: z.number().int().min(0).default(OUTREACH_LIMITS.fleetSendsPerMoscowDayDefault),
  allowed_hosts: z.array(z.string()).default(DEFAULT_ALLOWED_HOSTS),
  referral_targets: z.record(z.string(), z.string()).default({}),
  envelope_from: z.enum(['reply-address', 'mailbox']).default('reply-address'),
  configured_at: z.string().nullable().default(null),
  updated_at: z.string().nullable().default(null),
});
export type OutreachSettings = z.infer<typeof Stored>;

/** What the owner may change; every field optional (a patch). */
export const SettingsPatch = z
  .object({
    mode: z.enum(MODES),
    service_name: z.string().trim().min(1).max(80),
    mailbox: EmailAddress,
    reply_domain: Host,
    owner_name: z.string().trim().min(1).max(120),
    owner_email: EmailAddress,
    postal_address: z.string().trim().min(5).max(400),
    fleet_cap: z.number().int().min(0).max(1000),
    allowed_hosts: z.array(Host).max(20),
    referral_targets: z
      .object(Object.fromEntries(REFERRAL_CHANNELS.map((c) => [c, WebUrl.nullable()])) as Record<ReferralChannel, z.ZodNullable<typeof WebUrl>>)
      .partial(),
    envelope_from: z.enum(['reply-address', 'mailbox']),
  })
  .partial()
  .strict();
export type OutreachSettingsPatch = z.infer<typeof SettingsPatch>;

const REQUIRED = ['service_name', 'mailbox', 'reply_domain', 'owner_name', 'owner_email', 'postal_address'] as const;

export type OutreachState = {
  settings: OutreachSettings;
  /** Everything needed to send is there (settings and SMTP_URL). */
  configured: boolean;
  /** What is still missing: settings field names and environment variable names. */
  missing: string[];
};

function effective(settings: OutreachSettings, config: Config | null): OutreachSettings {
  return { ...settings, postal_address: settings.postal_address ?? config?.outreach.ownerPostalAddress ?? null };
}

export async function readSettings(db: CommonQueryMethods): Promise<OutreachSettings> {
  const value = await createOutreachSettingsQueries(db).read();
  const parsed = Stored.safeParse(value ?? {});
  return parsed.success ? parsed.data : Stored.parse({});
}

/** The settings with the environment's defaults applied, and whether outreach can send. */
export async function readOutreachState(db: CommonQueryMethods, config: Config): Promise<OutreachState> {
  return stateOf(await readSettings(db), config);
}

export function stateOf(stored: OutreachSettings, config: Config | null): OutreachState {
  const settings = effective(stored, config);
  const missing: string[] = REQUIRED.filter((k) => !settings[k]);
  if (config && !config.outreach.smtp) missing.push('SMTP_URL');
  return { settings, configured: missing.length === 0, missing };
}

/**
 * Whether sending can happen: exactly when a send is not refused for the setup (503
 * OUTREACH_NOT_CONFIGURED, 409 OUTREACH_MODE_OFF; see assertCanSend).
 */
export function sendingEnabled(state: OutreachState): boolean {
  return state.configured && state.settings.mode !== 'off';
}

/** The owner's view: the settings, what is still missing, and the channels. */
export async function readOwnerSettings(deps: LibDeps) {
  const [state, channels] = await Promise.all([readOutreachState(deps.db, deps.config), createOutreachChannelsQueries(deps.db).list()]);
  return { settings: state.settings, configured: state.configured, missing: state.missing, channels };
}

/**
 * Applies the owner's patch. The first time the setup becomes complete, the mode becomes `review`
 * (SPEC.md: review is the default after setup) unless the same patch names a mode.
 */
export async function updateSettings(deps: LibDeps, patch: OutreachSettingsPatch) {
  assertNoSecrets({ service_name: patch.service_name, owner_name: patch.owner_name, postal_address: patch.postal_address });
  const { config } = deps;
  const now = deps.clock.now();
  const state = await deps.db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const next: OutreachSettings = {
      ...before,
      ...Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && k !== 'referral_targets')),
      updated_at: now.toISOString(),
    } as OutreachSettings;
    if (patch.referral_targets) {
      const targets = { ...before.referral_targets };
      for (const [channel, url] of Object.entries(patch.referral_targets)) {
        if (url === null) delete targets[channel];
        else if (url !== undefined) targets[channel] = url;
      }
      next.referral_targets = targets;
    }
    const wasComplete = stateOf(before, config).missing.filter((m) => m !== 'SMTP_URL').length === 0;
    const nowComplete = stateOf(next, config).missing.filter((m) => m !== 'SMTP_URL').length === 0;
    if (!before.configured_at && !wasComplete && nowComplete) {
      next.configured_at = now.toISOString();
      if (patch.mode === undefined && next.mode === 'off') next.mode = 'review';
    }
    await createOutreachSettingsQueries(tx).write(next, now);
    if (before.mode === 'off' && next.mode !== 'off') {
      // Approved emails and pending channel posts held while outreach was off leave now.
      for (const id of await createOutreachMessagesQueries(tx).listApprovedIds()) await enqueueSend(tx, id);
      for (const id of await createOutreachChannelPostsQueries(tx).listPendingIds()) await enqueueChannelPost(tx, id);
    }
    return stateOf(next, config);
  });
  return { settings: state.settings, configured: state.configured, missing: state.missing };
}

/** What buildOutreachMessage needs, from a configured state. */
export function mailConfigOf(state: OutreachState, config: Config): OutreachMailConfig {
  const s = state.settings;
  const mail: OutreachMailConfig = {
    serviceName: s.service_name ?? '',
    baseUrl: config.baseUrl,
    mailbox: s.mailbox ?? '',
    replyDomain: s.reply_domain ?? '',
    ownerName: s.owner_name ?? '',
    postalAddress: s.postal_address ?? '',
    publicLogUrl: `${config.siteUrl}/outreach`,
    envelopeFrom: s.envelope_from,
  };
  if (config.outreach.dkim) mail.dkim = config.outreach.dkim;
  return mail;
}

/** The hosts an email may link to besides the service's own. */
export function linkPolicyOf(settings: OutreachSettings, config: Config): { ownHost: string; allowedHosts: string[] } {
  const own = new URL(config.baseUrl).hostname.toLowerCase();
  const extra = [config.siteUrl, config.officeUrl].map((u) => new URL(u).hostname.toLowerCase()).filter((h) => h !== own);
  return { ownHost: own, allowedHosts: [...new Set([...settings.allowed_hosts, ...extra])] };
}
