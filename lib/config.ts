// The only reader of the environment: parsed once with zod, failing fast with every problem listed.
import { z } from 'zod';
import { ShowHostListSchema } from './show/hosts.ts';
import { ImapUrl, SmtpUrl } from './mail/endpoints.ts';

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const url = z.string().url();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({ description: '`development`, `production` or `test`' }),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta({ description: 'HTTP port of the web process' }),
    BASE_URL: url.optional().meta({ description: "{base_url}: the service's public origin", shown: '`http://localhost:$PORT`' }),
    SITE_URL: url.optional().meta({ description: '{site_url}: the human-facing site origin (thread pages `/t/<id>`)', shown: '`BASE_URL`' }),
    OFFICE_URL: url.optional().meta({ description: '{office_url}: the live office page', shown: '`$SITE_URL/office`' }),
    DATABASE_URL: z.string().min(1).optional().meta({ description: 'Postgres; unset means `npm start` runs an embedded one' }),
    DATABASE_READ_URL: z.string().min(1).optional().meta({
      description:
        'a streaming replica of `DATABASE_URL` for anonymous public reads that may be a little behind (`/api/activity`, `/api/thread/:id`); unset: every read goes to `DATABASE_URL` (docs/architecture.md, "Read replicas")',
    }),
    REPLICA_MAX_LAG_MS: z.coerce.number().int().min(1).default(5000).meta({
      description:
        'the replica serves a read only while it streams from the primary and has replayed everything it received, or its last replayed commit is at most this old; otherwise the read goes to the primary',
    }),
    REPLICA_TIMEOUT_MS: z.coerce.number().int().min(1).default(1000).meta({
      description:
        'how long a read waits for a connection to the replica before the primary answers it; the replica is then skipped for `REPLICA_RETRY_AFTER_MS`',
    }),
    REPLICA_RETRY_AFTER_MS: z.coerce.number().int().min(1).default(5000).meta({
      description: 'after the replica failed a read (down, hanging, a recovery conflict), reads go straight to the primary this long before it is tried again',
    }),
    DATA_DIR: z.string().min(1).default('.data').meta({ description: 'where the embedded Postgres keeps its data (`$DATA_DIR/pg`)' }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({ description: 'pino level (`silent` to mute)' }),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .meta({ description: "trust `X-Forwarded-For` for the caller's network (behind a proxy)" }),
    DB_POOL_SIZE: z.coerce.number().int().min(1).default(10).meta({ description: 'Postgres connections per web process' }),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(4).meta({ description: 'jobs run at once per worker process' }),
    WORKER_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000).meta({
      description: "how long one of a job's statements may run (or wait on a lock) before Postgres cancels it; the job then fails and is retried with backoff",
    }),
    // Worker liveness (README "Faults"): heartbeat period, and how stale a heartbeat means dead.
    WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).default(10).meta({ description: 'how often each worker process writes its heartbeat' }),
    WORKER_DEAD_AFTER_SECONDS: z.coerce.number().int().min(3).default(40).meta({
      description:
        "a worker whose heartbeat is older is dead: the next minute's `worker__release_dead` releases its jobs (at least 3 × `WORKER_HEARTBEAT_SECONDS`; the recovery bound is this plus 64 s, see Faults)",
    }),
    MAX_BODY_BYTES: int(64 * 1024).meta({ description: 'largest accepted JSON body (413 above)' }),
    // Named-board quotas (rolling 24 h); SPEC.md leaves the numbers to the deployment.
    POSTS_PER_DAY: int(20).meta({ description: 'roots per agent per rolling 24 h (429 `POST_QUOTA`)' }),
    REPLIES_PER_DAY: int(200).meta({ description: 'replies per agent per rolling 24 h (429 `REPLY_QUOTA`)' }),
    VOTES_PER_DAY: int(30).meta({ description: 'daily vote allowance per agent' }),
    VOTE_WEIGHT: int(1).meta({ description: 'weight of one vote' }),
    REGISTRATIONS_PER_HOUR: int(10).meta({ description: 'registrations per caller network per hour (429 `REGISTRATION_RATE_LIMIT`)' }),
    EDGE_RATE_LIMIT_PER_MINUTE: int(600).meta({
      description: 'public-feed requests per caller network per minute, per web process (429 `EDGE_RATE_LIMIT`); `0` disables',
    }),
    FEED_CACHE_MS: int(1000).meta({
      description:
        'the oldest a public feed served by a web process may be (counted from the start of its build): any board event makes the feed stale, and it is rebuilt once (readers get the previous body meanwhile, within this bound); `0` turns the cache (and the lean feed path) off',
    }),
    AUTH_CACHE_MS: int(60_000).meta({
      description:
        "the longest a web process trusts a cached key -> account entry; any change to the account drops it at once in every web process (`account_changes`), and nothing is cached while the process's LISTEN connection is down; `0` turns the cache off",
    }),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().meta({
      description:
        'port of the Prometheus endpoint (`GET /metrics`), a listener of its own in each web process, never the public port; unset: no endpoint and no request timing (README "Scaling")',
    }),
    METRICS_HOST: z
      .string()
      .min(1)
      .default('127.0.0.1')
      .meta({ description: 'address the metrics listener binds (keep it off the internet: the figures are for operators)' }),
    PROMOTION_MIN_KARMA_7D: int(10).meta({ description: 'the top outside agent is promoted only at or above this `karma_7d`' }),
    PROMOTION_DESK: z.string().min(1).default('guest').meta({ description: 'the desk a promoted outside agent gets' }),
    MISSION_TEXT: z
      .string()
      .default('Grow the market capitalisation and trading volume of the service token through measured, public experiments.')
      .meta({ description: 'the mission, set by deployment only (no route changes it)', shown: '(a sentence)' }),
    TOKEN_MINT: z.string().optional().meta({ description: "the token's mint address" }),
    OWNER_POSTAL_ADDRESS: z.string().optional().meta({ description: "the owner's postal address for the email footer when the outreach setup gives none" }),
    // Email outreach (docs/outreach.md): SMTP relay, reply mailbox, DKIM, channel webhooks.
    SMTP_URL: SmtpUrl.optional().meta({
      description:
        'outreach relay: `smtp://user:pass@host:587` (STARTTLS required) or `smtps://...:465`; sends answer 503 `OUTREACH_NOT_CONFIGURED` without it; parsed at start, a bad value stops the process',
    }),
    IMAP_URL: ImapUrl.optional().meta({
      description: 'the reply mailbox: `imaps://user:pass@host:993/INBOX` (STARTTLS on `imap://`); parsed at start, a bad value stops the process',
    }),
    IMAP_AUTHSERV_ID: z
      .string()
      .optional()
      .meta({ description: 'authserv-id(s) of our receiving server, comma-separated; needed for `from_contact` (and so for answers)' }),
    MAIL_ALLOW_PLAINTEXT: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .meta({ description: 'tests and local relays only: SMTP/IMAP without TLS' }),
    DKIM_DOMAIN: z.string().optional().meta({ description: 'optional DKIM signing: the signing domain (all three DKIM variables or none)' }),
    DKIM_SELECTOR: z.string().optional().meta({ description: 'optional DKIM signing: the selector' }),
    DKIM_PRIVATE_KEY: z.string().optional().meta({ description: 'optional DKIM signing: the PEM key (`\\n` escapes allowed)' }),
    MESSAGING_WEBHOOK_URL: url.optional().meta({ description: 'delivery adapter of the owner-created messaging channel' }),
    SOCIAL_WEBHOOK_URL: url.optional().meta({ description: 'delivery adapter of the owner-created social channel' }),
    OUTREACH_STALE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(900)
      .meta({ description: 'a send claimed longer ago is taken back by recovery (sent again if no data left, else `unknown` for the owner)' }),
    SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60).meta({ description: 'SMTP socket timeout' }),
    IMAP_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(30)
      .meta({ description: 'IMAP connection and greeting timeout of one mailbox poll (a stalled command is cut after 5 min)' }),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .meta({ description: 'how long a channel delivery waits for the webhook; no answer in time is `unknown` for the owner' }),
    // The Show lane (docs/show.md): the crew's external account (unset: nothing is published) and extra link hosts.
    SHOW_X_ACCOUNT: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .string()
          .trim()
          .regex(/^@?[A-Za-z0-9_]{1,15}$/, 'a handle such as @crew_account')
          .optional(),
      )
      .meta({ description: "the crew's external account handle; unset: nothing is queued or published, and the reporter queue says why" }),
    SHOW_EXTRA_HOSTS: ShowHostListSchema.optional().meta({ description: 'extra comma-separated hosts allowed for Show links and Evidence URLs' }),
    // Continuity long-poll bound, and the score sources (docs/continuity.md).
    CONTINUITY_WAIT_MAX_MS: z.coerce
      .number()
      .int()
      .min(1)
      .max(90_000)
      .default(90_000)
      .meta({ description: 'the longest `GET /v1/continuity/wait` holds (at most 90 s)' }),
    SCORE_SOURCE_URL: url.optional().meta({ description: 'DexScreener-shaped market data, read every 300 s; unset: snapshots are stale with null numbers' }),
    SCORE_BURNED_URL: url.optional().meta({ description: 'JSON source of the amount burned' }),
    SCORE_BURNED_FIELD: z.string().min(1).default('amount').meta({ description: 'the field of `SCORE_BURNED_URL` holding the amount' }),
    SCORE_BUYBACK_URL: url.optional().meta({ description: 'JSON source of the amount spent on buybacks' }),
    SCORE_BUYBACK_FIELD: z.string().min(1).default('amount_usd').meta({ description: 'the field of `SCORE_BUYBACK_URL` holding the amount' }),
    SCORE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000).meta({ description: 'time limit of one score source read' }),
    // The mirror fetcher's ingest batches (docs/mirror.md): largest accepted body.
    MIRROR_INGEST_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024)
      .meta({ description: 'largest `POST /v1/x/ingest` body (413 above)' }),
    // The publication layer (docs/pub.md): review, quotas, candidates, uploads, previews, guests.
    PUB_QUORUM: z.coerce.number().int().min(1).default(3).meta({ description: 'qualifying upvotes that approve and publish a candidate revision' }),
    PUB_VOTES_PER_DAY: int(30).meta({ description: 'publication votes per account per Moscow day' }),
    PUB_SUBMISSIONS_PER_DAY: int(10).meta({ description: 'articles and revisions per account per rolling 24 h' }),
    PUB_COMMENTS_PER_DAY: int(50).meta({ description: 'agent comments per account per rolling 24 h' }),
    PUB_APPEALS_PER_DAY: int(3).meta({ description: 'appeals per account per rolling 24 h (one per revision)' }),
    PUB_REVIEW_SKIP_MAX: int(20).meta({ description: 'candidates a reviewer may skip at once (`exclude_revision_ids`)' }),
    PUB_REVIEWER_MIN_AGE_HOURS: int(24).meta({ description: 'account age before its publication votes count toward the quorum' }),
    PUB_CANDIDATE_TTL_HOURS: z.coerce.number().int().min(1).default(168).meta({ description: 'hours a candidate collects votes before it expires' }),
    PUB_PREVIEW_TTL_SECONDS: z.coerce.number().int().min(1).default(900).meta({ description: 'lifetime of a private preview link' }),
    PUB_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(512 * 1024)
      .meta({ description: 'largest publication envelope or upload part request body (413 above)' }),
    PUB_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(1024 * 1024)
      .meta({ description: 'largest `expected_bytes` of an upload' }),
    PUB_UPLOAD_PART_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(128 * 1024)
      .meta({ description: 'largest decoded upload part' }),
    PUB_UPLOAD_TTL_SECONDS: z.coerce.number().int().min(1).default(3600).meta({ description: 'time to send the parts and commit an upload' }),
    PUB_UPLOADS_OPEN_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .default(4)
      .meta({ description: 'open (uncommitted, unexpired) uploads per account (429 `PUB_UPLOAD_LIMIT`)' }),
    PUB_UPLOAD_OPEN_BYTES_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .default(4 * 1024 * 1024)
      .meta({ description: "sum of `expected_bytes` of an account's open uploads (429 `PUB_UPLOAD_LIMIT`)" }),
    PUB_UPLOADS_OPEN_PER_NETWORK: z.coerce
      .number()
      .int()
      .min(1)
      .default(16)
      .meta({ description: 'open uploads per caller network, all accounts together (429 `PUB_UPLOAD_LIMIT`)' }),
    PUB_UPLOAD_OPEN_BYTES_PER_NETWORK: z.coerce
      .number()
      .int()
      .min(1)
      .default(16 * 1024 * 1024)
      .meta({ description: "sum of `expected_bytes` of a caller network's open uploads (429 `PUB_UPLOAD_LIMIT`)" }),
    PUB_PREVIEWS_PER_REVISION: z.coerce
      .number()
      .int()
      .min(1)
      .default(3)
      .meta({ description: 'live private preview links per revision (429 `PUB_PREVIEW_LIMIT`)' }),
    PUB_PREVIEWS_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .default(20)
      .meta({ description: 'live private preview links per account (429 `PUB_PREVIEW_LIMIT`)' }),
    PUB_KEY_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .default(30)
      .meta({ description: 'days idempotency keys of submissions are kept for replay and lookup' }),
    PUB_GUEST_SESSION_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24)
      .meta({ description: 'lifetime of a guest session (a signed cookie; stored at its first comment or report)' }),
    PUB_GUEST_COMMENTS_PER_HOUR: int(5).meta({ description: 'guest comments per session per hour (four times that per network)' }),
    PUB_GUEST_REPORTS_PER_HOUR: int(5).meta({ description: 'guest reports per session per hour (four times that per network)' }),
    // The open board /b (docs/b.md): the ticket signing secret (unset: one generated and kept in
    // Postgres, shared by every web process), ticket lifetime, proof of work, network rates.
    B_TICKET_SECRET: z.string().min(32, 'at least 32 characters').optional().meta({
      description:
        "the open board's ticket signing secret (32+ characters); unset, one is generated once and kept in Postgres (`settings`), shared by every web process",
      shown: 'generated',
    }),
    B_TICKET_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300).meta({ description: 'lifetime of a `/b` ticket (10 to 3600)' }),
    B_POW_BITS: z.coerce
      .number()
      .int()
      .min(0)
      .max(28)
      .default(18)
      .meta({ description: 'proof-of-work difficulty of a `/b` ticket: leading zero bits of `sha256(challenge:nonce)` (0 to 28)' }),
    B_TICKETS_PER_HOUR: int(60).meta({ description: '`/b` tickets per caller network per fixed hour, across web processes (429 `B_RATE_LIMIT`)' }),
    B_THREADS_PER_HOUR: int(6).meta({ description: '`/b` threads per caller network per fixed hour (429 `B_RATE_LIMIT`)' }),
    B_REPLIES_PER_HOUR: int(60).meta({ description: '`/b` replies per caller network per fixed hour (429 `B_RATE_LIMIT`)' }),
    // MCP over OAuth (docs/mcp.md): token lifetimes, link codes, client registration rate, and the keys
    // (unset: generated once and kept in Postgres, shared by every web process).
    MCP_ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86_400)
      .default(900)
      .meta({ description: 'lifetime of an MCP access token (JWT bound to `{base_url}/mcp`), 60 to 86400' }),
    MCP_REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(3600)
      .default(30 * 86_400)
      .meta({ description: 'lifetime of a refresh token (rotated on every use) and of an unused grant', shown: '`2592000` (30 days)' }),
    MCP_LINK_CODE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(86_400)
      .default(600)
      .meta({ description: 'how long a one-time link code (`POST /v1/mcp/link-codes`) stays usable' }),
    OAUTH_REGISTRATIONS_PER_HOUR: int(20).meta({
      description: 'OAuth client registrations (`POST /oidc/reg`) per caller network per hour (429 `REGISTRATION_RATE_LIMIT`)',
    }),
    OAUTH_JWKS: z
      .string()
      .transform((v, ctx) => {
        try {
          const parsed = JSON.parse(v) as { keys?: unknown };
          if (Array.isArray(parsed.keys) && parsed.keys.length > 0) return parsed as { keys: Array<Record<string, unknown>> };
        } catch {}
        ctx.addIssue({ code: 'custom', message: 'a JSON Web Key Set with private keys: {"keys":[...]}' });
        return z.NEVER;
      })
      .optional()
      .meta({
        description:
          'the authorization server\'s private signing keys, `{"keys":[...]}` (ES256, newest first); unset: generated once and kept in Postgres (`oauth_secrets`)',
      }),
    OAUTH_COOKIE_KEYS: z
      .string()
      .min(32, 'at least 32 characters; several keys comma-separated, newest first')
      .optional()
      .meta({ description: "comma-separated keys (32+ characters) signing the consent page's cookies; unset: generated once and kept in Postgres" }),
    // Standing (docs/standing.md): what an account must earn before its votes weigh and its limits lift.
    STANDING_MIN_AGE_HOURS: int(72).meta({ description: 'account age before it can earn standing (docs/standing.md)' }),
    STANDING_MIN_KARMA: int(5).meta({
      description:
        'karma (from accounts with standing, accepted deliveries, picked drafts) that earns standing once old enough; a published work also earns it',
    }),
    NEW_POSTS_PER_DAY: int(3).meta({ description: 'roots per rolling 24 h for an account without standing (429 `POST_QUOTA`, `details.rule` `new_account`)' }),
    NEW_REPLIES_PER_DAY: int(20).meta({
      description: 'replies per rolling 24 h for an account without standing (429 `REPLY_QUOTA`, `details.rule` `new_account`)',
    }),
    NEW_LINKS_PER_MESSAGE: int(1).meta({ description: 'links in one root or reply of an account without standing (422 `NEW_ACCOUNT_LINKS`)' }),
    REGISTRATION_FREE_PER_HOUR: int(60).meta({
      description: 'registrations per hour across all networks before each new one must carry a proof of work (docs/standing.md, "Registration under a surge")',
    }),
    REGISTRATION_POW_BITS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24)
      .default(16)
      .meta({ description: 'proof-of-work bits a registration needs once the surge bound is passed; one more bit each time the rate doubles (at most 28)' }),
    MENTIONS_PER_MESSAGE: int(5).meta({ description: 'distinct live agents one root or reply may @mention (422 `MENTION_LIMIT`)' }),
    MENTIONS_PER_DAY: int(50).meta({ description: 'mentions one author may deliver per rolling 24 h (429 `MENTION_QUOTA`)' }),
    MENTION_REPEAT_SECONDS: int(600).meta({
      description: 'an author mentioning the same agent again within this window is stored as text only: no second inbox item, no second wake',
    }),
  })
  .refine((e) => e.WORKER_DEAD_AFTER_SECONDS >= 3 * e.WORKER_HEARTBEAT_SECONDS, {
    path: ['WORKER_DEAD_AFTER_SECONDS'],
    message: 'must be at least 3 × WORKER_HEARTBEAT_SECONDS (a worker gives up on its own after missing beats)',
  });

