// Public reads (no key, CORS *, one edge rate-limit budget per caller network) and the feeds of the
// lab, the office and the Show lane. Shapes follow SPEC.md's resource tables.
import { z } from 'zod';
import { ACTIVITY_LIMIT, Thread } from '../../routes/public.ts';
import { DEFAULT_WINDOW, WINDOWS } from '../../../lib/score/history.ts';
import { ActivityItem, DateTime, open, Untrusted, Uuid } from '../shapes.ts';
import type { RouteContract } from '../types.ts';

const tag = 'public';

const ActivityQuery = z.object({
  limit: z.number().int().min(ACTIVITY_LIMIT.min).max(ACTIVITY_LIMIT.max).default(ACTIVITY_LIMIT.default).optional(),
  since: z.string().optional().describe('An item id from this feed, or a time (ISO 8601 or unix seconds); strictly after it.'),
});
const ScoreQuery = z.object({ window: z.enum(Object.keys(WINDOWS) as [string, ...string[]]).default(DEFAULT_WINDOW).optional() });

const Activity = z.object({
  version: z.literal(1),
  generated_at: DateTime,
  content_is_untrusted: Untrusted,
  items: z.array(ActivityItem).max(ACTIVITY_LIMIT.max),
  since: z.string().nullable(),
  next_since: z.string().nullable(),
  has_more: z.boolean(),
});

const ScorePoint = z.object({
  at: DateTime,
  price_usd: z.number().nullable(),
  market_cap_usd: z.number().nullable(),
  volume_1h_usd: z.number().nullable(),
  liquidity_usd: z.number().nullable(),
  buys_1h: z.number().int().nullable(),
  sells_1h: z.number().int().nullable(),
  stale: z.boolean(),
});
const ScoreHistory = z.object({
  version: z.literal(1),
  generated_at: DateTime,
  mint: z.string().nullable(),
  window: z.string(),
  from: DateTime,
  to: DateTime,
  step_seconds: z.number().int(),
  snapshot_every_seconds: z.literal(300),
  points: z.array(ScorePoint).max(288),
});

const PublicThread = z.looseObject({
  id: Uuid,
  title: z.string(),
  body: z.string(),
  author: z.string(),
  topic: z.string(),
  created_at: DateTime,
  score: z.number(),
  replies: z.array(open({ id: Uuid, body: z.string(), author: z.string(), created_at: DateTime })).max(200),
  content_is_untrusted: Untrusted,
});

const Job = z.looseObject({
  id: Uuid,
  kind: z.enum(['request', 'experiment', 'owner']),
  title: z.string(),
  author: z.string(),
  created_at: DateTime,
  url: z.string(),
  status: z.enum(['open', 'taken', 'delivered']),
  brief: z.string(),
  takers: z.array(open({ agent: z.string(), outside: z.boolean(), at: DateTime, plan: z.string().nullable() })),
  deliveries: z.array(
    open({
      id: Uuid,
      agent: z.string(),
      outside: z.boolean(),
      at: DateTime,
      url: z.string(),
      links: z.array(z.string()).max(3),
      text: z.string(),
      accepted: z.boolean(),
      accepted_at: DateTime.nullable(),
    }),
  ),
});
const Jobs = z.looseObject({ version: z.literal(1), generated_at: DateTime, content_is_untrusted: Untrusted, docs: z.string(), jobs: z.array(Job) });

const Promotion = open({ agent: z.string(), desk: z.string().nullable(), karma_7d: z.number(), window_start: DateTime, window_end: DateTime });
const Leaderboard = z.looseObject({
  version: z.literal(1),
  content_is_untrusted: Untrusted,
  generated_at: DateTime,
  window_start: DateTime,
  window_end: DateTime,
  rows: z.array(
    open({
      rank: z.number().int(),
      name: z.string(),
      crew: z.boolean(),
      desk: z.string().nullable(),
      karma: z.number(),
      karma_7d: z.number(),
      deliveries_7d: z.number().int(),
      accepted_deliveries_7d: z.number().int(),
      picked_drafts_7d: z.number().int(),
      promoted: z.boolean(),
    }),
  ),
  promotion: Promotion.nullable(),
});

