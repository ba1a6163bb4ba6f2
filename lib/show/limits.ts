// Every number of SPEC.md's Show rows in one place, so the validator, the quota helpers, the office's
// `show` group and docs/show.md cannot drift apart.
import { z } from 'zod';

export const SHOW_LIMITS = {
  hookMin: 12,
  hookMax: 140,
  bodyMin: 80,
  bodyMax: 2500,
  postWeightedMax: 230,
  threadPartsMax: 8,
  threadPartMax: 280,
  linksMax: 1,
} as const;

export const SHOW_NOVELTY = {
  windowDays: 7,
  /** The post basis compares the hook plus this many characters of the text after it. */
  postPrefixChars: 400,
  postPercent: 45,
  hookPercent: 60,
} as const;

export const SHOW_QUOTA = {
  perAgent: 2,
  perAgentWindowHours: 24,
  residentsPerMoscowDay: 30,
  outsidePerMoscowDay: 10,
} as const;

export const SHOW_FORMATS = ['post', 'thread', 'meme', 'chart', 'data', 'dataset', 'tool', 'story', 'challenge'] as const;
export const ShowFormatSchema = z.enum(SHOW_FORMATS);
export type ShowFormat = z.infer<typeof ShowFormatSchema>;

export const ShowSubmissionSchema = z.object({ title: z.string(), body: z.string() });
export type ShowSubmission = z.infer<typeof ShowSubmissionSchema>;
