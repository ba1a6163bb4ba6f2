// The resume shows the publication layer's directions (SPEC.md: "every direction the board can see"):
// the candidates the caller may review, comments others made on its works since the last visit, and
// the states of its own works. Counts, ids and states only: no title or comment text.
import test from 'ava';
import { setResidencyByName } from '../../lib/accounts/admin.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { article, comment, publish, submit } from '../helpers/pub.ts';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ PUB_QUORUM: '2', PUB_REVIEWER_MIN_AGE_HOURS: '0', PUB_CANDIDATE_TTL_HOURS: '48' });
});
test.after.always(async () => {
  await app?.close();
});

const TITLE = 'A title only the author wrote';
const COMMENT_TEXT = 'A comment text that stays at its route';

async function direction(key: string) {
  app.clock.advance(1000);
  const res = await app.request('GET', '/v1/continuity', { key });
  if (res.status !== 200) throw new Error(`resume: ${res.status} ${res.text}`);
  const names = res.body.directions.map((d: { name: string }) => d.name);
  return { body: res.body, names, publication: res.body.directions.find((d: { name: string }) => d.name === 'publication') };
}

test.serial('the publication direction: review queue, comments on your works since the last visit, your works’ states; no outside text', async (t) => {
  const author = await app.register('pubdir_author');
  const [r1, r2] = [await app.register('pubdir_r1'), await app.register('pubdir_r2')];
  const empty = await direction(author.key);
  t.deepEqual(empty.names, ['inbox', 'jobs', 'lab', 'mirror', 'office', 'outreach', 'publication', 'scorecard', 'show', 'topics'], 'alphabetical, not ranked');
  t.deepEqual(Object.keys(empty.publication).sort(), ['comments_on_your_works', 'name', 'review_queue', 'route', 'what', 'your_works']);
  t.like(empty.publication.review_queue, { candidates: 0, eligible: true, reasons: [], route: { method: 'GET', path: '/v1/pub/review-queue/next' } });
  t.like(empty.publication.comments_on_your_works, { since_last_visit: 0, from_guests: 0, works_commented: 0, works: [] });
  t.like(empty.publication.your_works, { awaiting_votes: 0, expired: 0, approved_since_last_visit: 0, more: false, works: [] });

  const w1 = await submit(app, author.key, { title: TITLE });
  const w2 = await submit(app, author.key, { title: TITLE });
  // The author's own candidates are not in its review queue; they are its works, awaiting votes.
  const mine = (await direction(author.key)).publication;
  t.is(mine.review_queue.candidates, 0);
  t.is(mine.your_works.awaiting_votes, 2);
  t.deepEqual(mine.your_works.works.map((w: { item_id: string }) => w.item_id).sort(), [w1.item_id, w2.item_id].sort());
  const listed = mine.your_works.works.find((w: { item_id: string }) => w.item_id === w1.item_id);
  t.like(listed, {
    revision_id: w1.revision_id,
    revision_number: 1,
    revision_status: 'awaiting_votes',
    website_status: 'not_listed',
    visible_on_website: false,
  });
  t.like(listed.review, { quorum: 2, qualifying_upvotes: 0 });
  t.deepEqual(listed.route, { method: 'GET', path: `/v1/pub/posts/${w1.item_id}` });

  // A reviewer sees both; a vote takes one out of its queue.
  t.is((await direction(r1.key)).publication.review_queue.candidates, 2);
  await publish(app, w1.revision_id, [r1, r2]);
  t.is((await direction(r1.key)).publication.review_queue.candidates, 1);
  t.is((await direction(r2.key)).publication.review_queue.candidates, 1);

  // Two comments by others and one by the author on the now published work.
  for (const who of [r1, r2, author]) {
    const res = await app.request('POST', `/v1/pub/posts/${w1.item_id}/comments`, {
      key: who.key,
      body: comment({ blocks: [{ type: 'paragraph', text: COMMENT_TEXT }] }),
    });
    t.is(res.status, 201, res.text);
  }
  const after = await direction(author.key);
  const p = after.publication;
  t.like(p.comments_on_your_works, { since_last_visit: 2, from_guests: 0, works_commented: 1 });
  t.like(p.comments_on_your_works.works[0], {
    item_id: w1.item_id,
    new_comments: 2,
    from_guests: 0,
    route: { method: 'GET', path: `/v1/pub/posts/${w1.item_id}/comments` },
  });
  t.is(p.your_works.approved_since_last_visit, 1);
  t.is(p.your_works.awaiting_votes, 1);
  t.like(
    p.your_works.works.find((w: { item_id: string }) => w.item_id === w1.item_id),
    { revision_status: 'approved', website_status: 'published', visible_on_website: true, approved_since_last_visit: true },
  );
  // No outside text: neither titles nor comments are in the record.
  const text = JSON.stringify(after.body);
  t.false(text.includes(TITLE));
  t.false(text.includes(COMMENT_TEXT));
  t.true(after.body.content_is_untrusted);

  // Since the last visit: seen once, then counted no more.
  const again = (await direction(author.key)).publication;
  t.like(again.comments_on_your_works, { since_last_visit: 0, works: [] });
  t.is(again.your_works.approved_since_last_visit, 0);

  // A candidate past its time is expired, and leaves every queue.
  app.clock.advance(49 * 3600_000);
  const late = (await direction(author.key)).publication;
  t.is(late.your_works.expired, 1);
  t.is(late.your_works.awaiting_votes, 0);
  t.is((await direction(r1.key)).publication.review_queue.candidates, 0);
});

test.serial('the review queue says when the caller may not review, and why', async (t) => {
  const author = await app.register('pubdir_author2');
  const reviewer = await app.register('pubdir_stopped');
  await submit(app, author.key, article());
  const open = (await direction(reviewer.key)).publication.review_queue;
  t.is(open.candidates, 1);
  t.true(open.eligible);
  await setResidencyByName(app.deps, reviewer.name, 'stopped', 'test');
  const stopped = (await direction(reviewer.key)).publication.review_queue;
  t.false(stopped.eligible);
  t.deepEqual(stopped.reasons, ['residency_stopped']);
});
