// score__snapshot against a local market-data server serving recorded DexScreener-shaped responses
// and failures: each source is stored as read, a failed or partial source is null + stale (never a
// zero, never an older value), one snapshot per slot; score_snapshots__prune keeps 14 days.
import test from 'ava';
import { sql } from 'slonik';
import { z } from 'zod';
import { enqueue } from '../../lib/jobs.ts';
import { loadConfig } from '../../lib/config.ts';
import { readScoreSources } from '../../lib/score/snapshot.ts';
import { createScoreQueries, SnapshotRow } from '../../sql/queries/score.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { RECORDED_MINT, RECORDED_TOKEN, startMarketServer, type MarketServer } from '../helpers/market.ts';

let app: TestApp;
let market: MarketServer;
test.before(async () => {
  market = await startMarketServer({
    '/tokens': { kind: 'json', body: RECORDED_TOKEN },
    '/burned': { kind: 'json', body: { data: { burned: '12500000.5' } } },
    '/buyback': { kind: 'json', body: { amount_usd: 4210.25 } },
  });
  app = await startTestApp({
    TOKEN_MINT: RECORDED_MINT,
    SCORE_SOURCE_URL: market.url('/tokens'),
    SCORE_BURNED_URL: market.url('/burned'),
    SCORE_BURNED_FIELD: 'data.burned',
    SCORE_BUYBACK_URL: market.url('/buyback'),
    // A read of the local market server never reaches this, however loaded the machine; the
    // deadline itself is tested against a source that never answers (below).
    SCORE_FETCH_TIMEOUT_MS: '120000',
  });
});
test.after.always(async () => {
  await app?.close();
  await market?.stop();
});

async function snapshotNow(env?: Record<string, string>) {
  app.clock.advance(300_000);
  await enqueue(app.db, 'score__snapshot', {});
  await app.runJobs(env ? { env } : {});
  const latest = await createScoreQueries(app.db).latest();
  if (!latest) throw new Error('no snapshot');
  return latest;
}

const MARKET_KEYS = [
  'price_usd',
  'market_cap_usd',
  'volume_1h_usd',
  'volume_6h_usd',
  'volume_24h_usd',
  'buys_1h',
  'sells_1h',
  'buys_24h',
  'sells_24h',
  'change_1h_pct',
  'change_6h_pct',
  'change_24h_pct',
  'liquidity_usd',
] as const;

test.serial('a good read stores the most liquid pair of the mint and both amounts', async (t) => {
  const s = await snapshotNow();
  t.is(s.taken_at, app.clock.now().toISOString());
  t.is(s.mint, RECORDED_MINT);
  t.false(s.market_stale);
  t.is(s.market_error, null);
  t.is(s.market_source, new URL(market.url('/')).host);
  t.is(s.price_usd, 0.001734);
  t.is(s.market_cap_usd, 1734000);
  t.is(s.volume_1h_usd, 6120.04);
  t.is(s.volume_6h_usd, 40211.5);
  t.is(s.volume_24h_usd, 184233.17);
  t.is(s.buys_1h, 41);
  t.is(s.sells_1h, 29);
  t.is(s.buys_24h, 903);
  t.is(s.change_1h_pct, -1.83);
  t.is(s.change_24h_pct, 12.7);
  t.is(s.liquidity_usd, 88412.61);
  t.is(s.burned_tokens, 12500000.5);
  t.false(s.burned_stale);
  t.is(s.buyback_spent_usd, 4210.25);
  t.false(s.buyback_stale);
});

test.serial('a failing market source stores null numbers with stale true; the other sources keep their own reads', async (t) => {
  market.set('/tokens', { kind: 'status', status: 502 });
  const s = await snapshotNow();
  t.true(s.market_stale);
  t.is(s.market_error, 'HTTP 502');
  for (const key of MARKET_KEYS) t.is(s[key], null, key);
  t.false(s.burned_stale);
  t.is(s.burned_tokens, 12500000.5);
  market.set('/tokens', { kind: 'json', body: RECORDED_TOKEN });
});

