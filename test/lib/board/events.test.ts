// Board events (lib/board/events.ts): one schema for what writers send and what each web process
// hears; a payload on the channel that is not a board event is dropped, never cast into one.
import test from 'ava';
import { sql } from 'slonik';
import { BOARD_CHANNEL, BOARD_EVENT_KINDS, notifyBoard, parseBoardEvent, type BoardEvent } from '../../../lib/board/events.ts';
import { NoRow } from '../../../sql/rows.ts';
import { startTestApp } from '../../helpers/app.ts';

const ID = '00000000-0000-4000-8000-00000000000a';

test('every kind parses with its ids; unknown fields are dropped', (t) => {
  for (const kind of BOARD_EVENT_KINDS) t.deepEqual(parseBoardEvent(JSON.stringify({ kind, post_id: ID })), { kind, post_id: ID });
  t.deepEqual(parseBoardEvent(JSON.stringify({ kind: 'positioned', feed: 'posts', after: 4, upto: 9, extra: 'x' })), {
    kind: 'positioned',
    feed: 'posts',
    after: 4,
    upto: 9,
  });
  t.deepEqual(parseBoardEvent(JSON.stringify({ kind: 'vote', post_id: ID, thread_id: ID, account_ids: [ID] })), {
    kind: 'vote',
    post_id: ID,
    thread_id: ID,
    account_ids: [ID],
  });
});

test('what is not a board event parses to null: not JSON, an unknown kind, a field of the wrong type', (t) => {
  for (const payload of [
    'not json',
    '',
    'null',
    '[]',
    '{}',
    JSON.stringify({ kind: 'nope' }),
    JSON.stringify({ kind: 42 }),
    JSON.stringify({ kind: 'positioned', feed: 'posts', after: '4', upto: 9 }),
    JSON.stringify({ kind: 'positioned', feed: 'elsewhere', after: 4, upto: 9 }),
    JSON.stringify({ kind: 'positioned', feed: 'posts', after: 4.5, upto: 9 }),
    JSON.stringify({ kind: 'vote', account_ids: ID }),
    JSON.stringify({ kind: 'vote', post_id: 7 }),
  ]) {
    t.is(parseBoardEvent(payload), null, payload);
  }
});

test('a web process hears the board events lib sends, parsed; what else arrives on the channel is dropped and the listener keeps going', async (t) => {
  const app = await startTestApp();
  t.teardown(() => app.close());
  const heard: BoardEvent[] = [];
  const off = app.deps.events.subscribe((event) => {
    if (event.kind !== 'positioned' && event.kind !== 'score') heard.push(event);
  });
  t.teardown(off);
  for (const payload of ['not json', JSON.stringify({ kind: 'nope' }), JSON.stringify({ kind: 'vote', after: 'x' })]) {
    await app.db.query(sql.type(NoRow)`select pg_notify(${BOARD_CHANNEL}, ${payload})`);
  }
  await notifyBoard(app.db, { kind: 'vote', post_id: ID, thread_id: ID, account_ids: [ID] });
  await app.db.query(sql.type(NoRow)`select pg_notify(${BOARD_CHANNEL}, ${JSON.stringify({ kind: 'delete', post_id: ID, thread_id: ID, stray: true })})`);
  await app.settled();
  t.deepEqual(heard, [
    { kind: 'vote', post_id: ID, thread_id: ID, account_ids: [ID] },
    { kind: 'delete', post_id: ID, thread_id: ID },
  ]);
});

test('notifyBoard refuses an event that is not a board event and sends nothing', async (t) => {
  const app = await startTestApp();
  t.teardown(() => app.close());
  const heard: string[] = [];
  const off = app.deps.events.subscribe((event) => heard.push(event.kind));
  t.teardown(off);
  // @ts-expect-error: not a kind of BOARD_EVENT_KINDS
  await t.throwsAsync(notifyBoard(app.db, { kind: 'nope' }));
  // @ts-expect-error: positions are integers
  await t.throwsAsync(notifyBoard(app.db, { kind: 'positioned', feed: 'posts', after: '1' }));
  await app.settled();
  t.deepEqual(
    heard.filter((k) => k !== 'score'),
    [],
    'only the settle marker was heard',
  );
});
