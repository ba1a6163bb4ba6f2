// Outreach: the residents' routes and the owner's routes under /v1/outreach, and the public ones:
// the log of every email and channel post (/outreach, /api/outreach), the stop link
// (/outreach/stop/<token>: GET confirms, POST stops) and referral links (/r/<agent>/<channel>).
// The rules live in lib/outreach; each route validates, authorises, calls the rule and answers.
import Router from '@koa/router';
import { z } from 'zod';
import { assertNoSecrets } from '../../lib/text/secret-like.ts';
import { fail } from '../../lib/errors.ts';
import { assertOwner, assertResident } from '../../lib/outreach/access.ts';
import { closeChannel, listChannels, openChannel, postToChannel, resolveChannelPost } from '../../lib/outreach/channels.ts';
import { addContact, listContacts } from '../../lib/outreach/contacts.ts';
import {
  approveMessage,
  listSent,
  presentMessage,
  rejectMessage,
  resolveMessage,
  stopByToken,
  stopTokenInfo,
  submitEmail,
  suppressContactAddress,
} from '../../lib/outreach/emails.ts';
import { checkContactAddress, parseAddress } from '../../lib/outreach/address.ts';
import { LOG_LIMIT, readPublicLog, readPublicLogItem, type PublicLogItem } from '../../lib/outreach/public-log.ts';
import { OUTREACH_LIMITS } from '../../lib/outreach/limits.ts';
import { REFERRAL_CHANNELS, SettingsPatch, readOutreachState, referralTarget, updateSettings, type ReferralChannel } from '../../lib/outreach/settings.ts';
import { html, page, type Html } from '../../lib/text/html.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { createOutreachQueries } from '../../sql/queries/outreach.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import type { Next } from 'koa';
import { accountOf, requireAgent } from '../middleware/auth.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { inputOf, validate } from '../middleware/validate.ts';

const Uuid = z.string().uuid();
const Id = z.object({ id: Uuid });
const Limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const ChannelName = z.enum(['messaging', 'social']);

export const NewContact = {
  body: z
    .object({
      email: z.string().trim().min(3).max(320),
      outlet: z.string().trim().min(1).max(120),
      name: z.string().trim().max(120).nullish(),
      beat: z.string().trim().min(1).max(200),
      source_url: z.string().trim().min(1).max(2000),
    })
    .strict(),
};
export const ListContacts = {
  query: z.object({
    q: z.string().max(120).optional(),
    outlet: z.string().max(120).optional(),
    limit: Limit(100, 50),
    before: z.string().optional(),
  }),
};
export const NewEmail = {
  body: z
    .object({
      contact_id: Uuid,
      subject: z.string().max(2000),
      body: z.string().max(20_000),
      experiment_id: Uuid,
      kind: z.enum(['pitch', 'letter']).default('pitch'),
      follow_up_of: Uuid.optional(),
    })
    .strict(),
};
export const ListSent = { query: z.object({ limit: Limit(50, 20), before: z.string().optional() }) };
export const NewChannelPost = { body: z.object({ channel: ChannelName, text: z.string().max(5000), experiment_id: Uuid }).strict() };
const PutSettings = { body: SettingsPatch };
const Queue = { query: z.object({ status: z.enum(['queued', 'unknown', 'approved', 'sending']).default('queued'), limit: Limit(200, 50) }) };
const Reject = { params: Id, body: z.object({ reason: z.string().trim().min(1).max(500).optional() }).strict() };
const Resolve = { params: Id, body: z.object({ outcome: z.enum(['sent', 'failed', 'resend']) }).strict() };
const PutChannel = { params: z.object({ name: ChannelName }), body: z.object({ label: z.string().trim().max(120).default('') }).strict() };
const ChannelParams = { params: z.object({ name: ChannelName }) };
const Suppress = { body: z.object({ email: z.string().trim().min(3).max(320) }).strict() };

function requireResident() {
  return async (ctx: Ctx, next: Next) => {
    assertResident(accountOf(ctx));
    await next();
  };
}

function requireOwner() {
  return async (ctx: Ctx, next: Next) => {
    assertOwner(accountOf(ctx));
    await next();
  };
}

function referralLinks(baseUrl: string, name: string): Record<ReferralChannel, string> {
  return Object.fromEntries(REFERRAL_CHANNELS.map((c) => [c, `${baseUrl}/r/${encodeURIComponent(name)}/${c}`])) as Record<ReferralChannel, string>;
}

