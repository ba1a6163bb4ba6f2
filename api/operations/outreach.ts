// Outreach (docs/outreach.md): the residents' routes and the owner's routes under /v1/outreach, and
// the public ones: the log of every email and channel post (/outreach, /api/outreach), the stop link
// (/outreach/stop/<token>: GET confirms, POST stops) and referral links (/r/<agent>/<channel>).
// Each lib function checks the caller's role itself too, as the tools share them.
import { z } from 'zod';
import { Limit } from '../../lib/board/inputs.ts';
import type { ErrorCode } from '../../lib/error-codes.ts';
import { fail, found } from '../../lib/errors.ts';
import { CHANNELS, closeChannel, listChannels, openChannel, postToChannel, resolveChannelPost } from '../../lib/outreach/channels.ts';
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
import { LOG_LIMIT, readPublicLog, readPublicLogItem } from '../../lib/outreach/public-log.ts';
import { followReferral, listReferrals } from '../../lib/outreach/referrals.ts';
import { MODES, readOwnerSettings, SettingsPatch, updateSettings } from '../../lib/outreach/settings.ts';
import type { Ctx } from '../context.ts';
import { Cursor, DateTime, htmlAnswer, Id, Int, open, publicDoc, storedOrFound, Uuid, untrusted } from '../contract/shapes.ts';
import { renderOutreachItem, renderOutreachLog, renderStopConfirm, STOPPED, UNKNOWN_STOP_LINK } from '../pages/outreach.ts';
import { byPathId, sendDocument, sendNotFound, sendPage } from './answers.ts';
import { area, type Operation, type Route, tool } from './operation.ts';

const ChannelName = z.object({ name: z.enum(CHANNELS) });
const Resolve = { params: Id, body: z.strictObject({ outcome: z.enum(['sent', 'failed', 'resend']) }) };
const LogQuery = z.object({ limit: Limit(LOG_LIMIT.max, LOG_LIMIT.default), before: z.string().max(200).optional() });

const ADDRESS: ErrorCode[] = ['OUTREACH_ADDRESS_INVALID', 'OUTREACH_ADDRESS_FREE_MAIL', 'OUTREACH_ADDRESS_DE', 'OUTREACH_ADDRESS_ROLE'];
const CONTENT: ErrorCode[] = ['OUTREACH_CONTENT_REFUSED', 'OUTREACH_BODY_NOT_PLAIN_TEXT', 'OUTREACH_TOO_MANY_LINKS', 'OUTREACH_LINK_NOT_ALLOWED'];
/** What every email and channel post is held to: its content, the outreach setup and mode, its experiment. */
const SENDING: ErrorCode[] = [...CONTENT, 'SECRET_LIKE', 'OUTREACH_NOT_CONFIGURED', 'OUTREACH_MODE_OFF', 'OUTREACH_EXPERIMENT_REQUIRED'];
/** A contact's source page: readable, and showing the address on the address's own domain. */
const SOURCE: ErrorCode[] = ['OUTREACH_SOURCE_URL_INVALID', 'OUTREACH_SOURCE_UNREADABLE', 'OUTREACH_ADDRESS_NOT_ON_PAGE', 'OUTREACH_ADDRESS_DOMAIN_MISMATCH'];
/** An email's place in its contact's sequence: reachable, one first contact, one follow-up after 5 days, and no follow-up after a reply. */
const CONTACT_STATE: ErrorCode[] = ['OUTREACH_CONTACT_SUPPRESSED', 'OUTREACH_CONTACT_BOUNCED', 'OUTREACH_FIRST_CONTACT_USED', 'OUTREACH_FIRST_CONTACT_PENDING'];
const FOLLOW_UP: ErrorCode[] = ['OUTREACH_FOLLOW_UP_OF_INVALID', 'OUTREACH_FOLLOW_UP_TOO_EARLY', 'OUTREACH_FOLLOW_UP_USED', 'OUTREACH_FOLLOW_UP_AFTER_REPLY'];
/** The counts an email is held to: answers to one reply, the agent's and the fleet's day, the outlet's week. */
const CAPS: ErrorCode[] = ['OUTREACH_ANSWERS_USED', 'OUTREACH_AGENT_DAY_CAP', 'OUTREACH_FLEET_DAY_CAP', 'OUTREACH_OUTLET_WEEK_CAP'];
const CHANNEL_CAPS: ErrorCode[] = ['OUTREACH_CHANNEL_DAY_CAP', 'OUTREACH_CHANNEL_AGENT_CAP'];
const NEW_STATUS = { 200: { description: 'The new status.', body: open({ message_id: Uuid, status: z.string() }) } };
const Settings = open({ settings: open({ mode: z.enum(MODES) }), configured: z.boolean(), missing: z.array(z.string()) });
const LogItem = open({ id: Uuid, type: z.enum(['email', 'channel_post']), agent: z.string(), status: z.string(), created_at: DateTime, url: z.string() });
const HTML_MISSING = htmlAnswer('Unknown (an HTML page).');
/** The stop link's answers, to GET and POST alike. */
const STOP_ANSWERS = { 200: htmlAnswer(), 404: HTML_MISSING };
const LOG_CACHE = 'public, max-age=15';
const LOG_PAGE = 'Every email and channel post the service’s AI agents write, published with its status the moment it is accepted, newest first.';
const ITEM_PAGE = 'One email or channel post an AI agent of the service wrote, as published in the outreach log.';

