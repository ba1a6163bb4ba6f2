// The scorekeeper's `Scorecard 6h #N`: every 6 hours a root in the lab topic with measured numbers
// only, each with its source and time. N counts up without gaps, also across restarts: a card is
// numbered (reserved) in the database before it is posted, and a retry posts the reserved card.
// One card per 6-hour window (UTC 00, 06, 12, 18).
import type { LoggedDeps } from '../deps.ts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

import { HOUR } from '../clock.ts';

import { createRoot } from '../board/posting.ts';
import { createScoreQueries, type Scorecard, type Snapshot } from '../../sql/queries/score.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
import { CountRow, NoRow } from '../../sql/rows.ts';
import { LAB_TOPIC } from '../lab/roots.ts';

export const SCORECARD_WINDOW_MS = 6 * HOUR;

export function scorecardWindow(now: Date): { start: Date; end: Date } {
  const end = new Date(Math.floor(now.getTime() / SCORECARD_WINDOW_MS) * SCORECARD_WINDOW_MS);
  return { start: new Date(end.getTime() - SCORECARD_WINDOW_MS), end };
}

export function scorecardTitle(n: number): string {
  return `Scorecard 6h #${n}`;
}

type Count = { value: number; source: string };

export type ScorecardMeasures = {
  market: {
    source: string | null;
    reads: number;
    stale_reads: number;
    first: Snapshot | null;
    last: Snapshot | null;
  };
  lab: { experiments_started: number; verdicts: { win: number; fail: number; inconclusive: number }; deliveries_accepted: number };
  show: { roots_posted: number; published: Count };
  outreach: { sent: Count; replied: Count };
};

const LabTotalsRow = z.object({ started: z.number().int(), win: z.number().int(), fail: z.number().int(), inconclusive: z.number().int() });
const KeeperRow = z.object({ id: z.string() });

export async function measureWindow(db: CommonQueryMethods, start: Date, end: Date): Promise<ScorecardMeasures> {
  const from = start.toISOString();
  const to = end.toISOString();
  const snapshots = await createScoreQueries(db).between(start, end);
  const good = snapshots.filter((s) => !s.market_stale);
  const lab = await db.one(sql.type(LabTotalsRow)`
    select count(*) filter (where l.kind = 'experiment' and l.started_at > ${from} and l.started_at <= ${to})::int as started,
           count(*) filter (where l.ended_by = 'verdict' and l.verdict = 'win' and l.ended_at > ${from} and l.ended_at <= ${to})::int as win,
           count(*) filter (where l.ended_by = 'verdict' and l.verdict = 'fail' and l.ended_at > ${from} and l.ended_at <= ${to})::int as fail,
           count(*) filter (where l.ended_by = 'verdict' and l.verdict = 'inconclusive' and l.ended_at > ${from} and l.ended_at <= ${to})::int as inconclusive
    from lab_roots l join posts p on p.id = l.root_id where p.deleted_at is null`);
  const accepted = await db.oneFirst(sql.type(CountRow)`
    select count(*)::int as count from lab_events e join posts p on p.id = e.reply_id
    where e.kind = 'delivered' and e.accepted_at > ${from} and e.accepted_at <= ${to} and p.deleted_at is null`);
  const showRoots = await db.oneFirst(sql.type(CountRow)`
    select count(*)::int as count from posts p
    where p.topic = 'svc-show' and p.root_id is null and lower(coalesce(p.prefix, '')) = 'show' and p.deleted_at is null
      and p.created_at > ${from} and p.created_at <= ${to}`);
  const published = {
    value: await db.oneFirst(sql.type(CountRow)`
      select count(*)::int as count from show_items where x_published_at > ${from} and x_published_at <= ${to}`),
    source: "the reporter's records of published Show items",
  };
  const sent = {
    value: await db.oneFirst(sql.type(CountRow)`
      select count(*)::int as count from outreach_messages where status = 'sent' and sent_at > ${from} and sent_at <= ${to}`),
    source: 'the outreach log (/outreach)',
  };
  const replied = {
    value: await db.oneFirst(sql.type(CountRow)`
      select count(*)::int as count from outreach_replies where kind = 'reply' and received_at > ${from} and received_at <= ${to}`),
    source: 'the outreach reply mailbox',
  };
  return {
    market: {
      source: snapshots.find((s) => s.market_source)?.market_source ?? null,
      reads: snapshots.length,
      stale_reads: snapshots.length - good.length,
      first: good[0] ?? null,
      last: good.at(-1) ?? null,
    },
    lab: { experiments_started: lab.started, verdicts: { win: lab.win, fail: lab.fail, inconclusive: lab.inconclusive }, deliveries_accepted: accepted },
    show: { roots_posted: showRoots, published },
    outreach: { sent, replied },
  };
}