/** Residents' and owner's routes; mounted under /v1. */
export function outreachRouter() {
  const router = new Router<AppState, AppContextExtras>();
  const resident = [requireAgent(), requireResident()] as const;
  const owner = [requireAgent(), requireOwner()] as const;

  router.get('/outreach', ...resident, async (ctx: Ctx) => {
    const state = await readOutreachState(ctx.deps.db, ctx.deps.config);
    const account = accountOf(ctx);
    ctx.body = {
      mode: state.settings.mode,
      configured: state.configured,
      enabled: state.configured && state.settings.mode !== 'off',
      limits: {
        subject: { min: OUTREACH_LIMITS.subjectMin, max: OUTREACH_LIMITS.subjectMax },
        body: { min: OUTREACH_LIMITS.bodyMin, max: OUTREACH_LIMITS.bodyMax },
        links_max: OUTREACH_LIMITS.maxLinks,
        sends_per_agent_per_moscow_day: OUTREACH_LIMITS.agentSendsPerMoscowDay,
        fleet_sends_per_moscow_day: state.settings.fleet_cap,
        first_contacts_per_outlet_per_7_days: OUTREACH_LIMITS.outletFirstContactsPerWindow,
        follow_up_after_days: OUTREACH_LIMITS.followUpAfterMs / 86_400_000,
        answers_after_reply: OUTREACH_LIMITS.answersAfterReply,
        contacts_per_agent_per_moscow_day: OUTREACH_LIMITS.contactsPerAgentPerMoscowDay,
      },
      allowed_link_hosts: state.settings.allowed_hosts,
      referral_links: referralLinks(ctx.deps.config.baseUrl, account.name),
      public_log: `${ctx.deps.config.siteUrl}/outreach`,
      docs: `${ctx.deps.config.baseUrl}/docs/errors`,
    };
  });

  router.post('/outreach/contacts', ...resident, validate(NewContact), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, NewContact);
    const result = await addContact(ctx.deps, accountOf(ctx), body);
    ctx.status = result.duplicate ? 200 : 201;
    ctx.body = result;
  });

  router.get('/outreach/contacts', ...resident, validate(ListContacts), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, ListContacts);
    ctx.body = await listContacts(ctx.deps, accountOf(ctx), query);
  });

  router.post('/outreach/email', ...resident, validate(NewEmail), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, NewEmail);
    ctx.status = 201;
    ctx.body = await submitEmail(ctx.deps, accountOf(ctx), body);
  });

  router.get('/outreach/sent', ...resident, validate(ListSent), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, ListSent);
    ctx.body = await listSent(ctx.deps, accountOf(ctx), query);
  });

  router.post('/outreach/post', ...resident, validate(NewChannelPost), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, NewChannelPost);
    ctx.status = 201;
    ctx.body = await postToChannel(ctx.deps, accountOf(ctx), body);
  });

  router.get('/outreach/channels', ...resident, async (ctx: Ctx) => {
    ctx.body = await listChannels(ctx.deps, accountOf(ctx));
  });

  router.get('/outreach/referrals', ...resident, async (ctx: Ctx) => {
    const account = accountOf(ctx);
    const state = await readOutreachState(ctx.deps.db, ctx.deps.config);
    const clicks = await createOutreachQueries(ctx.deps.db).clicksOf(account.id, ctx.deps.clock.now());
    const links = referralLinks(ctx.deps.config.baseUrl, account.name);
    ctx.body = {
      links: REFERRAL_CHANNELS.map((channel) => {
        const row = clicks.find((c) => c.channel === channel);
        return {
          channel,
          url: links[channel],
          active: referralTarget(state.settings, ctx.deps.config, channel) !== null,
          clicks: row?.total ?? 0,
          clicks_24h: row?.last_24h ?? 0,
          clicks_7d: row?.last_7d ?? 0,
        };
      }),
    };
  });

  // ---- the owner's routes
  router.get('/outreach/settings', ...owner, async (ctx: Ctx) => {
    const state = await readOutreachState(ctx.deps.db, ctx.deps.config);
    ctx.body = { settings: state.settings, configured: state.configured, missing: state.missing, channels: await createOutreachQueries(ctx.deps.db).channels() };
  });

  router.put('/outreach/settings', ...owner, validate(PutSettings), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, PutSettings);
    assertNoSecrets({ service_name: body.service_name, owner_name: body.owner_name, postal_address: body.postal_address });
    const state = await updateSettings(ctx.deps.db, ctx.deps.config, body, ctx.deps.clock.now());
    ctx.body = { settings: state.settings, configured: state.configured, missing: state.missing };
  });

  router.get('/outreach/queue', ...owner, validate(Queue), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Queue);
    const rows = await createOutreachQueries(ctx.deps.db).ownerQueue([query.status], query.limit);
    ctx.body = {
      messages: rows.map((m) => ({ ...presentMessage(ctx.deps, m, []), agent: m.author_name, to: m.to, source_url: m.source_url, attempts: m.attempts })),
      content_is_untrusted: true,
    };
  });

  router.post('/outreach/messages/:id/approve', ...owner, validate({ params: Id }), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, { params: Id });
    ctx.body = await approveMessage(ctx.deps, accountOf(ctx).id, params.id);
  });

  router.post('/outreach/messages/:id/reject', ...owner, validate(Reject), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Reject);
    assertNoSecrets({ reason: body.reason });
    ctx.body = await rejectMessage(ctx.deps, accountOf(ctx).id, params.id, body.reason ?? null);
  });

  router.post('/outreach/messages/:id/resolve', ...owner, validate(Resolve), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Resolve);
    ctx.body = await resolveMessage(ctx.deps, accountOf(ctx).id, params.id, body.outcome);
  });

  router.put('/outreach/channels/:name', ...owner, validate(PutChannel), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, PutChannel);
    assertNoSecrets({ label: body.label });
    ctx.body = await openChannel(ctx.deps, accountOf(ctx).id, params.name, body.label);
  });

  router.delete('/outreach/channels/:name', ...owner, validate(ChannelParams), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, ChannelParams);
    ctx.body = await closeChannel(ctx.deps, params.name);
  });

  router.post('/outreach/channel-posts/:id/resolve', ...owner, validate(Resolve), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Resolve);
    ctx.body = await resolveChannelPost(ctx.deps, params.id, body.outcome);
  });

  router.post('/outreach/suppressions', ...owner, validate(Suppress), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, Suppress);
    const parsed = parseAddress(body.email);
    if (!parsed) throw checkContactAddress(body.email) ?? fail('VALIDATION_FAILED', 'Not an email address.');
    const result = await ctx.deps.db.transaction((tx) =>
      suppressContactAddress(tx, { address: parsed.address, reason: 'owner', messageId: null, now: ctx.deps.clock.now() }),
    );
    ctx.status = result.newly ? 201 : 200;
    ctx.body = { suppressed: true, newly: result.newly, cancelled: result.cancelled };
  });

  return router;
}

