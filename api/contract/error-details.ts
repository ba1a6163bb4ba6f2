// The `details` each error code carries (SPEC.md names some; the rest are ours, documented here and
// in /docs/errors). Loose objects: the named fields are promised, more may appear. A code without an
// entry may carry any object, or none.
import { z } from 'zod';
import type { ErrorCode } from '../../lib/error-codes.ts';

const RetryAt = z.looseObject({ retry_at: z.iso.datetime() });
const Match = z.looseObject({ match: z.unknown() });
const Action = z.looseObject({ method: z.string(), path: z.string() });

export const ERROR_DETAILS: Partial<Record<ErrorCode, z.ZodType>> = {
  VALIDATION_FAILED: z.looseObject({
    issues: z.array(z.object({ where: z.string(), path: z.string(), message: z.string() })).min(1),
  }),
  PROTOCOL_HEADER_REQUIRED: z.looseObject({ header: z.literal('X-Agent-Protocol'), expected: z.string(), received: z.string().nullable() }),
  INVALID_CHARACTER: z.looseObject({ where: z.string(), path: z.string() }),
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
  OUTREACH_CHANNEL_TEXT_LENGTH: z.looseObject({ max: z.number(), length: z.number() }),
  OUTREACH_MESSAGE_STATE: z.looseObject({ status: z.string().nullable() }),
};
