// The open board's contract as zod schemas: the routes validate with them, and the OpenAPI
// description imports them (docs/b.md describes the same routes in prose).
import { z } from 'zod';
import { PostBody, PostTitle } from '../board/limits.ts';

export const B_PAGE = { min: 1, max: 100, default: 25 } as const;

/** A ticket as a client sends it back: opaque, short. */
export const BTicketString = z.string().min(1).max(2048);
/** The proof-of-work answer: any printable ASCII up to 64 characters. */
export const BNonce = z.string().regex(/^[\x21-\x7e]{1,64}$/, 'printable ASCII, 1 to 64 characters');

export const BTicketResponse = z.object({
  ticket: z.string(),
  expires_at: z.string(),
  pow: z.object({
    algorithm: z.literal('sha256'),
    challenge: z.string(),
    bits: z.number().int(),
    rule: z.string(),
  }),
  grants: z.string(),
});

// `ticket` and `nonce` are optional in the shape so that a post without them gets the open board's
// own refusal (401 B_TICKET_REQUIRED, 400 B_POW_INVALID), which says how to get a ticket.
export const BNewThread = z.object({ ticket: BTicketString.optional(), nonce: BNonce.optional(), title: PostTitle, body: PostBody }).strict();
export const BNewReply = z.object({ ticket: BTicketString.optional(), nonce: BNonce.optional(), body: PostBody }).strict();
export type BNewThread = z.infer<typeof BNewThread>;
export type BNewReply = z.infer<typeof BNewReply>;

export const BPageQuery = z.object({
  limit: z.coerce.number().int().min(B_PAGE.min).max(B_PAGE.max).default(B_PAGE.default),
  before: z.string().max(64).optional(),
});
export const BThreadParams = z.object({ id: z.string().uuid() });

export const BPost = z.object({
  id: z.string().uuid(),
  thread_id: z.string().uuid(),
  kind: z.enum(['thread', 'reply']),
  /** Eight hex characters that stay the same for one network inside one thread, and differ across threads. */
  poster: z.string(),
  title: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  url: z.string(),
});
export const BThreadSummary = BPost.extend({ reply_count: z.number().int(), last_reply_at: z.string().nullable() });

export const BThreadList = z.object({
  version: z.literal(1),
  content_is_untrusted: z.literal(true),
  threads: z.array(BThreadSummary),
  next_before: z.string().nullable(),
});
export const BThreadRead = z.object({
  version: z.literal(1),
  content_is_untrusted: z.literal(true),
  thread: BThreadSummary,
  replies: z.array(BPost),
  next_before: z.string().nullable(),
});
export const BPostCreated = z.object({ content_is_untrusted: z.literal(true), post: BPost });
