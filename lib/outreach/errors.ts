// Every OUTREACH_* refusal in one table, registered with the error registry so the funnel renders
// it and /docs/errors lists it. Statuses: 422 for what the request says (content, address, page),
// 409 for the state of a contact or thread, 429 for caps (always with `details.retry_at`), 403 for
// the role, 503 while the owner has not set outreach up.
import { AppError, quotaError, registerErrorCodes } from '../errors.ts';
import type { ErrorDetails } from '../errors.ts';

/** Said by every refusal about an address, so nobody can miss what the rule is for. */
export const PROFESSIONAL_ADDRESSES_ONLY =
  'Only professional addresses that people published for their work are allowed; private individuals, ' +
  'bought, rented or scraped lists, and guessed addresses are not.';

export const OUTREACH_ERROR_CODES = {
  OUTREACH_NOT_CONFIGURED: {
    status: 503,
    summary: 'The owner has not set up the sending domain, mailbox, postal address and mode yet; nothing can be sent.',
  },
  OUTREACH_RESIDENTS_ONLY: {
    status: 403,
    summary: "Outreach is for the operator's listed residents with an active residency.",
  },
  OUTREACH_MODE_OFF: {
    status: 409,
    summary: 'Outreach mode is `off`: nothing is sent or stored. Contacts can still be added and listed.',
  },
  OUTREACH_CONTENT_REFUSED: {
    status: 422,
    summary:
      'Price and profit talk, airdrops and giveaways, or claimed ties (partnered with, backed by, ...). `details.matches` lists every match.',
  },
  OUTREACH_SUBJECT_LENGTH: { status: 422, summary: 'The subject must be 5 to 90 characters (`details.min`, `details.max`, `details.length`).' },
  OUTREACH_BODY_LENGTH: {
    status: 422,
    summary: 'The body must be 200 to 1,200 characters of plain text (`details.min`, `details.max`, `details.length`).',
  },
  OUTREACH_BODY_NOT_PLAIN_TEXT: {
    status: 422,
    summary: 'The subject and body must be plain text: no HTML markup and no control characters (`details.match`).',
  },
  OUTREACH_TOO_MANY_LINKS: {
    status: 422,
    summary: 'At most 2 links per email; a bare domain counts as a link (`details.links`, `details.max`).',
  },
  OUTREACH_LINK_NOT_ALLOWED: {
    status: 422,
    summary:
      "Links may point only to the service's own host and to the allowlisted market-data and code-hosting hosts (`details.refused`, `details.allowed_hosts`).",
  },
  OUTREACH_ADDRESS_INVALID: { status: 422, summary: 'The address is not a valid email address. ' + PROFESSIONAL_ADDRESSES_ONLY },
  OUTREACH_ADDRESS_FREE_MAIL: {
    status: 422,
    summary: 'Free-mail provider addresses are refused. ' + PROFESSIONAL_ADDRESSES_ONLY,
  },
  OUTREACH_ADDRESS_DE: { status: 422, summary: 'Addresses under `.de` are refused. ' + PROFESSIONAL_ADDRESSES_ONLY },
  OUTREACH_ADDRESS_ROLE: {
    status: 422,
    summary: 'Role addresses (noreply, privacy, legal, abuse, security, postmaster and similar) are refused. ' + PROFESSIONAL_ADDRESSES_ONLY,
  },
  OUTREACH_SOURCE_URL_INVALID: {
    status: 422,
    summary: '`source_url` must be a public https page where the address is published. ' + PROFESSIONAL_ADDRESSES_ONLY,
  },
  OUTREACH_SOURCE_UNREADABLE: {
    status: 422,
    summary:
      'The server could not read `source_url` (`details.reason`: blocked_address, too_many_redirects, too_large, timeout, http_status, unsupported_type, ...).',
  },
  OUTREACH_ADDRESS_NOT_ON_PAGE: {
    status: 422,
    summary: 'The address is not written on the `source_url` page, plainly or as `name [at] domain`. ' + PROFESSIONAL_ADDRESSES_ONLY,
  },
  OUTREACH_ADDRESS_DOMAIN_MISMATCH: {
    status: 422,
    summary: "The address's registrable domain must be the page's own (`details.address_domain`, `details.page_domain`). " + PROFESSIONAL_ADDRESSES_ONLY,
  },
  OUTREACH_CONTACT_QUOTA: { status: 429, summary: '30 new contacts per agent per Moscow day; retry at `details.retry_at`.' },
  OUTREACH_CONTACT_SUPPRESSED: {
    status: 409,
    summary: 'The address opted out (a reply or the stop link); no agent can ever email it again.',
  },
  OUTREACH_CONTACT_BOUNCED: { status: 409, summary: 'Mail to the address bounced permanently; it can never be emailed again.' },
  OUTREACH_FIRST_CONTACT_USED: {
    status: 409,
    summary: 'One first contact per address, ever. Name the earlier email in `follow_up_of` to follow up or answer.',
  },
  OUTREACH_FIRST_CONTACT_PENDING: {
    status: 409,
    summary: 'The first contact has not been sent yet (queued for the owner); a follow-up or answer must wait.',
  },
  OUTREACH_FOLLOW_UP_OF_INVALID: {
    status: 422,
    summary: '`follow_up_of` must name your own earlier email to the same contact.',
  },
  OUTREACH_FOLLOW_UP_TOO_EARLY: {
    status: 409,
    summary: 'A follow-up comes at least 5 days after the first contact; `details.retry_at` says when.',
  },
  OUTREACH_FOLLOW_UP_USED: { status: 409, summary: 'One follow-up per address, and it was already used.' },
  OUTREACH_FOLLOW_UP_AFTER_REPLY: {
    status: 409,
    summary: 'Somebody replied, so no follow-up: answer only after a reply from the contacted address itself.',
  },
  OUTREACH_ANSWERS_USED: { status: 409, summary: 'After a reply from the contacted address, up to 3 answers; they are used.' },
  OUTREACH_AGENT_DAY_CAP: { status: 429, summary: '3 sends per agent per Moscow day; retry at `details.retry_at` (Moscow midnight).' },
  OUTREACH_FLEET_DAY_CAP: {
    status: 429,
    summary: "The fleet's daily send cap is used (`details.cap`); retry at `details.retry_at` (Moscow midnight).",
  },
  OUTREACH_OUTLET_WEEK_CAP: {
    status: 429,
    summary: '2 first contacts per outlet domain per rolling 7 days (`details.outlet_domain`); retry at `details.retry_at`.',
  },
  OUTREACH_EXPERIMENT_REQUIRED: {
    status: 422,
    summary: '`experiment_id` must be the UUID of your own `Experiment:` root.',
  },
  OUTREACH_CHANNEL_NOT_CREATED: { status: 409, summary: 'The owner has not created this channel yet.' },
  OUTREACH_CHANNEL_TEXT_LENGTH: { status: 422, summary: 'A channel post is at most 600 characters (`details.max`, `details.length`).' },
  OUTREACH_CHANNEL_MENTIONS: { status: 422, summary: '`social` posts allow at most 1 mention (`details.mentions`).' },
  OUTREACH_CHANNEL_DAY_CAP: {
    status: 429,
    summary: 'The channel day cap is used (`messaging` 6, `social` 8 per Moscow day); retry at `details.retry_at`.',
  },
  OUTREACH_CHANNEL_AGENT_CAP: { status: 429, summary: '`social`: 1 post per agent per rolling 6 hours; retry at `details.retry_at`.' },
  OUTREACH_MESSAGE_STATE: {
    status: 409,
    summary: 'The message or post is not in a state that allows this (`details.status`; approve and reject need `queued`, resolve needs `unknown`).',
  },
  OUTREACH_CHANNEL_ADAPTER_MISSING: {
    status: 409,
    summary: 'The channel has no delivery adapter: set `MESSAGING_WEBHOOK_URL` or `SOCIAL_WEBHOOK_URL` before creating it.',
  },
} as const;

export type OutreachCode = keyof typeof OUTREACH_ERROR_CODES;

registerErrorCodes(OUTREACH_ERROR_CODES);

/** An AppError for an OUTREACH_* code with the status of the table above. */
export function outreachError(code: OutreachCode, message: string, details?: ErrorDetails): AppError {
  return new AppError(OUTREACH_ERROR_CODES[code].status, code, message, details);
}

/** A 429 OUTREACH_* cap: `details.retry_at` plus `Retry-After`. */
export function outreachCapError(code: OutreachCode, message: string, retryAt: Date, now: Date, details: ErrorDetails = {}): AppError {
  return quotaError(code, message, retryAt, now, details);
}

/** A 409 that says when it may be tried again (`details.retry_at`), without the 429 quota semantics. */
export function outreachWaitError(code: OutreachCode, message: string, retryAt: Date, details: ErrorDetails = {}): AppError {
  return outreachError(code, message, { ...details, retry_at: retryAt.toISOString() });
}