test.serial('a hanging source times out; malformed JSON and a response without our pair are stale too', async (t) => {
  // The source never answers, so only the deadline (short for this run) ends its read. The other
  // sources' reads under that short deadline are not judged here (a busy machine may miss it);
  // that one source's failure leaves the others' reads alone is the test above.
  market.set('/buyback', { kind: 'hang' });
  const hung = await snapshotNow({ SCORE_FETCH_TIMEOUT_MS: '300' });
  t.true(hung.buyback_stale);
  t.is(hung.buyback_spent_usd, null);
  t.is(hung.buyback_error, 'timeout after 300 ms');
  market.set('/buyback', { kind: 'json', body: { amount_usd: 4210.25 } });

  market.set('/tokens', { kind: 'raw', body: '{"pairs": [' });
  const malformed = await snapshotNow();
  t.true(malformed.market_stale);
  t.is(malformed.market_error, 'not JSON');
  t.is(malformed.price_usd, null);

  market.set('/tokens', { kind: 'json', body: { pairs: [RECORDED_TOKEN.pairs[2]] } });
  const foreign = await snapshotNow();
  t.true(foreign.market_stale);
  t.is(foreign.market_error, 'no pair for the mint');
  t.is(foreign.price_usd, null);

  market.set('/burned', { kind: 'json', body: { data: {} } });
  const noField = await snapshotNow();
  t.true(noField.burned_stale);
  t.is(noField.burned_tokens, null);
  market.set('/burned', { kind: 'json', body: { data: { burned: '12500000.5' } } });
  market.set('/tokens', { kind: 'json', body: RECORDED_TOKEN });
});

test.serial('a partial read keeps what it measured, nulls the rest (never zero) and is stale', async (t) => {
  const pair = structuredClone(RECORDED_TOKEN.pairs[0]);
  delete pair.marketCap;
  delete pair.txns.h1;
  pair.volume.h6 = 'n/a';
  market.set('/tokens', { kind: 'json', body: { pairs: [pair] } });
  const s = await snapshotNow();
  t.true(s.market_stale);
  t.regex(s.market_error ?? '', /partial read: missing market_cap_usd, volume_6h_usd, buys_1h, sells_1h/);
  t.is(s.market_cap_usd, null);
  t.is(s.buys_1h, null);
  t.is(s.volume_6h_usd, null);
  t.is(s.price_usd, 0.001734);
  t.is(s.volume_24h_usd, 184233.17);
  // A measured zero from the source is a zero.
  const quiet = structuredClone(RECORDED_TOKEN.pairs[0]);
  quiet.txns.h1 = { buys: 0, sells: 0 };
  quiet.volume.h1 = 0;
  market.set('/tokens', { kind: 'json', body: [quiet] });
  const zero = await snapshotNow();
  t.false(zero.market_stale);
  t.is(zero.buys_1h, 0);
  t.is(zero.volume_1h_usd, 0);
  market.set('/tokens', { kind: 'json', body: RECORDED_TOKEN });
});

test.serial('one snapshot per 300 s slot: a retry in the same slot stores nothing new', async (t) => {
  await snapshotNow();
  const count = () => app.db.oneFirst(sql.type(z.object({ c: z.number() }))`select count(*)::int as c from score_snapshots`);
  const before = await count();
  await enqueue(app.db, 'score__snapshot', {});
  await app.runJobs();
  t.is(await count(), before);
});

test.serial('unconfigured sources are null and stale, not zero', async (t) => {
  const config = loadConfig({ NODE_ENV: 'test' });
  const s = await readScoreSources(config, new Date('2026-11-22T09:02:00Z'));
  t.is(s.slot, '2026-11-22T09:00:00.000Z');
  t.true(s.market_stale && s.burned_stale && s.buyback_stale);
  t.is(s.market_error, 'SCORE_SOURCE_URL is not configured');
  for (const key of MARKET_KEYS) t.is(s[key], null);
  t.is(s.burned_tokens, null);
  t.is(s.buyback_spent_usd, null);
});

test.serial('score_snapshots__prune deletes snapshots older than 14 days', async (t) => {
  const q = createScoreQueries(app.db);
  const old = await readScoreSources(loadConfig({ NODE_ENV: 'test' }), new Date(app.clock.now().getTime() - 15 * 86_400_000));
  await q.insertSnapshot(old);
  const kept = await readScoreSources(loadConfig({ NODE_ENV: 'test' }), new Date(app.clock.now().getTime() - 13 * 86_400_000));
  await q.insertSnapshot(kept);
  await enqueue(app.db, 'score_snapshots__prune', {});
  await app.runJobs();
  const slots = await app.db.anyFirst(sql.type(SnapshotRow.pick({ slot: true }))`select slot from score_snapshots order by slot`);
  t.false(slots.includes(old.slot));
  t.true(slots.includes(kept.slot));
});
