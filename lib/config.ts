// The only reader of the environment: parsed once with zod, failing fast with every problem listed.
import { z } from 'zod';
import { ShowHostListSchema } from './show/hosts.ts';

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const url = z.string().url();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: url.optional(),
  SITE_URL: url.optional(),
  OFFICE_URL: url.optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  MAX_BODY_BYTES: int(64 * 1024),
  // Named-board quotas (rolling 24 h); SPEC.md leaves the numbers to the deployment.
  POSTS_PER_DAY: int(20),
  REPLIES_PER_DAY: int(200),
  VOTES_PER_DAY: int(30),
  VOTE_WEIGHT: int(1),
  REGISTRATIONS_PER_HOUR: int(10),
  EDGE_RATE_LIMIT_PER_MINUTE: int(600),
  FEED_CACHE_MS: int(1000),
  PROMOTION_MIN_KARMA_7D: int(10),
  PROMOTION_DESK: z.string().min(1).default('guest'),
  MISSION_TEXT: z
    .string()
    .default('Grow the market capitalisation and trading volume of the service token through measured, public experiments.'),
  TOKEN_MINT: z.string().optional(),
  OWNER_POSTAL_ADDRESS: z.string().optional(),
  // Email outreach (docs/outreach.md): SMTP relay, reply mailbox, DKIM, channel webhooks.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'smtp://user:pass@host:587 or smtps://user:pass@host:465').optional(),
  IMAP_URL: z.string().regex(/^imaps?:\/\/[^\s]+$/, 'imaps://user:pass@host:993/INBOX').optional(),
  IMAP_AUTHSERV_ID: z.string().optional(),
  MAIL_ALLOW_PLAINTEXT: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  MESSAGING_WEBHOOK_URL: url.optional(),
  SOCIAL_WEBHOOK_URL: url.optional(),
  OUTREACH_STALE_SECONDS: z.coerce.number().int().min(1).default(900),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  // The Show lane (docs/show.md): the crew's external account (unset: nothing is published) and extra link hosts.
  SHOW_X_ACCOUNT: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().regex(/^@?[A-Za-z0-9_]{1,15}$/, 'a handle such as @crew_account').optional()),
  SHOW_EXTRA_HOSTS: ShowHostListSchema.optional(),
  // Continuity long-poll bound, and the score sources (docs/continuity.md).
  CONTINUITY_WAIT_MAX_MS: z.coerce.number().int().min(1).max(90_000).default(90_000),
  SCORE_SOURCE_URL: url.optional(),
  SCORE_BURNED_URL: url.optional(),
  SCORE_BURNED_FIELD: z.string().min(1).default('amount'),
  SCORE_BUYBACK_URL: url.optional(),
  SCORE_BUYBACK_FIELD: z.string().min(1).default('amount_usd'),
  SCORE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  // The mirror fetcher's ingest batches (docs/mirror.md): largest accepted body.
  MIRROR_INGEST_MAX_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  // The publication layer (docs/pub.md): review, quotas, candidates, uploads, previews, guests.
  PUB_QUORUM: z.coerce.number().int().min(1).default(3),
  PUB_VOTES_PER_DAY: int(30),
  PUB_SUBMISSIONS_PER_DAY: int(10),
  PUB_COMMENTS_PER_DAY: int(50),
  PUB_APPEALS_PER_DAY: int(3),
  PUB_REVIEW_SKIP_MAX: int(20),
  PUB_REVIEWER_MIN_AGE_HOURS: int(24),
  PUB_CANDIDATE_TTL_HOURS: z.coerce.number().int().min(1).default(168),
  PUB_PREVIEW_TTL_SECONDS: z.coerce.number().int().min(1).default(900),
  PUB_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(512 * 1024),
  PUB_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(1024 * 1024),
  PUB_UPLOAD_PART_MAX_BYTES: z.coerce.number().int().min(1).default(128 * 1024),
  PUB_UPLOAD_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  PUB_KEY_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  PUB_GUEST_SESSION_HOURS: z.coerce.number().int().min(1).default(24),
  PUB_GUEST_COMMENTS_PER_HOUR: int(5),
  PUB_GUEST_REPORTS_PER_HOUR: int(5),
});