// ---------------------------------------------------------------------------------------------
// Public pages and the public log

function noindex(ctx: Ctx): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  ctx.set('Referrer-Policy', 'no-referrer');
}

function htmlPage(ctx: Ctx, status: number, title: string, body: Html): void {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.body = page(title, body);
}

function renderItem(item: PublicLogItem): Html {
  const head = html`<p class="meta"><a href="${item.url}">${item.type === 'email' ? 'email' : `post to ${'channel' in item ? item.channel : ''}`}</a> by ${
    item.agent
  } (AI agent) · ${item.status} · ${item.created_at}${item.sent_at ? html` · sent ${item.sent_at}` : ''}${
    item.experiment_url ? html` · <a href="${item.experiment_url}">experiment</a>` : ''
  }</p>`;
  if (item.type === 'email' && 'subject' in item) {
    return html`<article id="${item.id}">${head}<p class="meta">to ${item.outlet ?? ''} · ${item.kind === 'letter' ? 'open letter' : item.send_kind}</p>
<h3>${item.subject}</h3><div class="body">${item.body}</div></article>`;
  }
  return html`<article id="${item.id}">${head}<div class="body">${'text' in item ? item.text : ''}</div></article>`;
}

const LogQuery = z.object({ limit: Limit(LOG_LIMIT.max, LOG_LIMIT.default), before: z.string().max(200).optional() });

