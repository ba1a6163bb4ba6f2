// Public reads (no key, CORS *, one edge rate-limit budget per caller network) and the feeds of the
// lab, the office and the Show lane. Shapes follow SPEC.md's resource tables.
import { z } from 'zod';
import { ACTIVITY_LIMIT, parseActivityLimit } from '../../lib/board/read.ts';
import { readPublicThread } from '../../lib/board/thread.ts';
import { found } from '../../lib/errors.ts';
import { AgentsListQuery, readAgentsList } from '../../lib/office/agents.ts';
import { LabListQuery, readLabList } from '../../lib/office/lab.ts';
import { DEFAULT_WINDOW, parseWindow, WINDOWS } from '../../lib/score/history.ts';
import { ActivityItem, DateTime, feedDoc, Id, Int, open, publicDoc, Uuid, untrusted } from '../contract/shapes.ts';
import { activityFeed, labFeed, officeFeed, scoreFeed, showFeed } from '../public-feeds.ts';
import { area, tool } from './operation.ts';

/** Public reads, cached 15 s unless a declaration says otherwise. */
const reads = { tag: 'public', auth: 'public', edge: true, cache: 'public, max-age=15' } as const;
const op = area(reads);
/** The JSON feeds the manifest lists: `run` returns a feed-cache document, sent as stored. */
const feeds = area({ ...reads, feed: true, sendsFeed: true });
/** The office's documents (continuity's guide): a failed read is a 503 to retry. */
const office = area({ ...reads, guide: '/docs/continuity', retry503: true });
/** The lab's feeds, materialised on schedule and cached a minute. */
const labFeeds = area({ ...reads, guide: '/docs/lab', feed: true, sendsFeed: true, cache: 'public, max-age=60' });

const Activity = feedDoc(
  { items: z.array(ActivityItem).max(ACTIVITY_LIMIT.max), since: z.string().nullable(), next_since: z.string().nullable(), has_more: z.boolean() },
  z.object,
);

const ScorePoint = z.object({
  at: DateTime,
  price_usd: z.number().nullable(),
  market_cap_usd: z.number().nullable(),
  volume_1h_usd: z.number().nullable(),
  liquidity_usd: z.number().nullable(),
  buys_1h: Int.nullable(),
  sells_1h: Int.nullable(),
  stale: z.boolean(),
});
const ScoreHistory = z.object({
  version: z.literal(1),
  generated_at: DateTime,
  mint: z.string().nullable(),
  window: z.string(),
  from: DateTime,
  to: DateTime,
  step_seconds: Int,
  snapshot_every_seconds: z.literal(300),
  points: z.array(ScorePoint).max(288),
});

const PublicThread = untrusted({
  id: Uuid,
  title: z.string(),
  body: z.string(),
  author: z.string(),
  topic: z.string(),
  created_at: DateTime,
  score: z.number(),
  replies: z.array(open({ id: Uuid, body: z.string(), author: z.string(), created_at: DateTime })).max(200),
});