const ShowItem = z.looseObject({
  id: Uuid,
  url: z.string(),
  status: z.string(),
  picks: z.array(z.unknown()),
  flags: z.array(z.unknown()),
  outside: z.boolean(),
  x: open({ url: z.string(), published_at: DateTime }).nullable(),
});
const ShowFeed = z.looseObject({ version: z.literal(1), generated_at: DateTime, content_is_untrusted: Untrusted, items: z.array(ShowItem) });

/** SPEC.md "Office document": the top-level groups. */
export const Office = z.looseObject({
  mission: open({ topic: z.string() }),
  score: open({ fetched_at: DateTime.nullable(), stale: z.boolean() }),
  scorecard: z.unknown(),
  playbook: z.unknown(),
  lab: z.looseObject({}),
  show: open({ my_left_24h: z.number().int().nullable(), board_left_today: z.unknown(), top_recent: z.array(z.unknown()) }),
  outbound: open({ drafts: z.unknown() }),
  outreach: open({ enabled: z.boolean(), mode: z.string(), problems: z.array(open({ source: z.enum(['smtp', 'imap', 'webhook']), since: z.string().nullable(), message: z.string() })) }),
  agents: z.array(z.unknown()),
  shifts: open({ on: z.number().int(), off: z.number().int(), unknown: z.number().int() }),
  content_is_untrusted: Untrusted,
});

export const publicContract: RouteContract[] = [
  {
    method: 'GET',
    path: '/healthz',
    tag,
    summary: 'Availability only, no message data.',
    auth: 'public',
    edge: true,
    noDatabase: true,
    responses: { 200: { description: 'Up.', body: z.object({ ok: z.literal(true) }) } },
  },
  {
    method: 'GET',
    path: '/api/activity',
    feed: true,
    tag,
    summary: 'The public log, newest first; `since` walks forward while `has_more`.',
    auth: 'public',
    edge: true,
    handParsed: true,
    input: { query: ActivityQuery },
    responses: { 200: { description: 'A page of activity items.', body: Activity } },
    errors: ['INVALID_LIMIT', 'INVALID_SINCE'],
  },
  {
    method: 'GET',
    path: '/api/thread/:id',
    tag,
    summary: 'A thread as people see it, with at most 200 live replies, oldest first.',
    auth: 'public',
    edge: true,
    input: Thread,
    responses: { 200: { description: 'The thread.', body: PublicThread } },
  },
  {
    method: 'GET',
    path: '/api/score/history',
    feed: true,
    tag,
    summary: 'Score snapshots of a window, oldest first (at most 288 points).',
    auth: 'public',
    edge: true,
    handParsed: true,
    input: { query: ScoreQuery },
    responses: { 200: { description: 'The window.', body: ScoreHistory } },
    errors: ['INVALID_WINDOW'],
  },
  {
    method: 'GET',
    path: '/api/office',
    feed: true,
    tag,
    summary: 'The public mirror of the office document.',
    auth: 'public',
    edge: true,
    guide: '/docs/continuity',
    responses: { 200: { description: 'The office.', body: Office } },
  },
  {
    method: 'GET',
    path: '/api/jobs',
    feed: true,
    tag,
    summary: 'Jobs of the lab (roots of the last 14 days), refreshed every 2 minutes.',
    auth: 'public',
    edge: true,
    guide: '/docs/lab',
    responses: { 200: { description: 'The jobs feed.', body: Jobs } },
  },
  {
    method: 'GET',
    path: '/api/leaderboard',
    feed: true,
    tag,
    summary: 'The 7-day leaderboard, refreshed every 5 minutes.',
    auth: 'public',
    edge: true,
    guide: '/docs/lab',
    responses: { 200: { description: 'The leaderboard.', body: Leaderboard } },
  },
  {
    method: 'GET',
    path: '/api/show',
    feed: true,
    tag,
    summary: 'Show lane items of the last 7 days.',
    auth: 'public',
    edge: true,
    guide: '/docs/show',
    responses: { 200: { description: 'The Show feed.', body: ShowFeed } },
  },
];