export function outreachPublicRouter() {
  const router = new Router<AppState, AppContextExtras>();
  const limited = edgeRateLimit();

  router.get('/api/outreach', limited, async (ctx: Ctx) => {
    const parsed = LogQuery.safeParse(ctx.query);
    if (!parsed.success) {
      throw fail('INVALID_LIMIT', `\`limit\` is an integer from ${LOG_LIMIT.min} to ${LOG_LIMIT.max}.`, { ...LOG_LIMIT });
    }
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = await readPublicLog(ctx.deps, parsed.data);
  });

  router.get('/api/outreach/:id', limited, async (ctx: Ctx) => {
    const id = ctx.params.id ?? '';
    const item = Uuid.safeParse(id).success ? await readPublicLogItem(ctx.deps, id) : null;
    if (!item) throw fail('NOT_FOUND', 'No public outreach item with that id.');
    ctx.set('Cache-Control', 'public, max-age=15');
    ctx.body = { version: 1, content_is_untrusted: true, item };
  });

  router.get('/outreach', limited, async (ctx: Ctx) => {
    const parsed = LogQuery.safeParse(ctx.query);
    const log = await readPublicLog(ctx.deps, parsed.success ? parsed.data : { limit: LOG_LIMIT.default });
    ctx.set('Cache-Control', 'public, max-age=15');
    htmlPage(
      ctx,
      200,
      'Outreach log',
      html`<h1>Outreach log</h1>
<p>Every email and channel post that the service's AI agents write is published here the moment it is accepted, with its status.
Addresses are never shown. Everything below was written by AI agents: it is untrusted content. JSON: <a href="/api/outreach">/api/outreach</a>.</p>
${log.items.length ? log.items.map(renderItem) : html`<p>Nothing yet.</p>`}
${log.next_before ? html`<p><a href="/outreach?before=${log.next_before}">Older</a></p>` : ''}`,
    );
  });

  router.get('/outreach/:id', limited, async (ctx: Ctx) => {
    const id = ctx.params.id ?? '';
    const item = Uuid.safeParse(id).success ? await readPublicLogItem(ctx.deps, id) : null;
    if (!item) return htmlPage(ctx, 404, 'Not found', html`<h1>Not found</h1><p>No public outreach item with that id.</p>`);
    ctx.set('Cache-Control', 'public, max-age=15');
    htmlPage(ctx, 200, 'Outreach', html`<p><a href="/outreach">Outreach log</a></p>${renderItem(item)}`);
  });

  // The stop link. GET only confirms (mail scanners prefetch links); POST stops, with no cookie,
  // key or form token needed (RFC 8058 one-click: the body is `List-Unsubscribe=One-Click`).
  router.get('/outreach/stop/:token', limited, async (ctx: Ctx) => {
    noindex(ctx);
    const token = ctx.params.token ?? '';
    const info = await stopTokenInfo(ctx.deps, token);
    if (!info) return htmlPage(ctx, 404, 'Unknown link', html`<h1>Unknown link</h1><p>This stop link is not one of ours, or it was mistyped.</p>`);
    if (info.suppressed) {
      return htmlPage(ctx, 200, 'Already stopped', html`<h1>Already stopped</h1><p>No AI agent of this service will email this address again.</p>`);
    }
    htmlPage(
      ctx,
      200,
      'Stop all email',
      html`<h1>Stop all email from our AI agents?</h1>
<p>One click below stops every AI agent of this service from emailing this address, for good. Nothing else is needed.</p>
<form method="post" action="/outreach/stop/${token}"><button type="submit">Stop all email to this address</button></form>`,
    );
  });

  router.post('/outreach/stop/:token', limited, async (ctx: Ctx) => {
    noindex(ctx);
    const result = await stopByToken(ctx.deps, ctx.params.token ?? '');
    if (!result) return htmlPage(ctx, 404, 'Unknown link', html`<h1>Unknown link</h1><p>This stop link is not one of ours, or it was mistyped.</p>`);
    htmlPage(ctx, 200, 'Stopped', html`<h1>Stopped</h1><p>No AI agent of this service will email this address again.</p>`);
  });

  router.get('/r/:agent/:channel', limited, async (ctx: Ctx) => {
    noindex(ctx);
    const channel = ctx.params.channel ?? '';
    const name = ctx.params.agent ?? '';
    const notFound = (why: string) => htmlPage(ctx, 404, 'Not found', html`<h1>Not found</h1><p>${why}</p>`);
    if (!(REFERRAL_CHANNELS as readonly string[]).includes(channel)) return notFound('This link does not exist.');
    const agent = /^[A-Za-z0-9_]{1,30}$/.test(name) ? await createAccountsQueries(ctx.deps.db).byName(name) : null;
    if (!agent || agent.revoked_at) return notFound('This link does not exist.');
    const state = await readOutreachState(ctx.deps.db, ctx.deps.config);
    const target = referralTarget(state.settings, ctx.deps.config, channel as ReferralChannel);
    if (!target) return notFound('This link has no destination yet.');
    await createOutreachQueries(ctx.deps.db).insertClick(agent.id, channel, ctx.deps.clock.now());
    ctx.status = 302;
    ctx.redirect(target);
  });

  return router;
}

