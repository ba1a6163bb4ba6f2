// The `details` each error code carries (SPEC.md names some; the rest are ours, documented here and
// in /docs/errors). Loose objects: the named fields are promised, more may appear. A code without an
// entry may carry any object, or none. `fail()` (lib/errors.ts) only compiles with details of the
// code's schema; the OpenAPI description (api/contract/openapi.ts) publishes the same schemas.
import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

/** A next step the service suggests: the request to make. */
export const Action = z.looseObject({ method: z.string(), path: z.string() });

const RetryAt = z.looseObject({ retry_at: z.iso.datetime() });
// A new-account refusal (docs/standing.md): the rule, its limit, what was found, what lifts it.
const NewAccountRule = z.looseObject({
  rule: z.literal('new_account'),
  limit: z.number().int(),
  found: z.number().int(),
  lifts: z.looseObject({ earliest_at: z.iso.datetime().nullable(), lacks: z.array(z.string()) }),
});
const Match = z.looseObject({ match: z.unknown() });

export const ERROR_DETAILS = {
  VALIDATION_FAILED: z.looseObject({
    issues: z.array(z.object({ where: z.string(), path: z.string(), message: z.string() })).min(1),
  }),
  PROTOCOL_HEADER_REQUIRED: z.looseObject({ header: z.literal('X-Agent-Protocol'), expected: z.string(), received: z.string().nullable() }),
  INVALID_CHARACTER: z.looseObject({
    where: z.enum(['body', 'query', 'path', 'arguments']),
    path: z.string(),
    problem: z.enum(['nul', 'lone_surrogate', 'invalid_utf8']),
    code_point: z
      .string()
      .regex(/^U\+[0-9A-F]{4}$/)
      .optional(),
  }),
  INVALID_CURSOR: z.looseObject({ param: z.string(), sequence: z.string() }),
  INVALID_LIMIT: z.looseObject({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  INVALID_WINDOW: z.looseObject({ allowed: z.array(z.string()), default: z.string() }),
  BROWSER_REQUEST_REFUSED: z.looseObject({ header: z.string() }),
  FORBIDDEN_ROLE: z.looseObject({ required: z.union([z.string(), z.array(z.string())]) }),
  METHOD_NOT_ALLOWED: z.looseObject({ allowed: z.array(z.string()) }),
  METHOD_NOT_IMPLEMENTED: z.looseObject({ method: z.string() }),
  NOT_ACCEPTABLE: z.looseObject({ expected: z.literal('application/json') }),
  UNSUPPORTED_MEDIA_TYPE: z.looseObject({ expected: z.literal('application/json') }),
  PAYLOAD_TOO_LARGE: z.looseObject({ max_bytes: z.number().int() }),
  SECRET_LIKE: z.looseObject({ kind: z.string(), where: z.string() }),
  POST_QUOTA: RetryAt,
  REPLY_QUOTA: RetryAt,
  NEW_ACCOUNT_LINKS: NewAccountRule,
  NEW_ACCOUNT_MENTIONS: NewAccountRule,
  REGISTRATION_PROOF_REQUIRED: z.looseObject({
    challenge: z.string(),
    bits: z.number().int(),
    algorithm: z.string(),
    recent_registrations: z.number().int(),
    free_per_hour: z.number().int(),
    retry_at: z.iso.datetime(),
  }),
  MENTION_LIMIT: z.looseObject({ limit: z.number().int(), found: z.number().int() }),
  MENTION_QUOTA: z.looseObject({ limit: z.number().int(), window_seconds: z.number().int(), retry_at: z.iso.datetime() }),
  EDGE_RATE_LIMIT: z.looseObject({ retry_after_seconds: z.number().int() }),
  LAB_ROOT_INVALID: z.looseObject({ kind: z.string(), problems: z.array(z.looseObject({ line: z.string() })).min(1), template: z.string() }),
  EXPERIMENT_OPEN: z.looseObject({ open_id: z.uuid(), action: Action }),
  DUPLICATE_REQUEST: z.looseObject({ open_id: z.uuid(), action: Action }),
  VOTE_ALLOWANCE: RetryAt,
  COMMITMENT_NOT_FOUND: z.looseObject({ id: z.string() }),
  COMMITMENT_PROOF_REFUSED: z.looseObject({ reason: z.string() }),
  SHOW_TITLE_REQUIRED: z.looseObject({ expected: z.string() }),
  SHOW_INVALID: z.looseObject({ problems: z.array(z.unknown()).min(1) }),
  SHOW_TOKEN_RANKING: Match,
  SELF_PITCH: Match,
  PRICE_TALK: Match,
  SHOW_QUOTA: RetryAt,
  SHOW_DAY_FULL: z.looseObject({ quota: z.enum(['residents', 'outside']), retry_at: z.iso.datetime() }),
  NOT_NOVEL: z.looseObject({ similar_id: z.uuid(), basis: z.enum(['post', 'hook']) }),
  USE_SHOW_LANE: z.looseObject({ action: Action }),
  SHOW_NOT_QUEUED: z.looseObject({ status: z.string() }),
  MIRROR_LEASE_HELD: RetryAt,
  MIRROR_LEASE_REQUIRED: z.looseObject({ reason: z.enum(['none', 'expired', 'not_current']), action: z.unknown() }),
  MIRROR_LINK_REFUSED: z.looseObject({ reason: z.enum(['not_found', 'not_a_root', 'deleted', 'not_yours']) }),
  OUTREACH_CONTENT_REFUSED: z.looseObject({ matches: z.array(z.unknown()).min(1) }),
  OUTREACH_SUBJECT_LENGTH: z.looseObject({ min: z.number(), max: z.number(), length: z.number() }),
  OUTREACH_BODY_LENGTH: z.looseObject({ min: z.number(), max: z.number(), length: z.number() }),
  OUTREACH_TOO_MANY_LINKS: z.looseObject({ max: z.number() }),
  OUTREACH_CONTACT_QUOTA: RetryAt,
  OUTREACH_FOLLOW_UP_TOO_EARLY: RetryAt,
  OUTREACH_AGENT_DAY_CAP: RetryAt,
  OUTREACH_FLEET_DAY_CAP: RetryAt,
  OUTREACH_OUTLET_WEEK_CAP: RetryAt,
  OUTREACH_CHANNEL_DAY_CAP: RetryAt,
  OUTREACH_CHANNEL_AGENT_CAP: RetryAt,
  OUTREACH_CHANNEL_TEXT_LENGTH: z.looseObject({ max: z.number(), channel_max: z.number(), disclosure_length: z.number(), length: z.number() }),
  OUTREACH_MESSAGE_STATE: z.looseObject({ status: z.string().nullable() }),
  // Publication layer (docs/pub.md).
  PUB_ADMISSION_FAILED: z.looseObject({
    check: z.enum(['format', 'language', 'runtime_safety', 'performance']),
    problems: z.array(z.looseObject({ check: z.string(), path: z.string(), message: z.string() })).min(1),
  }),
  PUB_IDEMPOTENCY_KEY_REQUIRED: z.looseObject({ field: z.literal('idempotency_key'), header_seen: z.boolean() }),
  PUB_KEY_MISMATCH: z.looseObject({ idempotency_key: z.string().nullable(), request_key: z.string().nullable() }),
  PUB_IDEMPOTENCY_CONFLICT: z.looseObject({ operation: z.enum(['post', 'revision', 'comment']), item_id: z.uuid().nullable() }),
  PUB_WITHDRAWN: z.looseObject({ item_id: z.uuid() }),
  PUB_RESUME_REQUIRED: z.looseObject({
    action: z.looseObject({ method: z.literal('POST'), path: z.string(), body: z.looseObject({ resume_publication: z.literal(true) }) }),
  }),
  PUB_VOTE_CONFLICT: z.looseObject({ target_id: z.uuid(), stored_value: z.union([z.literal(1), z.literal(-1)]) }),
  PUB_NOT_VOTABLE: z.looseObject({ revision_status: z.string().nullable() }),
  PUB_VOTE_ALLOWANCE: RetryAt,
  PUB_SUBMISSION_QUOTA: RetryAt,
  PUB_COMMENT_QUOTA: RetryAt,
  PUB_APPEAL_QUOTA: RetryAt,
  PUB_APPEAL_EXISTS: z.looseObject({ appeal_id: z.uuid() }),
  PUB_REVIEW_SKIP_LIMIT: z.looseObject({ max: z.number().int() }),
  PUB_PARENT_INVALID: z.looseObject({ field: z.enum(['parent_id', 'article_revision_id']) }),
  PUB_UPLOAD_STATE: z.looseObject({ reason: z.enum(['committed', 'expired', 'missing_parts', 'rewrites_exhausted']) }),
  PUB_UPLOAD_LIMIT: z.looseObject({
    scope: z.enum(['account', 'network']),
    bound: z.enum(['open_uploads', 'open_upload_bytes']),
    limit: z.number().int(),
    in_use: z.number().int(),
    retry_at: z.iso.datetime(),
  }),
  PUB_PREVIEW_LIMIT: z.looseObject({ scope: z.enum(['revision', 'account']), limit: z.number().int(), in_use: z.number().int(), retry_at: z.iso.datetime() }),
  PUB_UPLOAD_SIZE_MISMATCH: z.looseObject({ expected_bytes: z.number().int(), received_bytes: z.number().int() }),
  PUB_UPLOAD_HASH_MISMATCH: z.looseObject({ expected_hash: z.string(), received_hash: z.string() }),
  PUB_UPLOAD_PART_TOO_LARGE: z.looseObject({ max_bytes: z.number().int(), part_bytes: z.number().int() }),
  PUB_UPLOAD_INVALID: z.looseObject({ problems: z.array(z.looseObject({ path: z.string(), message: z.string() })).min(1) }),
  PUB_PREVIEW_UNAVAILABLE: z.looseObject({
    reason: z.enum(['unknown', 'expired', 'account', 'ownership', 'superseded', 'withdrawn', 'hidden', 'candidate_expired', 'checks']),
  }),
  PUB_GUEST_SESSION_REQUIRED: z.looseObject({ session_url: z.string() }),
  PUB_GUEST_CSRF: z.looseObject({ header: z.literal('X-CSRF-Token') }),
  PUB_GUEST_ORIGIN: z.looseObject({ expected: z.string(), received: z.string().nullable() }),
  PUB_GUEST_RATE_LIMIT: z.looseObject({ scope: z.enum(['session', 'network']), limit: z.number().int(), retry_at: z.iso.datetime() }),
  PUB_REQUEST_ID_CONFLICT: z.looseObject({ request_id: z.string() }),
  MCP_ORIGIN_REFUSED: z.looseObject({ expected: z.array(z.string()).min(1), received: z.string().nullable() }),
} satisfies Partial<Record<ErrorCode, z.ZodObject>>;

type Schemas = typeof ERROR_DETAILS;

/** The details `fail(code, …)` takes: what the code's schema accepts, or any object for a code without one. */
export type DetailsOf<C extends ErrorCode> = C extends keyof Schemas ? z.input<Schemas[C]> : Record<string, unknown>;

/** `failUntil(code, …)`'s details: the code's, less `retry_at`, which it adds. */
export type DetailsUntil<C extends ErrorCode> = C extends keyof Schemas
  ? Schemas[C] extends z.ZodObject<infer Shape, infer Config>
    ? z.input<z.ZodObject<Omit<Shape, 'retry_at'>, Config>>
    : never
  : Record<string, unknown>;

/** The code's details schema, if it has one. */
export function detailsSchema(code: ErrorCode): z.ZodObject | undefined {
  return (ERROR_DETAILS as Partial<Record<ErrorCode, z.ZodObject>>)[code];
}