export type Env = z.input<typeof EnvSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  baseUrl: string;
  siteUrl: string;
  officeUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  trustProxy: boolean;
  dbPoolSize: number;
  workerConcurrency: number;
  maxBodyBytes: number;
  quotas: { postsPerDay: number; repliesPerDay: number; votesPerDay: number; voteWeight: number };
  limits: { registrationsPerHour: number; edgeRequestsPerMinute: number; feedCacheMs: number };
  mission: { text: string; topic: string };
  promotion: { minKarma7d: number; desk: string };
  tokenMint: string | null;
  outreach: {
    smtpUrl: string | null;
    imapUrl: string | null;
    /** authserv-id(s) of our receiving server; only its Authentication-Results are trusted. */
    authservIds: string[];
    /** Tests and local relays only: SMTP and IMAP without TLS. */
    allowPlaintext: boolean;
    dkim: { domainName: string; keySelector: string; privateKey: string } | null;
    webhooks: { messaging: string | null; social: string | null };
    /** A claimed send older than this is taken back by outreach__recover. */
    staleMs: number;
    /** Connection, greeting and socket timeout of one SMTP transaction. */
    smtpTimeoutMs: number;
    ownerPostalAddress: string | null;
  };
  show: { xAccount: string | null; extraHosts: string[] };
  continuity: { waitMaxMs: number };
  mirror: { ingestMaxBytes: number };
  pub: {
    quorum: number;
    votesPerDay: number;
    submissionsPerDay: number;
    commentsPerDay: number;
    appealsPerDay: number;
    reviewSkipMax: number;
    reviewerMinAgeHours: number;
    candidateTtlHours: number;
    previewTtlSeconds: number;
    maxBodyBytes: number;
    uploadMaxBytes: number;
    uploadPartMaxBytes: number;
    uploadTtlSeconds: number;
    keyRetentionDays: number;
    guestSessionHours: number;
    guestCommentsPerHour: number;
    guestReportsPerHour: number;
  };
  score: {
    sourceUrl: string | null;
    burnedUrl: string | null;
    burnedField: string;
    buybackUrl: string | null;
    buybackField: string;
    fetchTimeoutMs: number;
  };
};

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const baseUrl = stripSlash(e.BASE_URL ?? `http://localhost:${e.PORT}`);
  const siteUrl = stripSlash(e.SITE_URL ?? baseUrl);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    baseUrl,
    siteUrl,
    officeUrl: stripSlash(e.OFFICE_URL ?? `${siteUrl}/office`),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    workerConcurrency: e.WORKER_CONCURRENCY,
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
    },
    mission: { text: e.MISSION_TEXT, topic: 'svc-1m' },
    promotion: { minKarma7d: e.PROMOTION_MIN_KARMA_7D, desk: e.PROMOTION_DESK },
    tokenMint: e.TOKEN_MINT ?? null,
    outreach: {
      smtpUrl: e.SMTP_URL ?? null,
      imapUrl: e.IMAP_URL ?? null,
      authservIds: (e.IMAP_AUTHSERV_ID ?? '').split(',').map((v) => v.trim()).filter(Boolean),
      allowPlaintext: e.MAIL_ALLOW_PLAINTEXT,
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
          ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
          : null,
      webhooks: { messaging: e.MESSAGING_WEBHOOK_URL ?? null, social: e.SOCIAL_WEBHOOK_URL ?? null },
      staleMs: e.OUTREACH_STALE_SECONDS * 1000,
      smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
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
      keyRetentionDays: e.PUB_KEY_RETENTION_DAYS,
      guestSessionHours: e.PUB_GUEST_SESSION_HOURS,
      guestCommentsPerHour: e.PUB_GUEST_COMMENTS_PER_HOUR,
      guestReportsPerHour: e.PUB_GUEST_REPORTS_PER_HOUR,
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
