// The Show reporter's side: its credential (service_credentials kind 'reporter', issued by
// `npm run admin -- reporter-key`), the queue it reads, and the record of what it published.
// The record is outside text as received (a URL and the network's counters): SECRET_LIKE does not
// apply to it.
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { z } from 'zod';
import { MINUTE, HOUR, moscowDayStart, nextMoscowMidnight } from '../clock.ts';
import type { Config } from '../config.ts';
import { type AppError, fail } from '../errors.ts';
import { threadUrl } from '../board/present.ts';
import { notifyBoard } from '../board/events.ts';
import { createShowQueries } from '../../sql/queries/show.ts';
import type { ShowItem, XMetrics } from '../../sql/queries/show.ts';
import { presentX } from './feed.ts';
import { noveltyWindowStart } from './novelty-store.ts';
import { moscowDate, publicationDisabledReason, SHOW_REPORTER } from './publication.ts';
import { X_MAX_WEIGHTED } from './weighted-length.ts';

/** How far ahead of the server clock a reported time may be (clock skew). */
const FUTURE_SKEW_MS = 5 * MINUTE;

function recordAction(id: string, body: Record<string, string>) {
  return { method: 'PUT', path: `/v1/office/show/${id}/x`, body };
}

function dueAt(item: ShowItem, key: keyof typeof SHOW_REPORTER.metricsAfterHours): string | null {
  if (item.x_published_at === null) return null;
  return new Date(new Date(item.x_published_at).getTime() + SHOW_REPORTER.metricsAfterHours[key] * HOUR).toISOString();
}

/** GET /v1/office/show/queue: what to publish now, what was skipped and why, what needs metrics. */
export async function readReporterQueue(db: CommonQueryMethods, config: Config, now: Date) {
  const show = createShowQueries(db);
  const reason = publicationDisabledReason(config);
  const date = moscowDate(now);
  const start = moscowDayStart(now);
  const end = nextMoscowMidnight(now);
  const used = await show.dayUsed(date, start, end);
  const queued = reason ? [] : await show.queuedItems();
  const skipped = reason ? [] : await show.skippedItems(noveltyWindowStart(now));
  const awaiting = await show.awaitingMetrics(new Date(now.getTime() - 7 * 24 * HOUR));
  const url = (id: string) => threadUrl(config.siteUrl, id);
  return {
    version: 1 as const,
    generated_at: now.toISOString(),
    content_is_untrusted: true as const,
    publishing: { enabled: reason === null, account: config.show.xAccount, reason },
    day: {
      date,
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
      limit: SHOW_REPORTER.perMoscowDay,
      used,
      left: Math.max(0, SHOW_REPORTER.perMoscowDay - used),
    },
    items: queued.map((item) => ({
      id: item.root_id,
      thread_url: url(item.root_id),
      author: item.author_name,
      outside: !item.author_crew,
      format: item.format,
      picked_at: item.picked_at,
      queued_at: item.queued_at,
      queue_day: item.queue_day,
      post_text: item.post_text,
      text: item.publishable_text,
      credit_line: item.credit_line,
      x_length: item.x_length,
      max: X_MAX_WEIGHTED,
      link: item.link,
      media: item.media,
      record: recordAction(item.root_id, { url: '<https URL of the published post>', published_at: '<ISO 8601 time>' }),
    })),
    skipped: skipped.map((item) => ({
      id: item.root_id,
      thread_url: url(item.root_id),
      author: item.author_name,
      reason: item.skip_reason,
      x_length: item.x_length,
      max: X_MAX_WEIGHTED,
      skipped_at: item.skipped_at,
    })),
    awaiting_metrics: awaiting.map((item) => ({
      id: item.root_id,
      thread_url: url(item.root_id),
      x: presentX(item),
      missing: [item.metrics_2h === null ? 'metrics_2h' : null, item.metrics_24h === null ? 'metrics_24h' : null].filter((m) => m !== null),
      due: { metrics_2h: dueAt(item, 'metrics_2h'), metrics_24h: dueAt(item, 'metrics_24h') },
      record: recordAction(item.root_id, {
        metrics_2h: '{likes, reposts, replies, quotes, impressions?, measured_at}',
        metrics_24h: '{likes, reposts, replies, quotes, impressions?, measured_at}',
      }),
    })),
  };
}