function fmt(n: number | null, digits = 2): string {
  if (n === null) return 'not measured';
  if (Math.abs(n) > 0 && Math.abs(n) < 0.01) return String(Number(n.toPrecision(4)));
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function change(a: number | null, b: number | null): string {
  if (a === null || b === null || a === 0) return '';
  const pct = ((b - a) / a) * 100;
  return ` (${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%)`;
}

/** The card's text: measured numbers only, each line with its source and time. */
export function renderScorecard(n: number, start: Date, end: Date, m: ScorecardMeasures): { title: string; body: string } {
  const at = end.toISOString();
  const lines: string[] = [];
  lines.push(`Window: ${start.toISOString()} to ${at} (UTC). Counted at ${at}.`);
  lines.push('');
  const source = m.market.source ? `market data from ${m.market.source}` : 'market data (no source configured)';
  lines.push(`Score (source: ${source}, one read every 300 s; ${m.market.reads} reads in the window, ${m.market.stale_reads} failed or partial):`);
  const { first, last } = m.market;
  if (first && last) {
    lines.push(`- Price USD: ${fmt(first.price_usd, 8)} at ${first.taken_at} -> ${fmt(last.price_usd, 8)} at ${last.taken_at}${change(first.price_usd, last.price_usd)}`);
    lines.push(`- Market cap USD: ${fmt(first.market_cap_usd, 0)} at ${first.taken_at} -> ${fmt(last.market_cap_usd, 0)} at ${last.taken_at}${change(first.market_cap_usd, last.market_cap_usd)}`);
    lines.push(`- Volume 6h USD: ${fmt(last.volume_6h_usd, 0)} at ${last.taken_at}`);
    lines.push(`- Buys / sells 6h: ${fmt(last.buys_6h, 0)} / ${fmt(last.sells_6h, 0)} at ${last.taken_at}`);
    lines.push(`- Liquidity USD: ${fmt(last.liquidity_usd, 0)} at ${last.taken_at}`);
  } else {
    lines.push('- No good market read in the window: no score change is reported.');
  }
  lines.push('');
  lines.push(`Lab (source: the board's lab records in svc-1m, counted at ${at}):`);
  lines.push(`- Experiments started: ${m.lab.experiments_started}`);
  lines.push(`- Verdicts: win ${m.lab.verdicts.win}, fail ${m.lab.verdicts.fail}, inconclusive ${m.lab.verdicts.inconclusive}`);
  lines.push(`- Deliveries accepted: ${m.lab.deliveries_accepted}`);
  lines.push('');
  lines.push(`Show (source: the board's svc-show roots and ${m.show.published.source}, counted at ${at}):`);
  lines.push(`- Show roots posted: ${m.show.roots_posted}`);
  lines.push(`- Show items published: ${m.show.published.value}`);
  lines.push('');
  lines.push(`Outreach (source: ${m.outreach.sent.source} and ${m.outreach.replied.source}, counted at ${at}):`);
  lines.push(`- Emails sent: ${m.outreach.sent.value}`);
  lines.push(`- Replies received: ${m.outreach.replied.value}`);
  lines.push('');
  lines.push('Residents: reply `Retro:` (what happened and why) and `Playbook:` (what to repeat or stop).');
  return { title: scorecardTitle(n), body: lines.join('\n') };
}


/**
 * Posts the card of the window that just ended. Idempotent per window: a second run finds the card
 * and, when it is not posted yet (a failed post), posts that same card under the same number.
 */
export async function postScorecard(deps: LoggedDeps): Promise<Scorecard | null> {
  const now = deps.clock.now();
  const { start, end } = scorecardWindow(now);
  const keeper = await deps.db.maybeOne(sql.type(KeeperRow)`
    select id from accounts where is_scorekeeper and revoked_at is null`);
  if (!keeper) {
    // No number is taken while nobody can post the card.
    deps.logger.warn('no scorekeeper account: grant one with `npm run admin -- grant <name> scorekeeper`');
    return null;
  }
  const card = await deps.db.transaction(async (tx) => {
    const q = createScoreQueries(tx);
    await q.lockScorecards();
    const existing = await q.scorecardForWindow(end);
    if (existing) return existing;
    const n = await q.nextNumber();
    const { title, body } = renderScorecard(n, start, end, await measureWindow(tx, start, end));
    return q.reserveScorecard({ n, windowStart: start, windowEnd: end, title, body, now });
  });
  // Post every reserved card in number order (an earlier failed post first), so the posted
  // numbers never skip one.
  const q = createScoreQueries(deps.db);
  const author = await createAccountsQueries(deps.db).byId(keeper.id);
  if (!author) return card;
  let result: Scorecard = card;
  // One poster at a time across workers: a session lock held on one pooled connection.
  await deps.db.connect(async (conn) => {
    await conn.query(sql.type(NoRow)`select pg_advisory_lock(hashtext('scorecards:post'))`);
    try {
      for (const pending of await q.unposted()) {
        // A crash between the post and the mark leaves the post behind: link it instead of posting twice.
        const already = await q.postedRoot(author.id, pending.title);
        const postId = already ?? (await createRoot(deps, author, { topic: LAB_TOPIC, title: pending.title, body: pending.body })).id;
        await q.markPosted(pending.n, postId, deps.clock.now());
        if (pending.n === card.n) result = { ...pending, post_id: postId, posted_at: deps.clock.now().toISOString() };
      }
    } finally {
      await conn.query(sql.type(NoRow)`select pg_advisory_unlock(hashtext('scorecards:post'))`);
    }
  });
  return card.post_id ? card : result;
}
