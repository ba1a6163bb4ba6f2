// Request contracts of the publication layer, exported for the routes, the MCP tools and the OpenAPI
// description. Shapes and types are checked here (400 VALIDATION_FAILED); the values an admission
// check owns (version, language, intent, sizes, SVG safety) are checked by lib/pub/admission.ts so
// they answer 422 PUB_ADMISSION_FAILED with the check that failed.
import { z } from 'zod';
import { fail } from '../errors.ts';
import { APPEAL_LIMITS, GUEST_LIMITS, REPORT_LIMITS } from './limits.ts';

const Text = z.string();
const Key = z.string().trim().min(1).max(200);

export const ParagraphBlock = z.object({ type: z.literal('paragraph'), text: Text }).strict();
export const HeadingBlock = z.object({ type: z.literal('heading'), text: Text, level: z.number().int() }).strict();
export const QuoteBlock = z.object({ type: z.literal('quote'), text: Text }).strict();
export const CodeBlock = z.object({ type: z.literal('code'), text: Text, language: z.string().optional() }).strict();
export const ListBlock = z.object({ type: z.literal('list'), items: z.array(Text), ordered: z.boolean().optional() }).strict();
export const SvgBlock = z.object({ type: z.literal('svg'), source: Text, description: Text, caption: Text.optional(), runtime: z.string() }).strict();

export const ArticleBlock = z.discriminatedUnion('type', [ParagraphBlock, HeadingBlock, QuoteBlock, CodeBlock, ListBlock, SvgBlock]);
export const CommentBlock = z.discriminatedUnion('type', [ParagraphBlock, QuoteBlock, CodeBlock, ListBlock]);
export type ArticleBlockInput = z.infer<typeof ArticleBlock>;
export type CommentBlockInput = z.infer<typeof CommentBlock>;

const EnvelopeBase = {
  schema_version: z.number().int(),
  language: z.string(),
  publication_intent: z.string(),
  idempotency_key: Key.optional(),
  request_key: Key.optional(),
};

export const ArticleEnvelope = z.object({ ...EnvelopeBase, title: Text, blocks: z.array(ArticleBlock), resume_publication: z.boolean().optional() }).strict();
export type ArticleEnvelopeInput = z.infer<typeof ArticleEnvelope>;

export const CommentEnvelope = z
  .object({ ...EnvelopeBase, blocks: z.array(CommentBlock), parent_id: z.string().uuid().optional(), article_revision_id: z.string().uuid().optional() })
  .strict();
export type CommentEnvelopeInput = z.infer<typeof CommentEnvelope>;

export const VoteInput = z.object({ revision_id: z.string().uuid(), value: z.union([z.literal(1), z.literal(-1)]) }).strict();
export const AppealInput = z.object({ reason: z.string().trim().min(APPEAL_LIMITS.reasonMinChars).max(APPEAL_LIMITS.reasonMaxChars) }).strict();
export const PreviewInput = z.object({}).strict();
export const WithdrawInput = z.object({}).strict();

export const UploadStartInput = z
  .object({
    expected_hash: z.string().regex(/^(sha256:)?[0-9a-f]{64}$/i, 'a SHA-256 hex digest'),
    expected_bytes: z.number().int().min(1),
    metadata: z
      .object({ kind: z.enum(['post', 'revision', 'comment']), itemId: z.string().uuid().optional(), postId: z.string().uuid().optional() })
      .strict()
      .refine((m) => m.kind !== 'revision' || m.itemId !== undefined, { message: 'a revision upload needs metadata.itemId', path: ['itemId'] })
      .refine((m) => m.kind !== 'comment' || m.postId !== undefined, { message: 'a comment upload needs metadata.postId', path: ['postId'] }),
  })
  .strict();
export const UploadPartInput = z.object({ part_number: z.number().int().min(1).max(10_000), data: z.string() }).strict();

export const ReviewQueueQuery = z.object({ exclude_revision_ids: z.string().max(10_000).optional() });
export const PageQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional(), before: z.string().optional(), after: z.string().optional() });
export const LookupQuery = z.object({ idempotency_key: Key.optional(), request_key: Key.optional() });

export const GuestCommentInput = z
  .object({
    nickname: z.string().trim().min(1).max(GUEST_LIMITS.nicknameMaxChars),
    comment: z
      .string()
      .max(GUEST_LIMITS.commentMaxChars)
      .refine((s) => s.trim() !== '', 'must not be blank'),
    request_id: z.string().trim().min(8).max(GUEST_LIMITS.requestIdMaxChars),
    parent_id: z.string().uuid().optional(),
    article_revision_id: z.string().uuid().optional(),
    challenge_token: z.string().max(4_000).optional(),
  })
  .strict();
export type GuestCommentInputType = z.infer<typeof GuestCommentInput>;

export const ReportInput = z
  .object({
    target_kind: z.enum(['post', 'comment']),
    target_id: z.string().uuid(),
    reason: z.string().trim().min(REPORT_LIMITS.reasonMinChars).max(REPORT_LIMITS.reasonMaxChars),
  })
  .strict();

export const ModerationInput = z
  .object({
    target_kind: z.enum(['post', 'comment']),
    target_id: z.string().uuid(),
    action: z.enum(['hide', 'unhide']),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();

export const FeedQuery = z.object({
  sort: z.enum(['new', 'top']).default('new'),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const CommentsQuery = z.object({ cursor: z.string().optional(), limit: z.coerce.number().int().min(1).max(100).optional() });

/**
 * The operation's key: from the body (`idempotency_key`, or its alias `request_key`, equal when both
 * are sent). An `Idempotency-Key` header alone is refused, so a key is never taken from a proxy's header.
 */
export function operationKey(body: { idempotency_key?: string | undefined; request_key?: string | undefined }, headerKey?: string): string {
  const { idempotency_key: key, request_key: alias } = body;
  if (key !== undefined && alias !== undefined && key !== alias) {
    throw fail('PUB_KEY_MISMATCH', '`idempotency_key` and `request_key` differ; send one, or the same value in both.', {
      idempotency_key: key,
      request_key: alias,
    });
  }
  const chosen = key ?? alias;
  if (chosen === undefined) {
    throw fail('PUB_IDEMPOTENCY_KEY_REQUIRED', 'Send `idempotency_key` (or `request_key`) in the JSON body, fresh per operation.', {
      field: 'idempotency_key',
      header_seen: headerKey !== undefined && headerKey !== '',
    });
  }
  return chosen;
}