export const XMetricsInput = z
  .object({
    likes: z.number().int().nonnegative(),
    reposts: z.number().int().nonnegative(),
    replies: z.number().int().nonnegative(),
    quotes: z.number().int().nonnegative(),
    impressions: z.number().int().nonnegative().nullable().optional(),
    measured_at: z.iso.datetime({ offset: true }),
  })
  .strict();

export const XRecordInput = z
  .object({
    url: z
      .string()
      .max(500)
      .url()
      .refine((u) => u.startsWith('https://'), 'a full https URL of the published post')
      .optional(),
    published_at: z.iso.datetime({ offset: true }).optional(),
    metrics_2h: XMetricsInput.optional(),
    metrics_24h: XMetricsInput.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'send url and published_at, or a metrics checkpoint');
export type XRecord = z.infer<typeof XRecordInput>;

function invalid(path: string, message: string): AppError {
  return fail('VALIDATION_FAILED', `Invalid body.${path}: ${message}.`, { issues: [{ where: 'body', path, message }] });
}

function iso(value: string): string {
  return new Date(value).toISOString();
}

function metrics(input: z.infer<typeof XMetricsInput>): XMetrics {
  return {
    likes: input.likes,
    reposts: input.reposts,
    replies: input.replies,
    quotes: input.quotes,
    impressions: input.impressions ?? null,
    measured_at: iso(input.measured_at),
  };
}

/**
 * PUT /v1/office/show/<id>/x. The first record needs `url` and `published_at`; later calls add the
 * 2 h and 24 h checkpoints (a checkpoint sent again replaces the stored one). A different url or
 * published_at from the recorded one is 409 CONFLICT; the same one is an idempotent repeat. The
 * item must have been in the reporter's queue (409 SHOW_NOT_QUEUED otherwise); its status becomes `posted`.
 */
export async function recordShowX(db: DatabasePool, rootId: string, body: XRecord, now: Date) {
  return db.transaction(async (tx) => {
    const show = createShowQueries(tx);
    const item = await show.lockItem(rootId);
    if (!item) throw fail('NOT_FOUND', 'No Show item with that id.');
    if (item.queue_state !== 'queued') {
      throw fail('SHOW_NOT_QUEUED', 'The item was never in the reporter queue; only queued items are published.', {
        status: item.status,
        queue: { method: 'GET', path: '/v1/office/show/queue' },
      });
    }
    // SPEC.md: a flagged item is never published, even if picked (here: queued) before the flag. A
    // publication recorded before the flag stays a fact, and its metrics are still recorded.
    if (item.flagged_at !== null && item.x_url === null) {
      throw fail('SHOW_FLAGGED', 'The item was flagged after it was queued; a flagged item is never published, so it cannot be recorded as posted.', {
        status: item.status,
        flagged_at: item.flagged_at,
      });
    }
    const url = body.url ?? item.x_url;
    const publishedAt = body.published_at !== undefined ? iso(body.published_at) : item.x_published_at;
    if (url === null) throw invalid('url', 'the first record needs the published post URL');
    if (publishedAt === null) throw invalid('published_at', 'the first record needs the publication time');
    for (const [field, sent, recorded] of [
      ['url', url, item.x_url],
      ['published_at', publishedAt, item.x_published_at],
    ] as const) {
      if (recorded !== null && sent !== recorded) {
        throw fail('CONFLICT', `The item's ${field} is already recorded as ${recorded}.`, { field, recorded });
      }
    }
    if (new Date(publishedAt).getTime() > now.getTime() + FUTURE_SKEW_MS) throw invalid('published_at', 'is in the future');
    const m2 = body.metrics_2h ? metrics(body.metrics_2h) : item.metrics_2h;
    const m24 = body.metrics_24h ? metrics(body.metrics_24h) : item.metrics_24h;
    for (const [field, m] of [
      ['metrics_2h', body.metrics_2h],
      ['metrics_24h', body.metrics_24h],
    ] as const) {
      if (!m) continue;
      const at = new Date(m.measured_at).getTime();
      if (at < new Date(publishedAt).getTime()) throw invalid(`${field}.measured_at`, 'is before published_at');
      if (at > now.getTime() + FUTURE_SKEW_MS) throw invalid(`${field}.measured_at`, 'is in the future');
    }
    await show.recordX({ rootId, url, publishedAt, metrics2h: m2, metrics24h: m24, now });
    await notifyBoard(tx, { kind: 'show_x', post_id: rootId, thread_id: rootId });
    return { id: rootId, status: 'posted' as const, x: presentX({ x_url: url, x_published_at: publishedAt, metrics_2h: m2, metrics_24h: m24 }) };
  });
}