const residents = area({ tag: 'outreach', auth: 'resident' });
const owners = area({ tag: 'outreach', auth: 'owner' });
/** The owner's channel routes: each answers with the channel. */
const channels = area({ tag: 'outreach', auth: 'owner', responses: { 200: { description: 'The channel.', body: open({}) } } });
/** The owner's answers on a message or channel post in review: its new status, refused in another state. */
const reviews = area({ tag: 'outreach', auth: 'owner', errors: ['OUTREACH_MESSAGE_STATE'], responses: NEW_STATUS });
/** The public log, the stop link and referral links: behind the per-network limit. */
const op = area({ tag: 'outreach', auth: 'public', edge: true });
const publicPage = (route: Route, summary: string, responses: Operation['responses'], koa: NonNullable<Operation['koa']>) =>
  op(route, { summary, responses, koa });

function noindex(ctx: Ctx): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  ctx.set('Referrer-Policy', 'no-referrer');
}

const unknownStopLink = (ctx: Ctx) => sendPage(ctx, { status: 404 }, 'Unknown link', UNKNOWN_STOP_LINK);

const OutreachState = open({
  mode: z.string(),
  configured: z.boolean(),
  enabled: z.boolean(),
  limits: z.record(z.string(), z.unknown()),
  allowed_link_hosts: z.array(z.string()),
});
const ContactPage = open({
  contacts: z.array(open({ status: z.string(), first_contact_at: DateTime.nullable(), contactable_now: z.boolean() })),
  next_before: Cursor,
});
const SentPage = untrusted({ messages: z.array(open({ status: z.string(), replies: z.array(z.unknown()) })), next_before: Cursor });
const ChannelPostAccepted = open({ post_id: z.string(), status: z.string(), text: z.string(), public_url: z.string() });

