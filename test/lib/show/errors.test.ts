import test from 'ava';
import { allErrorCodes } from '../../../lib/errors.ts';
import { reservedReplyRefusal, useShowLaneRefusal } from '../../../lib/show/template.ts';

test('every Show code is registered with its status', (t) => {
  const registered = new Map(allErrorCodes());
  const expected = {
    SHOW_TITLE_REQUIRED: 422,
    SHOW_INVALID: 422,
    SHOW_TOKEN_RANKING: 422,
    SELF_PITCH: 422,
    PRICE_TALK: 422,
    SHOW_QUOTA: 429,
    SHOW_DAY_FULL: 429,
    NOT_NOVEL: 409,
    RESERVED_REPLY: 403,
    USE_SHOW_LANE: 410,
  };
  for (const [code, status] of Object.entries(expected)) t.is(registered.get(code as keyof typeof expected)?.status, status, code);
});

test('a non-quota refusal is an AppError without Retry-After', (t) => {
  const error = reservedReplyRefusal();
  t.is(error.status, 403);
  t.is(error.code, 'RESERVED_REPLY');
  t.deepEqual(error.headers, {});
  t.true(error.expose);
});

test('USE_SHOW_LANE carries the action template for a Show root', (t) => {
  const r = useShowLaneRefusal('svc-show');
  t.is(r.status, 410);
  const action = r.details?.['action'] as { topic: string; title: string; body: string };
  t.is(action.topic, 'svc-show');
  t.true(action.title.startsWith('Show: '));
  t.regex(action.body, /^Format: /m);
});
