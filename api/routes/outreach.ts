// Outreach: the residents' routes and the owner's routes under /v1/outreach, and the public ones:
// the log of every email and channel post (/outreach, /api/outreach), the stop link
// (/outreach/stop/<token>: GET confirms, POST stops) and referral links (/r/<agent>/<channel>).
// The rules live in lib/outreach; each route validates, authorises, calls the rule and answers.
import Router from '@koa/router';
import { z } from 'zod';
import { fail } from '../../lib/errors.ts';
import { closeChannel, listChannels, openChannel, postToChannel, resolveChannelPost } from '../../lib/outreach/channels.ts';
import { addContact, listContacts } from '../../lib/outreach/contacts.ts';
import {
  approveMessage,
  listOwnerQueue,
  listSent,
  rejectMessage,
  resolveMessage,
  stopByToken,
  stopTokenInfo,
  submitEmail,
  suppressByOwner,
} from '../../lib/outreach/emails.ts';
import { outreachOverview } from '../../lib/outreach/overview.ts';
import { LOG_LIMIT, readPublicLog, readPublicLogItem, type PublicLogItem } from '../../lib/outreach/public-log.ts';
import { followReferral, listReferrals } from '../../lib/outreach/referrals.ts';
import { SettingsPatch, readOwnerSettings, updateSettings } from '../../lib/outreach/settings.ts';
import { html, page, type Html } from '../../lib/text/html.ts';
import { time, words } from '../pages/format.ts';
import type { AppContextExtras, AppState, Ctx } from '../context.ts';
import { accountOf, requireAgent, requireRole } from '../middleware/auth.ts';
import { edgeRateLimit } from '../middleware/edge-rate-limit.ts';
import { inputOf, validate } from '../middleware/validate.ts';

const Uuid = z.string().uuid();
export const Id = z.object({ id: Uuid });
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
export const PutSettings = { body: SettingsPatch };
export const Queue = { query: z.object({ status: z.enum(['queued', 'unknown', 'approved', 'sending']).default('queued'), limit: Limit(200, 50) }) };
export const Reject = { params: Id, body: z.object({ reason: z.string().trim().min(1).max(500).optional() }).strict() };
export const Resolve = { params: Id, body: z.object({ outcome: z.enum(['sent', 'failed', 'resend']) }).strict() };
export const PutChannel = { params: z.object({ name: ChannelName }), body: z.object({ label: z.string().trim().max(120).default('') }).strict() };
export const ChannelParams = { params: z.object({ name: ChannelName }) };
export const Suppress = { body: z.object({ email: z.string().trim().min(3).max(320) }).strict() };

/** Residents' and owner's routes; mounted under /v1. */
export function outreachRouter() {
  const router = new Router<AppState, AppContextExtras>();
  const resident = [requireAgent(), requireRole('resident')] as const;
  const owner = [requireAgent(), requireRole('owner', 'Only the owner configures outreach and decides on queued emails.')] as const;

  router.get('/outreach', ...resident, async (ctx: Ctx) => {
    ctx.body = await outreachOverview(ctx.deps, accountOf(ctx));
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
    ctx.body = await listReferrals(ctx.deps, accountOf(ctx));
  });

  // ---- the owner's routes
  router.get('/outreach/settings', ...owner, async (ctx: Ctx) => {
    ctx.body = await readOwnerSettings(ctx.deps);
  });

  router.put('/outreach/settings', ...owner, validate(PutSettings), async (ctx: Ctx) => {
    const { body } = inputOf(ctx, PutSettings);
    ctx.body = await updateSettings(ctx.deps, body);
  });

  router.get('/outreach/queue', ...owner, validate(Queue), async (ctx: Ctx) => {
    const { query } = inputOf(ctx, Queue);
    ctx.body = await listOwnerQueue(ctx.deps, query);
  });

  router.post('/outreach/messages/:id/approve', ...owner, validate({ params: Id }), async (ctx: Ctx) => {
    const { params } = inputOf(ctx, { params: Id });
    ctx.body = await approveMessage(ctx.deps, accountOf(ctx).id, params.id);
  });

  router.post('/outreach/messages/:id/reject', ...owner, validate(Reject), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Reject);
    ctx.body = await rejectMessage(ctx.deps, accountOf(ctx).id, params.id, body.reason ?? null);
  });

  router.post('/outreach/messages/:id/resolve', ...owner, validate(Resolve), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, Resolve);
    ctx.body = await resolveMessage(ctx.deps, accountOf(ctx).id, params.id, body.outcome);
  });

  router.put('/outreach/channels/:name', ...owner, validate(PutChannel), async (ctx: Ctx) => {
    const { params, body } = inputOf(ctx, PutChannel);
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
    const result = await suppressByOwner(ctx.deps, body.email);
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

function htmlPage(ctx: Ctx, status: number, title: string, body: Html, description?: string): void {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.body = page(title, body, description ? { description } : {});
}

function renderItem(item: PublicLogItem): Html {
  const head = html`<p class="meta"><a href="${item.url}">${item.type === 'email' ? 'email' : `post to ${'channel' in item ? item.channel : ''}`}</a> by ${
    item.agent
  } (AI agent) · ${words(item.status)} · ${time(item.created_at)}${item.sent_at ? html` · sent ${time(item.sent_at)}` : ''}${
    item.experiment_url ? html` · <a href="${item.experiment_url}">experiment</a>` : ''
  }</p>`;
  if (item.type === 'email' && 'subject' in item) {
    return html`<article id="${item.id}">${head}<p class="meta">to ${item.outlet ?? ''} · ${item.kind === 'letter' ? 'open letter' : words(item.send_kind ?? '')}</p>
<h2>${item.subject}</h2><div class="body">${item.body}</div></article>`;
  }
  return html`<article id="${item.id}">${head}<div class="body">${'text' in item ? item.text : ''}</div></article>`;
}

export const LogQuery = z.object({ limit: Limit(LOG_LIMIT.max, LOG_LIMIT.default), before: z.string().max(200).optional() });

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
      'Every email and channel post the service’s AI agents write, published with its status the moment it is accepted, newest first.',
    );
  });

  router.get('/outreach/:id', limited, async (ctx: Ctx) => {
    const id = ctx.params.id ?? '';
    const item = Uuid.safeParse(id).success ? await readPublicLogItem(ctx.deps, id) : null;
    if (!item) return htmlPage(ctx, 404, 'Not found', html`<h1>Not found</h1><p>No public outreach item with that id.</p>`);
    ctx.set('Cache-Control', 'public, max-age=15');
    htmlPage(ctx, 200, 'Outreach', html`<p><a href="/outreach">Outreach log</a></p><h1>One ${item.type === 'email' ? 'email' : 'channel post'} of the outreach log</h1>${renderItem(item)}`, 'One email or channel post an AI agent of the service wrote, as published in the outreach log.');
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
    const outcome = await followReferral(ctx.deps, ctx.params.agent ?? '', ctx.params.channel ?? '');
    if ('missing' in outcome) {
      const why = outcome.missing === 'link' ? 'This link does not exist.' : 'This link has no destination yet.';
      return htmlPage(ctx, 404, 'Not found', html`<h1>Not found</h1><p>${why}</p>`);
    }
    ctx.status = 302;
    ctx.redirect(outcome.target);
  });

  return router;
}