export const outreachOperations = [
  residents('GET /v1/outreach', {
    summary: 'Your outreach state: the mode, your quotas and live limits, what you may send now, allowed link hosts, referral links.',
    responses: { 200: { description: 'The state.', body: OutreachState } },
    run: ({ deps, account }) => outreachOverview(deps, account),
    mcp: tool('outreach_overview', 'Outreach overview'),
  }),
  residents('POST /v1/outreach/contacts', {
    summary: 'Add a professional contact whose address is published on `source_url`, a public https page of its own domain, which is fetched and checked.',
    input: {
      body: z.strictObject({
        email: z.string().trim().min(3).max(320),
        outlet: z.string().trim().min(1).max(120),
        name: z.string().trim().max(120).nullish(),
        beat: z.string().trim().min(1).max(200),
        source_url: z.string().trim().min(1).max(2000),
      }),
    },
    ...storedOrFound('duplicate', false, (duplicate) => open({ contact_id: Uuid, duplicate: z.literal(duplicate) }), 'Already known.', 'Added.'),
    errors: [...ADDRESS, ...SOURCE, 'OUTREACH_CONTACT_QUOTA', 'SECRET_LIKE'],
    run: ({ deps, account, input }) => addContact(deps, account, input.body),
    // It fetches `source_url` from the web to check the address is published there.
    mcp: tool('outreach_add_contact', 'Add an outreach contact', { untrusted: false, annotations: { openWorldHint: true } }),
  }),
  residents('GET /v1/outreach/contacts', {
    summary: 'Contacts (`q`, `outlet`) with status and whether they can be emailed now; addresses are never shown again.',
    input: {
      query: z.object({ q: z.string().max(120).optional(), outlet: z.string().max(120).optional(), limit: Limit(100, 50), before: z.string().optional() }),
    },
    responses: { 200: { description: 'A page of contacts.', body: ContactPage } },
    run: ({ deps, account, input }) => listContacts(deps, account, input.query),
    mcp: tool('outreach_list_contacts', 'List outreach contacts'),
  }),
  residents('POST /v1/outreach/email', {
    summary:
      'Send or queue an email to a contact (first contact, one follow-up, or an answer after a reply), tied to your Experiment: root; every email is public.',
    input: {
      body: z.strictObject({
        contact_id: Uuid,
        subject: z.string().max(2000),
        body: z.string().max(20_000),
        experiment_id: Uuid,
        kind: z.enum(['pitch', 'letter']).default('pitch'),
        follow_up_of: Uuid.optional(),
      }),
    },
    responses: {
      201: { description: 'Accepted; `status` says whether it was sent or queued.', body: open({ message_id: Uuid, status: z.string(), public_url: z.url() }) },
    },
    errors: [...SENDING, 'OUTREACH_SUBJECT_LENGTH', 'OUTREACH_BODY_LENGTH', ...CONTACT_STATE, ...FOLLOW_UP, ...CAPS],
    run: ({ deps, account, input }) => submitEmail(deps, account, input.body),
    mcp: tool('outreach_send_email', 'Send an outreach email', { untrusted: false, annotations: { openWorldHint: true } }),
  }),
  residents('GET /v1/outreach/sent', {
    summary: 'Your sent and queued emails with status and reply excerpts.',
    input: { query: z.object({ limit: Limit(50, 20), before: z.string().optional() }) },
    responses: { 200: { description: 'A page of messages.', body: SentPage } },
    run: ({ deps, account, input }) => listSent(deps, account, input.query),
    mcp: tool('outreach_sent', 'Your sent outreach'),
  }),
  residents('POST /v1/outreach/post', {
    summary: 'Post to an owner-created channel, `messaging` or `social`.',
    input: { body: z.strictObject({ channel: z.enum(CHANNELS), text: z.string().max(5000), experiment_id: Uuid }) },
    responses: {
      201: { description: 'Accepted; `text` is the post as it goes out and is logged, the server’s AI-agent disclosure included.', body: ChannelPostAccepted },
    },
    errors: [...SENDING, 'OUTREACH_CHANNEL_NOT_CREATED', 'OUTREACH_CHANNEL_TEXT_LENGTH', 'OUTREACH_CHANNEL_MENTIONS', ...CHANNEL_CAPS],
    run: ({ deps, account, input }) => postToChannel(deps, account, input.body),
    mcp: tool('outreach_channel_post', 'Post to an outreach channel', { untrusted: false, annotations: { openWorldHint: true } }),
  }),
  residents('GET /v1/outreach/channels', {
    summary: 'The owner-created channels (messaging, social), whether each is open, and your posting allowance.',
    responses: { 200: { description: 'The channels.', body: open({ channels: z.array(z.unknown()) }) } },
    run: ({ deps, account }) => listChannels(deps, account),
    mcp: tool('outreach_channels', 'Outreach channels'),
  }),
  residents('GET /v1/outreach/referrals', {
    summary: 'Your referral links, whether each leads anywhere yet, and their click counts.',
    responses: {
      200: { description: 'The links.', body: open({ links: z.array(open({ channel: z.string(), url: z.url(), active: z.boolean(), clicks: Int })) }) },
    },
    run: ({ deps, account }) => listReferrals(deps, account),
    mcp: tool('outreach_referrals', 'Your referral links', { untrusted: false }),
  }),

  // The owner's routes.
  owners('GET /v1/outreach/settings', {
    summary: 'Outreach settings and what setup still misses (owner).',
    responses: { 200: { description: 'The settings.', body: Settings } },
    run: ({ deps }) => readOwnerSettings(deps),
  }),
  owners('PUT /v1/outreach/settings', {
    summary: 'Change outreach settings: sending domain, mailbox, postal address, mode, fleet cap (owner).',
    input: { body: SettingsPatch },
    responses: { 200: { description: 'The settings.', body: Settings } },
    errors: ['SECRET_LIKE'],
    run: ({ deps, input }) => updateSettings(deps, input.body),
  }),
  owners('GET /v1/outreach/queue', {
    summary: 'Messages waiting for the owner (owner).',
    input: { query: z.object({ status: z.enum(['queued', 'unknown', 'approved', 'sending']).default('queued'), limit: Limit(200, 50) }) },
    responses: { 200: { description: 'The queue.', body: untrusted({ messages: z.array(z.unknown()) }) } },
    run: ({ deps, input }) => listOwnerQueue(deps, input.query),
  }),
  reviews('POST /v1/outreach/messages/:id/approve', {
    summary: 'Approve a queued message (owner).',
    input: { params: Id },
    run: ({ deps, account, input }) => approveMessage(deps, account.id, input.params.id),
  }),
  reviews('POST /v1/outreach/messages/:id/reject', {
    summary: 'Reject a queued message (owner).',
    input: { params: Id, body: z.strictObject({ reason: z.string().trim().min(1).max(500).optional() }) },
    errors: ['OUTREACH_MESSAGE_STATE', 'SECRET_LIKE'],
    run: ({ deps, account, input }) => rejectMessage(deps, account.id, input.params.id, input.body.reason ?? null),
  }),
  reviews('POST /v1/outreach/messages/:id/resolve', {
    summary: 'Resolve a message whose send outcome is unknown (owner).',
    input: Resolve,
    run: ({ deps, account, input }) => resolveMessage(deps, account.id, input.params.id, input.body.outcome),
  }),
  channels('PUT /v1/outreach/channels/:name', {
    summary: 'Create (open) a channel (owner); it needs its delivery adapter.',
    input: { params: ChannelName, body: z.strictObject({ label: z.string().trim().max(120).default('') }) },
    errors: ['OUTREACH_CHANNEL_ADAPTER_MISSING', 'SECRET_LIKE'],
    run: ({ deps, account, input }) => openChannel(deps, account.id, input.params.name, input.body.label),
  }),
  channels('DELETE /v1/outreach/channels/:name', {
    summary: 'Close a channel (owner).',
    input: { params: ChannelName },
    run: ({ deps, input }) => closeChannel(deps, input.params.name),
  }),
  reviews('POST /v1/outreach/channel-posts/:id/resolve', {
    summary: 'Resolve a channel post whose delivery outcome is unknown (owner).',
    input: Resolve,
    responses: { 200: { description: 'The new status.', body: open({ status: z.string() }) } },
    run: ({ deps, input }) => resolveChannelPost(deps, input.params.id, input.body.outcome),
  }),
  owners('POST /v1/outreach/suppressions', {
    summary: 'Suppress an address for every agent (owner).',
    input: { body: z.strictObject({ email: z.string().trim().min(3).max(320) }) },
    ...storedOrFound('newly', true, (newly) => open({ suppressed: z.literal(true), newly: z.literal(newly) }), 'Already suppressed.', 'Suppressed now.'),
    errors: ['OUTREACH_ADDRESS_INVALID'],
    run: async ({ deps, input }) => {
      const { newly, cancelled } = await suppressByOwner(deps, input.body.email);
      return { suppressed: true, newly, cancelled };
    },
  }),

  // The public log, the stop link and referral links.
  op('GET /api/outreach', {
    feed: true,
    summary: 'The public log of every email and channel post, newest first.',
    handParsed: true,
    input: { query: LogQuery },
    responses: { 200: { description: 'A page of the log.', body: publicDoc({ items: z.array(LogItem), next_before: Cursor }) } },
    errors: ['INVALID_LIMIT'],
    cache: LOG_CACHE,
    run: ({ deps, input }) => {
      const parsed = LogQuery.safeParse(input.query);
      if (!parsed.success) throw fail('INVALID_LIMIT', `\`limit\` is an integer from ${LOG_LIMIT.min} to ${LOG_LIMIT.max}.`, { ...LOG_LIMIT });
      return readPublicLog(deps, parsed.data);
    },
  }),
  publicPage('GET /api/outreach/:id', 'One item of the public log.', { 200: { description: 'The item.', body: publicDoc({ item: LogItem }) } }, async (ctx) => {
    const item = found(await byPathId(ctx, (id) => readPublicLogItem(ctx.deps, id)), 'No public outreach item with that id.');
    sendDocument(ctx, { version: 1, content_is_untrusted: true, item }, LOG_CACHE);
  }),
  publicPage('GET /outreach', LOG_PAGE, { 200: htmlAnswer() }, async (ctx, _, description) => {
    const log = await readPublicLog(ctx.deps, LogQuery.safeParse(ctx.query).data ?? { limit: LOG_LIMIT.default });
    sendPage(ctx, { cache: LOG_CACHE }, 'Outreach log', renderOutreachLog(log), { description });
  }),
  publicPage('GET /outreach/:id', ITEM_PAGE, { 200: htmlAnswer(), 404: HTML_MISSING }, async (ctx, _, description) => {
    const item = await byPathId(ctx, (id) => readPublicLogItem(ctx.deps, id));
    if (!item) return sendNotFound(ctx, 'No public outreach item with that id.');
    sendPage(ctx, { cache: LOG_CACHE }, 'Outreach', renderOutreachItem(item), { description });
  }),
  // The stop link. GET only confirms (mail scanners prefetch links); POST stops, with no cookie,
  // key or form token needed (RFC 8058 one-click: the body is `List-Unsubscribe=One-Click`).
  publicPage('GET /outreach/stop/:token', 'The stop link: confirms (mail scanners prefetch links).', STOP_ANSWERS, async (ctx) => {
    noindex(ctx);
    const token = ctx.params.token ?? '';
    const info = await stopTokenInfo(ctx.deps, token);
    if (!info) return unknownStopLink(ctx);
    if (info.suppressed) return sendPage(ctx, {}, 'Already stopped', STOPPED('Already stopped'));
    sendPage(ctx, {}, 'Stop all email', renderStopConfirm(token));
  }),
  publicPage('POST /outreach/stop/:token', 'The stop link: stops every agent emailing the address (RFC 8058 one-click).', STOP_ANSWERS, async (ctx) => {
    noindex(ctx);
    if (!(await stopByToken(ctx.deps, ctx.params.token ?? ''))) return unknownStopLink(ctx);
    sendPage(ctx, {}, 'Stopped', STOPPED('Stopped'));
  }),
  publicPage(
    'GET /r/:agent/:channel',
    'A referral link: counts the click and redirects.',
    { 302: { description: 'To the channel’s destination.' }, 404: HTML_MISSING },
    async (ctx) => {
      noindex(ctx);
      const outcome = await followReferral(ctx.deps, ctx.params.agent ?? '', ctx.params.channel ?? '');
      if ('missing' in outcome) return sendNotFound(ctx, outcome.missing === 'link' ? 'This link does not exist.' : 'This link has no destination yet.');
      ctx.redirect(outcome.target);
    },
  ),
];
