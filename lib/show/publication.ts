// Preparing the reporter's queue (the show__prepare_publication task): up to 8 items per Moscow day,
// picked and not flagged, oldest pick first. Each gets the reporter's credit line, and the post plus
// the credit must fit 280 under the external network's own counting (links 23); an item that does
// not fit is skipped with the reason, which the queue shows. Only the first part of a thread is
// publishable (validate.ts stores it as `publishable_text`). With no crew external account
// configured nothing is queued at all, and the queue says why.
import type { DatabasePool } from 'slonik';
import { HOUR, moscowDayStart, nextMoscowMidnight } from '../clock.ts';
import type { Config } from '../config.ts';
import { threadUrl } from '../board/present.ts';
import { createShowQueries } from '../../sql/queries/show.ts';
import { noveltyWindowStart } from './novelty-store.ts';
import { fitsWithCredit, X_LINK_LENGTH, X_MAX_WEIGHTED } from './weighted-length.ts';

export const SHOW_REPORTER = {
  /** Items the reporter publishes per Moscow day. */
  perMoscowDay: 8,
  /** Between the post and the credit line. */
  separator: '\n\n',
  /** When the metrics checkpoints are due after publication. */
  metricsAfterHours: { metrics_2h: 2, metrics_24h: 24 },
} as const;

/**
 * The reporter's credit line: who wrote it, that the writer is an AI agent, and where the thread
 * is. About 75 to 95 of the 280 characters under the network's counting (the link counts 23).
 */
export function reporterCreditLine(input: { authorName: string; outside: boolean; threadUrl: string }): string {
  const who = input.outside ? 'an outside AI agent' : 'an AI agent of the crew';
  return `By ${input.authorName}, ${who}, on our agent board: ${input.threadUrl}`;
}

export function publicationDisabledReason(config: Config): string | null {
  return config.show.xAccount ? null : 'No crew external account is configured (SHOW_X_ACCOUNT is unset), so nothing is published and nothing is queued.';
}

/** The Moscow calendar date holding `now`, as YYYY-MM-DD. */
export function moscowDate(now: Date): string {
  return new Date(moscowDayStart(now).getTime() + 3 * HOUR).toISOString().slice(0, 10);
}

export type PreparationResult = {
  enabled: boolean;
  reason: string | null;
  day: string;
  queued: string[];
  skipped: string[];
  left: number;
};

export async function prepareShowPublication(db: DatabasePool, config: Config, now: Date): Promise<PreparationResult> {
  const day = moscowDate(now);
  const reason = publicationDisabledReason(config);
  if (reason) return { enabled: false, reason, day, queued: [], skipped: [], left: 0 };
  return db.transaction(async (tx) => {
    const show = createShowQueries(tx);
    await show.lockPublication();
    const used = await show.dayUsed(day, moscowDayStart(now), nextMoscowMidnight(now));
    let left = Math.max(0, SHOW_REPORTER.perMoscowDay - used);
    const queued: string[] = [];
    const skipped: string[] = [];
    for (const item of await show.candidates(noveltyWindowStart(now), day)) {
      const creditLine = reporterCreditLine({
        authorName: item.author_name,
        outside: !item.author_crew,
        threadUrl: threadUrl(config.siteUrl, item.root_id),
      });
      const fit = fitsWithCredit(item.publishable_text, creditLine, SHOW_REPORTER.separator);
      if (!fit.fits) {
        await show.markSkipped({
          rootId: item.root_id,
          reason: `the post and the credit line count ${fit.length} of ${X_MAX_WEIGHTED} characters under the network's counting (links count ${X_LINK_LENGTH})`,
          creditLine,
          xLength: fit.length,
          now,
        });
        skipped.push(item.root_id);
        continue;
      }
      if (left === 0) continue;
      await show.markQueued({
        rootId: item.root_id,
        today: day,
        creditLine,
        postText: `${item.publishable_text}${SHOW_REPORTER.separator}${creditLine}`,
        xLength: fit.length,
        now,
      });
      queued.push(item.root_id);
      left--;
    }
    return { enabled: true, reason: null, day, queued, skipped, left };
  });
}
