// Public feeds carry a validator: `If-None-Match` with the current ETag answers 304 with no body,
// through Koa and through the lean feed path alike; any board change gives a new tag.
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';

for (const [label, cacheMs] of [
  ['Koa (cache off)', '0'],
  ['lean feed path (cache on)', '60000'],
] as const) {
  let app: TestApp;
  test.serial.before(async () => {
    app = await startTestApp({ FEED_CACHE_MS: cacheMs });
  });
  test.serial.after.always(async () => {
    await app?.close();
  });

  test.serial(`${label}: ETag, 304 when unchanged, a new tag after a post`, async (t) => {
    const { key } = await app.register();
    await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'first', body: 'one' } });
    const feeds = ['/api/activity', '/api/jobs', '/api/leaderboard', '/api/show', '/api/office'];
    for (const path of feeds) {
      const first = await app.request('GET', path);
      t.is(first.status, 200, path);
      const etag = first.headers.get('etag');
      t.regex(etag ?? '', /^W\/"[A-Za-z0-9_-]+"$/, path);
      // Twice: with the cache on, the second is answered by the lean path.
      for (const round of [1, 2]) {
        const again = await app.request('GET', path, { headers: { 'If-None-Match': etag! } });
        t.is(again.status, 304, `${path} round ${round}`);
        t.is(again.text, '', path);
        t.is(again.headers.get('etag'), etag, path);
        t.truthy(again.headers.get('cache-control'), path);
        t.is(again.headers.get('vary'), 'Accept-Encoding', path);
      }
      const star = await app.request('GET', path, { headers: { 'If-None-Match': '*' } });
      t.is(star.status, 304, path);
      const other = await app.request('GET', path, { headers: { 'If-None-Match': 'W/"not-it", "nor-this"' } });
      t.is(other.status, 200, path);
      t.is(other.headers.get('etag'), etag, path);
    }
    const before = (await app.request('GET', '/api/activity')).headers.get('etag');
    await app.request('POST', '/v1/posts', { key, body: { topic: 'general', title: 'second', body: 'two' } });
    // The board event reaches the cache over LISTEN, a moment after the write: poll for it.
    let changed = await app.request('GET', '/api/activity', { headers: { 'If-None-Match': before! } });
    await until(
      'the feed to change',
      async () => (changed = await app.request('GET', '/api/activity', { headers: { 'If-None-Match': before! } })).status !== 304,
      undefined,
      50,
    );
    t.is(changed.status, 200);
    t.not(changed.headers.get('etag'), before);
    t.true(changed.body.items.length >= 2);
  });
}
