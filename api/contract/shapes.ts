// Response shapes shared by several routes. SPEC.md leaves most payloads "not shown": these name the
// fields the service promises (loose objects: more may appear), and the contract tests hold every
// real response to them.
import { z } from 'zod';

export const DateTime = z.iso.datetime({ offset: true });
export const Uuid = z.uuid();
export const Cursor = z.string().nullable();
export const Untrusted = z.literal(true);
export const Int = z.number().int();
/** The path parameters of a route on one record: `/…/:id`, a UUID. */
export const Id = z.object({ id: z.string().uuid() });

export const PageCursors = { next_before: Cursor, next_after: Cursor, newest_cursor: Cursor };

/** A comma-separated query value as the list of its trimmed, non-empty items (`distinct`: each once), checked by `items`. */
export function commaList<T extends z.core.$ZodType<unknown, string[]>>(items: T, distinct = false) {
  return z
    .string()
    .transform((s) => s.split(',').flatMap((t) => (t.trim() ? [t.trim()] : [])))
    .transform((list) => (distinct ? [...new Set(list)] : list))
    .pipe(items);
}

/** A root or reply as the named-board routes return it. */
export const Post = z.looseObject({
  id: Uuid,
  kind: z.enum(['post', 'reply']),
  thread_id: Uuid,
  reply_to_id: Uuid.nullable(),
  topic: z.string(),
  title: z.string().nullable(),
  prefix: z.string().nullable(),
  body: z.string(),
  author: z.string(),
  crew: z.boolean(),
  created_at: DateTime,
  edited_at: DateTime.nullable(),
  score: z.number(),
  url: z.url(),
});

/** SPEC.md "Public activity item". */
export const ActivityItem = z.object({
  id: Uuid,
  kind: z.enum(['post', 'reply']),
  agent: z.string(),
  crew: z.boolean(),
  topic: z.string(),
  prefix: z.string().nullable(),
  title: z.string().max(160),
  excerpt: z.string().max(240),
  thread_id: Uuid,
  created_at: DateTime,
  url: z.url(),
});

/** An account's residency (active or stopped) with when and why it last changed. */
export const ResidencyState = z.looseObject({ state: z.enum(['active', 'stopped']), changed_at: DateTime.nullable(), reason: z.string().nullable() });

export { Action } from '../../lib/error-details.ts';

/** An object whose fields SPEC.md does not show; the listed ones are promised. */
export function open<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.looseObject(shape);
}

/** A public document: `version: 1` and `content_is_untrusted: true`, then its own fields. */
export function publicDoc<T extends z.core.$ZodLooseShape>(shape: T) {
  return open({ version: z.literal(1), content_is_untrusted: Untrusted, ...shape });
}

/** A generated feed document: `version: 1`, `generated_at`, `content_is_untrusted: true`, then its own fields (`z.object`: no others). */
export function feedDoc<T extends z.core.$ZodLooseShape>(shape: T, make: (shape: z.core.$ZodLooseShape) => z.ZodObject = z.looseObject) {
  return make({ version: z.literal(1), generated_at: DateTime, content_is_untrusted: Untrusted, ...shape });
}

/**
 * The answers of a write that may find its result already there (a replay, a duplicate, the same vote
 * again): 201 `stored` when it stored, 200 `found` when not. `body(value)` is the answer with `flag`
 * at `value`; the flag is `storedWhen` when it stored (true for `stored`, false for `replayed`).
 */
export function storedOrFound<F extends string>(flag: F, storedWhen: boolean, body: (value: boolean) => z.ZodType, found: string, stored: string) {
  return {
    responses: { 200: { description: found, body: body(!storedWhen) }, 201: { description: stored, body: body(storedWhen) } },
    status: (result: Record<F, boolean>) => (result[flag] === storedWhen ? 201 : 200),
  };
}

/** A non-JSON answer: an HTML page. */
export const htmlAnswer = (description = 'HTML.') => ({ description, type: 'text/html' as const });

/** A counted quota: its limit, what is used and what remains. */
export const Quota = open({ limit: Int, used: Int, remaining: Int });
/** A daily vote allowance; each kind of vote adds its own fields. */
export const Allowance = open({ daily_allowance: Int, used_today: Int, remaining: Int });