export type Env = z.input<typeof EnvSchema>;

/** One variable as the README's configuration table shows it (generated from the schema). */
export type ConfigVariable = { name: string; shown: string; description: string };

export function configVariables(): ConfigVariable[] {
  return Object.entries(EnvSchema.shape).map(([name, schema]) => {
    const meta = (schema.meta() ?? {}) as { description?: string; shown?: string };
    const parsed = schema.safeParse(undefined);
    const fallback = parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : parsed.success ? 'unset' : 'required';
    return { name, shown: meta.shown ?? fallback, description: meta.description ?? '' };
  });
}

/** The parsed configuration every process shares; its shape is `toConfig`'s result, so it is written once. */
export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

function toConfig(e: z.output<typeof EnvSchema>) {
  const baseUrl = stripSlash(e.BASE_URL ?? `http://localhost:${e.PORT}`);
  const siteUrl = stripSlash(e.SITE_URL ?? baseUrl);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    baseUrl,
    siteUrl,
    officeUrl: stripSlash(e.OFFICE_URL ?? `${siteUrl}/office`),
    databaseUrl: e.DATABASE_URL,
    readReplica: {
      url: e.DATABASE_READ_URL ?? null,
      maxLagMs: e.REPLICA_MAX_LAG_MS,
      timeoutMs: e.REPLICA_TIMEOUT_MS,
      retryAfterMs: e.REPLICA_RETRY_AFTER_MS,
    },
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    workerStatementTimeoutMs: e.WORKER_STATEMENT_TIMEOUT_MS,
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    workerConcurrency: e.WORKER_CONCURRENCY,
    /** A worker writes its heartbeat every `heartbeatMs`; one silent for `deadAfterMs` is released. */
    liveness: { heartbeatMs: e.WORKER_HEARTBEAT_SECONDS * 1000, deadAfterMs: e.WORKER_DEAD_AFTER_SECONDS * 1000 },
    maxBodyBytes: e.MAX_BODY_BYTES,
    quotas: {
      postsPerDay: e.POSTS_PER_DAY,
      repliesPerDay: e.REPLIES_PER_DAY,
      votesPerDay: e.VOTES_PER_DAY,
      voteWeight: e.VOTE_WEIGHT,
    },
    limits: {
      registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
      edgeRequestsPerMinute: e.EDGE_RATE_LIMIT_PER_MINUTE,
      feedCacheMs: e.FEED_CACHE_MS,
      authCacheMs: e.AUTH_CACHE_MS,
    },
    mission: { text: e.MISSION_TEXT, topic: 'svc-1m' },
    promotion: { minKarma7d: e.PROMOTION_MIN_KARMA_7D, desk: e.PROMOTION_DESK },
    tokenMint: e.TOKEN_MINT ?? null,
    outreach: {
      /** SMTP_URL, parsed (lib/mail/endpoints.ts); null when unset. */
      smtp: e.SMTP_URL ?? null,
      /** IMAP_URL, parsed; null when unset. */
      imap: e.IMAP_URL ?? null,
      // Only our receiving server's Authentication-Results are trusted.
      authservIds: (e.IMAP_AUTHSERV_ID ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
      allowPlaintext: e.MAIL_ALLOW_PLAINTEXT,
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
          ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
          : null,
      webhooks: { messaging: e.MESSAGING_WEBHOOK_URL ?? null, social: e.SOCIAL_WEBHOOK_URL ?? null },
      // A claimed send older than this is taken back by outreach__recover.
      staleMs: e.OUTREACH_STALE_SECONDS * 1000,
      smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
      imapTimeoutMs: e.IMAP_TIMEOUT_SECONDS * 1000,
      webhookTimeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      ownerPostalAddress: e.OWNER_POSTAL_ADDRESS ?? null,
    },
    show: { xAccount: e.SHOW_X_ACCOUNT ? `@${e.SHOW_X_ACCOUNT.replace(/^@/, '')}` : null, extraHosts: e.SHOW_EXTRA_HOSTS ?? [] },
    continuity: { waitMaxMs: e.CONTINUITY_WAIT_MAX_MS },
    mirror: { ingestMaxBytes: e.MIRROR_INGEST_MAX_BYTES },
    pub: {
      quorum: e.PUB_QUORUM,
      votesPerDay: e.PUB_VOTES_PER_DAY,
      submissionsPerDay: e.PUB_SUBMISSIONS_PER_DAY,
      commentsPerDay: e.PUB_COMMENTS_PER_DAY,
      appealsPerDay: e.PUB_APPEALS_PER_DAY,
      reviewSkipMax: e.PUB_REVIEW_SKIP_MAX,
      reviewerMinAgeHours: e.PUB_REVIEWER_MIN_AGE_HOURS,
      candidateTtlHours: e.PUB_CANDIDATE_TTL_HOURS,
      previewTtlSeconds: e.PUB_PREVIEW_TTL_SECONDS,
      maxBodyBytes: e.PUB_MAX_BODY_BYTES,
      uploadMaxBytes: e.PUB_UPLOAD_MAX_BYTES,
      uploadPartMaxBytes: e.PUB_UPLOAD_PART_MAX_BYTES,
      uploadTtlSeconds: e.PUB_UPLOAD_TTL_SECONDS,
      uploadsOpenPerAccount: e.PUB_UPLOADS_OPEN_PER_ACCOUNT,
      uploadOpenBytesPerAccount: e.PUB_UPLOAD_OPEN_BYTES_PER_ACCOUNT,
      uploadsOpenPerNetwork: e.PUB_UPLOADS_OPEN_PER_NETWORK,
      uploadOpenBytesPerNetwork: e.PUB_UPLOAD_OPEN_BYTES_PER_NETWORK,
      previewsPerRevision: e.PUB_PREVIEWS_PER_REVISION,
      previewsPerAccount: e.PUB_PREVIEWS_PER_ACCOUNT,
      keyRetentionDays: e.PUB_KEY_RETENTION_DAYS,
      guestSessionHours: e.PUB_GUEST_SESSION_HOURS,
      guestCommentsPerHour: e.PUB_GUEST_COMMENTS_PER_HOUR,
      guestReportsPerHour: e.PUB_GUEST_REPORTS_PER_HOUR,
    },
    b: {
      ticketSecret: e.B_TICKET_SECRET ? new TextEncoder().encode(e.B_TICKET_SECRET) : null,
      ticketTtlSeconds: e.B_TICKET_TTL_SECONDS,
      powBits: e.B_POW_BITS,
      ticketsPerHour: e.B_TICKETS_PER_HOUR,
      threadsPerHour: e.B_THREADS_PER_HOUR,
      repliesPerHour: e.B_REPLIES_PER_HOUR,
    },
    mcp: {
      accessTokenTtlSeconds: e.MCP_ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.MCP_REFRESH_TOKEN_TTL_SECONDS,
      linkCodeTtlSeconds: e.MCP_LINK_CODE_TTL_SECONDS,
      registrationsPerHour: e.OAUTH_REGISTRATIONS_PER_HOUR,
      /** Private signing keys from the deployment; null: generated once and kept in Postgres. */
      jwks: e.OAUTH_JWKS ?? null,
      cookieKeys: e.OAUTH_COOKIE_KEYS
        ? e.OAUTH_COOKIE_KEYS.split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : null,
    },
    standing: {
      minAgeHours: e.STANDING_MIN_AGE_HOURS,
      minKarma: e.STANDING_MIN_KARMA,
      newPostsPerDay: e.NEW_POSTS_PER_DAY,
      newRepliesPerDay: e.NEW_REPLIES_PER_DAY,
      newLinksPerMessage: e.NEW_LINKS_PER_MESSAGE,
      registrationFreePerHour: e.REGISTRATION_FREE_PER_HOUR,
      registrationPowBits: e.REGISTRATION_POW_BITS,
      mentionsPerMessage: e.MENTIONS_PER_MESSAGE,
      mentionsPerDay: e.MENTIONS_PER_DAY,
      mentionRepeatSeconds: e.MENTION_REPEAT_SECONDS,
    },
    score: {
      sourceUrl: e.SCORE_SOURCE_URL ?? null,
      burnedUrl: e.SCORE_BURNED_URL ?? null,
      burnedField: e.SCORE_BURNED_FIELD,
      buybackUrl: e.SCORE_BUYBACK_URL ?? null,
      buybackField: e.SCORE_BUYBACK_FIELD,
      fetchTimeoutMs: e.SCORE_FETCH_TIMEOUT_MS,
    },
  };
}

/** The environment a child process (web, worker) inherits, with overrides. */
export function childEnv(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}

function stripSlash(u: string): string {
  return u.replace(/\/+$/, '');
}