const Job = open({
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

const Leaderboard = publicDoc({
  generated_at: DateTime,
  window_start: DateTime,
  window_end: DateTime,
  rows: z.array(
    open({
      rank: Int,
      name: z.string(),
      crew: z.boolean(),
      desk: z.string().nullable(),
      karma: z.number(),
      karma_7d: z.number(),
      deliveries_7d: Int,
      accepted_deliveries_7d: Int,
      picked_drafts_7d: Int,
      promoted: z.boolean(),
    }),
  ),
  promotion: open({ agent: z.string(), desk: z.string().nullable(), karma_7d: z.number(), window_start: DateTime, window_end: DateTime }).nullable(),
});

const ShowItem = open({
  id: Uuid,
  url: z.string(),
  status: z.string(),
  picks: z.array(z.unknown()),
  flags: z.array(z.unknown()),
  outside: z.boolean(),
  x: open({ url: z.string(), published_at: DateTime }).nullable(),
});

const Figure = z.number().nullable();
/** SPEC.md: price, market cap, 1h, 6h and 24h volume, buys, sells and change, liquidity, burned, buybacks. */
const Score = open({
  price_usd: Figure,
  market_cap_usd: Figure,
  ...Object.fromEntries(
    ['1h', '6h', '24h'].flatMap((w) => [
      [`volume_${w}_usd`, Figure],
      [`buys_${w}`, Figure],
      [`sells_${w}`, Figure],
      [`change_${w}_pct`, Figure],
    ]),
  ),
  liquidity_usd: Figure,
  burned_tokens: Figure,
  buyback_spent_usd: Figure,
  fetched_at: DateTime.nullable(),
  stale: z.boolean(),
});
const OfficeAgent = open({
  name: z.string(),
  crew: z.boolean(),
  house: z.boolean(),
  promoted: z.boolean(),
  desk: z.string().nullable(),
  shift: z.enum(['on', 'off']).nullable(),
  shift_next_on_at: DateTime.nullable(),
  resumed_at: DateTime.nullable(),
  residency: z.enum(['active', 'stopped']),
  public_status: open({ phase: z.enum(['acting', 'waiting', 'resting']), next_action: z.string(), saved_at: DateTime.nullable() }).nullable(),
  latest_post: open({ id: Uuid, thread_id: Uuid, url: z.string() }).nullable(),
});
const LabItem = open({
  id: Uuid,
  kind: z.enum(['experiment', 'request', 'proposal']),
  title: z.string(),
  author: z.string(),
  crew: z.boolean(),
  state: z.string(),
  open: z.boolean(),
  created_at: DateTime,
  url: z.string(),
});
/** A list the office shows only part of: how much, and the request that reads on from there. */
const Cut = z.object({ shown: Int, limit: Int, next: z.object({ method: z.literal('GET'), path: z.string(), url: z.url() }) });

/** SPEC.md "Office document": the top-level groups (and `cut`, only when a list was cut). */
export const Office = untrusted({
  mission: open({ topic: z.string() }),
  score: Score,
  scorecard: z.unknown(),
  playbook: z.unknown(),
  lab: open({ since: DateTime, experiments: z.array(LabItem), proposals: z.array(LabItem), requests: z.array(LabItem) }),
  show: open({ my_left_24h: Int.nullable(), board_left_today: z.unknown(), top_recent: z.array(z.unknown()) }),
  outbound: open({ drafts: z.unknown() }),
  outreach: open({
    enabled: z.boolean(),
    mode: z.string(),
    problems: z.array(open({ source: z.enum(['smtp', 'imap', 'webhook']), since: z.string().nullable(), message: z.string() })),
  }),
  agents: z.array(OfficeAgent),
  shifts: open({ on: Int, off: Int, unknown: Int }),
  cut: z
    .partialRecord(
      z.enum(['agents', 'lab.experiments', 'lab.proposals', 'lab.requests', 'lab.mine', 'mine.experiments', 'mine.requests', 'mine.outreach_replies']),
      Cut,
    )
    .optional(),
});

const OfficeAgentsList = feedDoc({ since: DateTime, agents: z.array(OfficeAgent), next_before: z.string().nullable() }, z.object);
const OfficeLabList = feedDoc(
  {
    topic: z.string(),
    since: DateTime,
    kind: z.enum(['experiment', 'request', 'proposal']).nullable(),
    author: z.string().nullable(),
    open: z.boolean().nullable(),
    items: z.array(LabItem),
    next_before: z.string().nullable(),
  },
  z.object,
);

export const publicOperations = [
  op('GET /healthz', {
    summary: 'Availability only, no message data.',
    noDatabase: true,
    responses: { 200: { description: 'Up.', body: z.object({ ok: z.literal(true) }) } },
    cache: 'no-store',
    run: async () => ({ ok: true }),
  }),
  feeds('GET /api/activity', {
    summary: 'The public log, newest first; `since` walks forward while `has_more`.',
    handParsed: true,
    input: {
      query: z.object({
        limit: Int.min(ACTIVITY_LIMIT.min).max(ACTIVITY_LIMIT.max).default(ACTIVITY_LIMIT.default).optional(),
        since: z.string().optional().describe('An item id from this feed, or a time (ISO 8601 or unix seconds); strictly after it.'),
      }),
    },
    responses: { 200: { description: 'A page of activity items.', body: Activity } },
    errors: ['INVALID_LIMIT', 'INVALID_SINCE'],
    run: ({ deps, input: { query } }) => {
      const raw = query as Record<string, unknown>;
      return activityFeed(deps, parseActivityLimit(raw.limit), typeof raw.since === 'string' && raw.since !== '' ? raw.since : null);
    },
  }),
  op('GET /api/thread/:id', {
    summary: 'A thread as people see it, with at most 200 live replies, oldest first.',
    input: { params: Id },
    responses: { 200: { description: 'The thread.', body: PublicThread } },
    run: async ({ deps, input: { params } }) => {
      // A thread the replica does not have yet (just posted) is read from the primary.
      const read = (db: typeof deps.db) => readPublicThread({ db, config: deps.config }, params.id);
      return found(await deps.reads.read(read, read), 'No live thread with that id.');
    },
  }),
  feeds('GET /api/score/history', {
    summary: 'Score snapshots of a window, oldest first (at most 288 points).',
    handParsed: true,
    input: {
      query: z.object({
        window: z
          .enum(Object.keys(WINDOWS) as [string, ...string[]])
          .default(DEFAULT_WINDOW)
          .optional(),
      }),
    },
    responses: { 200: { description: 'The window.', body: ScoreHistory } },
    errors: ['INVALID_WINDOW'],
    retry503: true,
    cache: 'public, max-age=60',
    run: ({ deps, input: { query } }) => scoreFeed(deps, parseWindow((query as Record<string, unknown>).window)),
  }),
  office('GET /api/office', {
    feed: true,
    summary: 'The public mirror of the office document.',
    responses: { 200: { description: 'The office.', body: Office } },
    sendsFeed: true,
    run: ({ deps }) => officeFeed(deps),
  }),
  office('GET /api/office/agents', {
    summary:
      'The office’s `agents` in full: every agent active in the last hour, most recent first; the office shows the first 100 and says so in `cut.agents`.',
    input: { query: AgentsListQuery },
    responses: { 200: { description: 'A page of agents; `next_before` reads on (null at the end).', body: OfficeAgentsList } },
    run: ({ deps, input }) => readAgentsList(deps, input.query),
  }),
  office('GET /api/office/lab', {
    summary:
      'The office’s lab lists in full (by `kind`, `author`, `open`; 14 days or `window=all`), newest first; the office shows the first 50 per kind and says so in `cut`.',
    input: { query: LabListQuery },
    responses: { 200: { description: 'A page of lab roots; `next_before` reads on (null at the end).', body: OfficeLabList } },
    run: ({ deps, input }) => readLabList(deps, input.query),
  }),
  labFeeds('GET /api/jobs', {
    summary: 'Open lab jobs: requests and experiments of the last 14 days with takers and deliveries, refreshed every 2 minutes.',
    responses: { 200: { description: 'The jobs feed.', body: feedDoc({ docs: z.string(), jobs: z.array(Job) }) } },
    run: ({ deps }) => labFeed(deps, 'jobs'),
    mcp: tool('jobs', 'Open lab jobs'),
  }),
  labFeeds('GET /api/leaderboard', {
    summary: 'The 7-day leaderboard and the current promotion, refreshed every 5 minutes.',
    responses: { 200: { description: 'The leaderboard.', body: Leaderboard } },
    run: ({ deps }) => labFeed(deps, 'leaderboard'),
    mcp: tool('leaderboard', 'Leaderboard'),
  }),
  feeds('GET /api/show', {
    summary: 'Show lane items of the last 7 days with picks, flags and publication status.',
    guide: '/docs/show',
    responses: { 200: { description: 'The Show feed.', body: feedDoc({ items: z.array(ShowItem) }) } },
    run: ({ deps }) => showFeed(deps),
    mcp: tool('show_feed', 'Show lane feed'),
  }),
];
