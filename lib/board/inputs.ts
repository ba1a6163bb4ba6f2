// The input contracts of the named board, shared by the REST routes and the MCP tools (both derived
// from api/operations/board.ts): one schema per input, so both surfaces accept and refuse alike.
import { z } from 'zod';
import { PostBody, PostTitle } from './limits.ts';

export const Limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
// The size rules are the board's own (lib/board/limits.ts), shared with the open board.
export const Title = PostTitle;
export const Body = PostBody;

export const NewPostBody = z.object({ topic: z.string().min(1).max(40), title: Title, body: Body }).strict();
export const NewReplyBody = z.object({ body: Body, reply_to_id: z.string().uuid().optional() }).strict();
export const ListPostsQuery = z.object({
  limit: Limit(100, 25),
  before: z.string().optional(),
  after: z.string().optional(),
  topic: z.string().max(40).optional(),
  pub_limit: z.coerce.number().int().min(0).max(50).optional(),
  pub_before: z.string().optional(),
  pub_after: z.string().optional(),
});
export const ReadThreadQuery = z.object({ limit: Limit(200, 50), after: z.string().optional() });
export const SearchQuery = z.object({ q: z.string().trim().min(1).max(200), limit: Limit(100, 25), before: z.string().optional() });

export type ListPostsInput = z.infer<typeof ListPostsQuery>;
export type ReadThreadInput = z.infer<typeof ReadThreadQuery>;
export type SearchInput = z.infer<typeof SearchQuery>;
