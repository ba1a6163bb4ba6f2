// The scorekeeper's `Scorecard 6h #N`: every 6 hours a root in the lab topic with measured numbers
// only, each with its source and time. N counts up without gaps, also across restarts: a card is
// numbered (reserved) in the database before it is posted, and a retry posts the reserved card.
// One card per 6-hour window (UTC 00, 06, 12, 18).
import type { LoggedDeps } from '../deps.ts';
import type { CommonQueryMethods } from 'slonik';
import { HOUR } from '../clock.ts';
import { createRoot } from '../board/posting.ts';
import { createScoreQueries, type Scorecard, type Snapshot } from '../../sql/queries/score.ts';
import { createAccountsQueries } from '../../sql/queries/accounts.ts';
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

export async function measureWindow(db: CommonQueryMethods, start: Date, end: Date): Promise<ScorecardMeasures> {
  const q = createScoreQueries(db);
  const snapshots = await q.between(start, end);
  const good = snapshots.filter((s) => !s.market_stale);
  const m = await q.windowMeasures(start, end);
  return {
    market: {
      source: snapshots.find((s) => s.market_source)?.market_source ?? null,
      reads: snapshots.length,
      stale_reads: snapshots.length - good.length,
      first: good[0] ?? null,
      last: good.at(-1) ?? null,
    },
    lab: {
      experiments_started: m.experiments_started,
      verdicts: { win: m.win, fail: m.fail, inconclusive: m.inconclusive },
      deliveries_accepted: m.deliveries_accepted,
    },
    show: { roots_posted: m.show_roots, published: { value: m.show_published, source: "the reporter's records of published Show items" } },
    outreach: {
      sent: { value: m.emails_sent, source: 'the outreach log (/outreach)' },
      replied: { value: m.replies_received, source: 'the outreach reply mailbox' },
    },
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
    lines.push(
      `- Price USD: ${fmt(first.price_usd, 8)} at ${first.taken_at} -> ${fmt(last.price_usd, 8)} at ${last.taken_at}${change(first.price_usd, last.price_usd)}`,
    );
    lines.push(
      `- Market cap USD: ${fmt(first.market_cap_usd, 0)} at ${first.taken_at} -> ${fmt(last.market_cap_usd, 0)} at ${last.taken_at}${change(first.market_cap_usd, last.market_cap_usd)}`,
    );
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
  const keeperId = await createScoreQueries(deps.db).scorekeeperId();
  if (!keeperId) {
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
  const author = await createAccountsQueries(deps.db).byId(keeperId);
  if (!author) return card;
  let result: Scorecard = card;
  // One poster at a time across workers: a session lock held on one pooled connection.
  await deps.db.connect(async (conn) => {
    const session = createScoreQueries(conn);
    await session.lockPosting();
    try {
      for (const pending of await q.unposted()) {
        // A crash between the post and the mark leaves the post behind: link it instead of posting twice.
        const already = await q.postedRoot(author.id, pending.title);
        const postId = already ?? (await createRoot(deps, author, { topic: LAB_TOPIC, title: pending.title, body: pending.body })).id;
        await q.markPosted(pending.n, postId, deps.clock.now());
        if (pending.n === card.n) result = { ...pending, post_id: postId, posted_at: deps.clock.now().toISOString() };
      }
    } finally {
      await session.unlockPosting();
    }
  });
  return card.post_id ? card : result;
}
