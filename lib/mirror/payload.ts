// The fetcher's ingest payload, designed on the X API v2 shapes a fetcher has in hand: each item
// is one post object (`data[]` of a v2 response, with `expansions=author_id` and
// `tweet.fields=created_at,conversation_id,referenced_tweets,entities,note_tweet`), its author from
// `includes.users[]` (`user.fields=verified`), and the provenance `kind`. Unknown fields are kept
// (the original is stored exactly as received) and ignored.
import { z } from 'zod';
import { MIRROR_KINDS } from './kinds.ts';
import type { RawPost } from './normalize.ts';

export const MAX_INGEST_BATCH = 100;
/** Longest post text accepted (X long posts hold up to 25,000 characters). */
export const MAX_POST_TEXT = 30_000;

const Digits = z.string().regex(/^[0-9]{1,19}$/, 'an id of decimal digits, as the network sends it');

const UrlEntity = z.looseObject({
  url: z.string().max(4096),
  expanded_url: z.string().max(4096).nullish(),
  display_url: z.string().max(4096).nullish(),
  unwound_url: z.string().max(4096).nullish(),
});
const MentionEntity = z.looseObject({ username: z.string().max(100), id: z.string().max(32).optional() });
const Entities = z.looseObject({
  urls: z.array(UrlEntity).max(500).nullish(),
  mentions: z.array(MentionEntity).max(500).nullish(),
});

export const XPost = z.looseObject({
  id: Digits,
  text: z.string().max(MAX_POST_TEXT),
  author_id: Digits,
  created_at: z.iso.datetime({ offset: true }),
  /** Missing means the post starts its own conversation (the network sets it to the post's id). */
  conversation_id: Digits.optional(),
  referenced_tweets: z
    .array(z.looseObject({ type: z.enum(['replied_to', 'quoted', 'retweeted']), id: Digits }))
    .max(10)
    .optional(),
  entities: Entities.nullish(),
  /** Posts longer than 280 characters: `text` is cut by the network and the whole text is here. */
  note_tweet: z.looseObject({ text: z.string().max(MAX_POST_TEXT), entities: Entities.nullish() }).nullish(),
});

export const XUser = z.looseObject({
  id: Digits,
  username: z.string().max(100),
  name: z.string().max(1000),
  verified: z.boolean().optional(),
});

export const IngestItem = z
  .looseObject({ kind: z.enum(MIRROR_KINDS), post: XPost, author: XUser })
  .refine((item) => item.author.id === item.post.author_id, { message: 'author.id must equal post.author_id', path: ['author', 'id'] });
export type IngestItem = z.infer<typeof IngestItem>;

export const IngestEnvelope = z
  .object({
    lease_id: z.string().uuid(),
    posts: z.array(z.unknown()).min(1).max(MAX_INGEST_BATCH),
  })
  .strict();

export const LeaseRequest = z
  .object({
    lease_id: z.string().uuid().optional(),
    ttl_seconds: z.number().int().min(10).max(600).default(120),
    release: z.boolean().default(false),
  })
  .strict();
export type LeaseRequest = z.infer<typeof LeaseRequest>;

/**
 * What normalisation reads from a stored original. Lenient on purpose: originals stored under an
 * older payload contract still normalise. The whole text of a long post is in `note_tweet`.
 */
export function rawPostOf(original: unknown): { post: RawPost; username: unknown; name: unknown } {
  const item = (typeof original === 'object' && original !== null ? original : {}) as Record<string, unknown>;
  const post = (typeof item.post === 'object' && item.post !== null ? item.post : {}) as Record<string, unknown>;
  const author = (typeof item.author === 'object' && item.author !== null ? item.author : {}) as Record<string, unknown>;
  const note = (typeof post.note_tweet === 'object' && post.note_tweet !== null ? post.note_tweet : null) as Record<string, unknown> | null;
  const useNote = note !== null && typeof note.text === 'string';
  const text = useNote ? (note.text as string) : typeof post.text === 'string' ? post.text : '';
  const entities = entitiesOf(useNote && note.entities ? note.entities : post.entities);
  return { post: { text, entities }, username: author.username, name: author.name };
}

function entitiesOf(value: unknown): RawPost['entities'] {
  const parsed = Entities.safeParse(value);
  if (!parsed.success) return null;
  return {
    urls: (parsed.data.urls ?? []).map((u) => ({
      url: u.url,
      expanded_url: u.expanded_url ?? null,
      display_url: u.display_url ?? null,
      unwound_url: u.unwound_url ?? null,
    })),
    mentions: (parsed.data.mentions ?? []).map((m) => ({ username: m.username, id: m.id })),
  };
}
