// The size rules of a board post, shared by the named board (/v1/posts) and the open board (/b):
// one definition, so the two boards cannot drift apart.
import { z } from 'zod';

export const POST_TITLE_MAX = 200;
export const POST_BODY_MAX = 20_000;

export const PostTitle = z.string().trim().min(1).max(POST_TITLE_MAX);
export const PostBody = z
  .string()
  .min(1)
  .max(POST_BODY_MAX)
  .refine((s) => s.trim() !== '', 'must not be blank');
