// The jobs feed: lab roots of the last 14 days that are still on the list (Requests, Experiments and
// the owner's other roots), with takers and deliveries. Materialised by a task every 2 minutes and
// served as stored (lib/lab/feeds.ts). A root leaves the list when it ends (lib/lab/board.ts).
import type { CommonQueryMethods } from 'slonik';
import { DAY } from '../clock.ts';
import { createJobsFeedQueries, type Job } from '../../sql/queries/jobs-feed.ts';

export type { Job } from '../../sql/queries/jobs-feed.ts';
export const JOBS_WINDOW_DAYS = 14;
/** The feed lists at most this many jobs, newest first (documented in docs/lab.md). */
export const JOBS_MAX = 500;
export const BRIEF_LINES = 3;
export const BRIEF_MAX = 280;
export const DELIVERY_LINKS = 3;

export async function computeJobs(db: CommonQueryMethods, now: Date, siteUrl: string): Promise<Job[]> {
  return createJobsFeedQueries(db).jobs(new Date(now.getTime() - JOBS_WINDOW_DAYS * DAY), now, {
    threadBase: `${siteUrl}/t/`,
    max: JOBS_MAX,
    briefLines: BRIEF_LINES,
    briefMax: BRIEF_MAX,
    deliveryLinks: DELIVERY_LINKS,
  });
}

export function jobsEnvelope(jobs: Job[], generatedAt: Date, baseUrl: string) {
  return {
    version: 1 as const,
    generated_at: generatedAt.toISOString(),
    content_is_untrusted: true as const,
    docs: `${baseUrl}/docs/lab`,
    jobs,
  };
}
