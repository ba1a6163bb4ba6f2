import test from 'ava';
import { DAY, HOUR, SECOND } from '../../../lib/clock.ts';
import { allErrorCodes } from '../../../lib/errors.ts';
import {
  charCount,
  checkAgentDayCap,
  checkBody,
  channelTextBudget,
  checkChannelPost,
  checkContactDayCap,
  checkEmailText,
  checkFleetDayCap,
  checkOutletWeekCap,
  checkPlainText,
  checkSubject,
  checkSend,
  sendKindOf,
  moscowDayBounds,
} from '../../../lib/outreach/limits.ts';
import type { SendFacts } from '../../../lib/outreach/limits.ts';
import { channelDisclosure } from '../../../lib/outreach/channels.ts';

const links = { ownHost: 'board.example.com', allowedHosts: ['dexscreener.com', 'github.com'] };
const body = (n: number) => 'a'.repeat(n);

test('subject length edges: 4 and 91 refused, 5 and 90 pass', (t) => {
  t.is(checkSubject('abcd')?.code, 'OUTREACH_SUBJECT_LENGTH');
  t.is(checkSubject('abcde'), null);
  t.is(checkSubject('x'.repeat(90)), null);
  const err = checkSubject('x'.repeat(91));
  t.is(err?.code, 'OUTREACH_SUBJECT_LENGTH');
  t.is(err?.status, 422);
  t.deepEqual(err?.details, { min: 5, max: 90, length: 91 });
  t.regex(err?.message ?? '', /subject is 5 to 90 characters/);
});

test('body length edges: 199 and 1201 refused, 200 and 1200 pass', (t) => {
  t.is(checkBody(body(199))?.code, 'OUTREACH_BODY_LENGTH');
  t.is(checkBody(body(200)), null);
  t.is(checkBody(body(1200)), null);
  t.is(checkBody(body(1201))?.code, 'OUTREACH_BODY_LENGTH');
  t.regex(checkBody(body(1201))?.message ?? '', /200 to 1200 characters of plain text/);
});

test('lengths count code points after trimming: padding does not reach the minimum', (t) => {
  t.is(charCount('🙂🙂🙂🙂🙂'), 5);
  t.is(checkSubject('🙂🙂🙂🙂🙂'), null);
  t.is(checkBody(`   ${body(199)}   `)?.code, 'OUTREACH_BODY_LENGTH');
});

test('plain text: HTML, entities, control characters and a multi-line subject are refused', (t) => {
  const ok = { subject: 'A measured experiment', body: 'Numbers: 3 < 5 and 7 > 2, R&D.\nThanks.' };
  t.is(checkPlainText(ok), null);
  t.is(checkPlainText({ ...ok, body: 'Hello <b>Jane</b>' })?.code, 'OUTREACH_BODY_NOT_PLAIN_TEXT');
  t.is(checkPlainText({ ...ok, body: 'Hello<br/>Jane' })?.code, 'OUTREACH_BODY_NOT_PLAIN_TEXT');
  t.is(checkPlainText({ ...ok, body: 'Hello&nbsp;Jane' })?.code, 'OUTREACH_BODY_NOT_PLAIN_TEXT');
  t.is(checkPlainText({ ...ok, body: 'Hello\u0007Jane' })?.code, 'OUTREACH_BODY_NOT_PLAIN_TEXT');
  t.is(checkPlainText({ ...ok, body: 'Hello \u202Eenaj' })?.code, 'OUTREACH_BODY_NOT_PLAIN_TEXT');
  t.is(checkPlainText({ ...ok, subject: 'Two\nlines' })?.code, 'OUTREACH_BODY_NOT_PLAIN_TEXT');
  t.is(checkPlainText({ ...ok, body: 'CRLF is fine\r\nhere' }), null);
});

test('checkEmailText: one entry point, ordered length → plain → content → links', (t) => {
  const good = `We measured how 40 agents report numbers in public. See https://board.example.com/lab/1 and github.com/crew/tool. ${body(120)}`;
  t.is(checkEmailText({ subject: 'A measured experiment', body: good }, links), null);
  t.is(checkEmailText({ subject: 'Hi', body: good }, links)?.code, 'OUTREACH_SUBJECT_LENGTH');
  t.is(checkEmailText({ subject: 'Moon mission', body: good }, links)?.code, 'OUTREACH_CONTENT_REFUSED');
  t.is(checkEmailText({ subject: 'A measured experiment', body: `${good} dexscreener.com` }, links)?.code, 'OUTREACH_TOO_MANY_LINKS');
  t.is(checkEmailText({ subject: 'A measured experiment', body: `${good.replace('github.com', 'gitlab.com')}` }, links)?.code, 'OUTREACH_LINK_NOT_ALLOWED');
});

// ---------------------------------------------------------------------------------------------

const now = new Date('2026-11-20T12:00:00Z');
const fresh: SendFacts = {
  contactStatus: 'active',
  firstContact: null,
  followUpOf: null,
  followUpsAccepted: 0,
  repliesFromAnyone: 0,
  repliesFromContact: 0,
  answersAccepted: 0,
};
const ref = { found: true, ownMessage: true, sameContact: true };
// The kind a send would be, or the refusal that stops it.
const decideSendKind = (facts: SendFacts, at: Date) => checkSend(facts, at) ?? sendKindOf(facts);
const codeOf = (d: ReturnType<typeof decideSendKind>) => (typeof d === 'string' ? d : d.code);

test('first contact: once per address, ever', (t) => {
  t.is(codeOf(decideSendKind(fresh, now)), 'first_contact');
  const used = decideSendKind({ ...fresh, firstContact: { sentAt: new Date('2025-01-01T00:00:00Z') } }, now);
  t.is(codeOf(used), 'OUTREACH_FIRST_CONTACT_USED');
  if (typeof used !== 'string') {
    t.is(used.status, 409);
    t.regex(used.message, /one first contact per address, ever/);
  }
  // also when the first contact is still queued for the owner
  t.is(codeOf(decideSendKind({ ...fresh, firstContact: { sentAt: null } }, now)), 'OUTREACH_FIRST_CONTACT_USED');
});

test('suppressed and bounced contacts never again, whatever else holds', (t) => {
  t.is(codeOf(decideSendKind({ ...fresh, contactStatus: 'suppressed' }, now)), 'OUTREACH_CONTACT_SUPPRESSED');
  t.is(codeOf(decideSendKind({ ...fresh, contactStatus: 'bounced' }, now)), 'OUTREACH_CONTACT_BOUNCED');
  t.is(
    codeOf(decideSendKind({ ...fresh, contactStatus: 'suppressed', firstContact: { sentAt: now }, followUpOf: ref, repliesFromContact: 1 }, now)),
    'OUTREACH_CONTACT_SUPPRESSED',
  );
});

test('follow-up: at exactly 5 days it passes, 5 days minus 1 s it is too early (retry_at given)', (t) => {
  const sentAt = new Date('2026-11-10T09:30:00Z');
  const facts = { ...fresh, firstContact: { sentAt }, followUpOf: ref };
  t.is(codeOf(decideSendKind(facts, new Date(sentAt.getTime() + 5 * DAY))), 'follow_up');
  const early = decideSendKind(facts, new Date(sentAt.getTime() + 5 * DAY - SECOND));
  t.is(codeOf(early), 'OUTREACH_FOLLOW_UP_TOO_EARLY');
  if (typeof early !== 'string') {
    t.is(early.details?.retry_at, '2026-11-15T09:30:00.000Z');
    t.regex(early.message, /at least 5 days after the first contact/);
  }
});

test('follow-up: only one, only if nobody replied, only after the first contact left', (t) => {
  const later = new Date('2026-12-01T00:00:00Z');
  const base = { ...fresh, firstContact: { sentAt: new Date('2026-11-01T00:00:00Z') }, followUpOf: ref };
  t.is(codeOf(decideSendKind({ ...base, followUpsAccepted: 1 }, later)), 'OUTREACH_FOLLOW_UP_USED');
  t.is(codeOf(decideSendKind({ ...base, repliesFromAnyone: 1 }, later)), 'OUTREACH_FOLLOW_UP_AFTER_REPLY');
  t.is(codeOf(decideSendKind({ ...base, firstContact: { sentAt: null } }, later)), 'OUTREACH_FIRST_CONTACT_PENDING');
});

test('answers: after a reply from the contacted address, up to 3', (t) => {
  const base = { ...fresh, firstContact: { sentAt: new Date('2026-11-19T00:00:00Z') }, followUpOf: ref, repliesFromAnyone: 1, repliesFromContact: 1 };
  // an answer does not wait 5 days
  t.is(codeOf(decideSendKind({ ...base, answersAccepted: 0 }, now)), 'answer');
  t.is(codeOf(decideSendKind({ ...base, answersAccepted: 2 }, now)), 'answer');
  t.is(codeOf(decideSendKind({ ...base, answersAccepted: 3 }, now)), 'OUTREACH_ANSWERS_USED');
  // an answer also uses up no follow-up
  t.is(codeOf(decideSendKind({ ...base, followUpsAccepted: 1 }, now)), 'answer');
});

test('follow_up_of must be the caller’s own email to the same contact', (t) => {
  const base = { ...fresh, firstContact: { sentAt: new Date('2026-11-01T00:00:00Z') } };
  for (const bad of [
    { found: false, ownMessage: true, sameContact: true },
    { found: true, ownMessage: false, sameContact: true },
    { found: true, ownMessage: true, sameContact: false },
  ]) {
    const d = decideSendKind({ ...base, followUpOf: bad }, now);
    t.is(codeOf(d), 'OUTREACH_FOLLOW_UP_OF_INVALID');
    if (typeof d !== 'string') t.is(d.status, 422);
  }
  t.is(codeOf(decideSendKind({ ...fresh, followUpOf: ref }, now)), 'OUTREACH_FOLLOW_UP_OF_INVALID');
});

test('3 sends per agent per Moscow day: refused at 23:59:59 Moscow, allowed again at 00:00 Moscow', (t) => {
  // Moscow is UTC+3: 23:00 Moscow on 20 Nov = 20:00 UTC.
  const sends = ['2026-11-20T20:00:00Z', '2026-11-20T20:30:00Z', '2026-11-20T20:59:00Z'].map((s) => new Date(s));
  const countToday = (at: Date) => {
    const { start, end } = moscowDayBounds(at);
    return sends.filter((s) => s >= start && s < end).length;
  };
  const beforeMidnight = new Date('2026-11-20T20:59:59Z');
  t.is(countToday(beforeMidnight), 3);
  const err = checkAgentDayCap(countToday(beforeMidnight), beforeMidnight);
  t.is(err?.code, 'OUTREACH_AGENT_DAY_CAP');
  t.is(err?.status, 429);
  t.is(err?.details?.retry_at, '2026-11-20T21:00:00.000Z');
  t.is(err?.headers['Retry-After'], '1');
  t.regex(err?.message ?? '', /3 sends per agent per Moscow day/);

  const atMidnight = new Date('2026-11-20T21:00:00Z');
  t.is(countToday(atMidnight), 0);
  t.is(checkAgentDayCap(countToday(atMidnight), atMidnight), null);
  t.is(checkAgentDayCap(2, beforeMidnight), null);
});

test('moscowDayBounds: a Moscow day is [21:00 UTC, 21:00 UTC)', (t) => {
  const { start, end } = moscowDayBounds(new Date('2026-11-20T02:00:00Z'));
  t.is(start.toISOString(), '2026-11-19T21:00:00.000Z');
  t.is(end.toISOString(), '2026-11-20T21:00:00.000Z');
});

test('fleet cap per Moscow day', (t) => {
  t.is(checkFleetDayCap(19, 20, now), null);
  const err = checkFleetDayCap(20, 20, now);
  t.is(err?.code, 'OUTREACH_FLEET_DAY_CAP');
  t.is(err?.details?.cap, 20);
  t.is(err?.details?.retry_at, '2026-11-20T21:00:00.000Z');
  t.is(checkFleetDayCap(0, 0, now)?.code, 'OUTREACH_FLEET_DAY_CAP');
});

test('2 first contacts per outlet domain per rolling 7 days', (t) => {
  const t0 = new Date('2026-11-01T10:00:00Z');
  const contacts = [t0, new Date(t0.getTime() + DAY)];
  t.is(checkOutletWeekCap('example.org', contacts.slice(0, 1), new Date(t0.getTime() + 2 * DAY)), null);
  const err = checkOutletWeekCap('example.org', contacts, new Date(t0.getTime() + 3 * DAY));
  t.is(err?.code, 'OUTREACH_OUTLET_WEEK_CAP');
  t.is(err?.details?.retry_at, new Date(t0.getTime() + 7 * DAY).toISOString());
  t.is(err?.details?.outlet_domain, 'example.org');
  t.is(checkOutletWeekCap('example.org', contacts, new Date(t0.getTime() + 7 * DAY - SECOND))?.code, 'OUTREACH_OUTLET_WEEK_CAP');
  t.is(checkOutletWeekCap('example.org', contacts, new Date(t0.getTime() + 7 * DAY)), null);
});

test('30 new contacts per agent per Moscow day', (t) => {
  t.is(checkContactDayCap(29, now), null);
  t.is(checkContactDayCap(30, now)?.code, 'OUTREACH_CONTACT_QUOTA');
});

test('channel posts: created, 600 chars with the disclosure, content, 1 mention on social, day caps, 1 per agent per 6 h', (t) => {
  const disclosure = channelDisclosure('scout_ana', 'Agent Board', 'https://board.example');
  const base = { channel: 'social' as const, created: true, postsToday: 0, agentSocialPostTimes: [], disclosure };
  t.is(checkChannelPost('hello @jane', base, now), null);
  t.is(checkChannelPost('hello', { ...base, created: false }, now)?.code, 'OUTREACH_CHANNEL_NOT_CREATED');
  // The budget is 600 less the disclosure, counted in code points (an emoji is one).
  const budget = 600 - [...disclosure].length;
  t.is(channelTextBudget(disclosure), budget);
  t.true(budget < 600 && budget > 500);
  t.is(checkChannelPost('x'.repeat(budget), base, now), null);
  t.is(checkChannelPost(`${'x'.repeat(budget - 1)}🙂`, base, now), null);
  const over = checkChannelPost('x'.repeat(budget + 1), base, now);
  t.is(over?.code, 'OUTREACH_CHANNEL_TEXT_LENGTH');
  t.deepEqual(over?.details, { max: budget, channel_max: 600, disclosure_length: 600 - budget, length: budget + 1 });
  t.regex(over?.message ?? '', /disclosure the server adds/);
  t.is(checkChannelPost('x'.repeat(600), base, now)?.code, 'OUTREACH_CHANNEL_TEXT_LENGTH', 'the old 600 no longer fits');
  t.is(checkChannelPost('airdrop now', base, now)?.code, 'OUTREACH_CONTENT_REFUSED');
  t.is(checkChannelPost('hi @jane and @john', base, now)?.code, 'OUTREACH_CHANNEL_MENTIONS');
  t.is(checkChannelPost('mail jane@example.org', base, now), null); // an address is not a mention
  t.is(checkChannelPost('hi @jane and @john', { ...base, channel: 'messaging' }, now), null);
  t.is(checkChannelPost('hello', { ...base, postsToday: 8 }, now)?.code, 'OUTREACH_CHANNEL_DAY_CAP');
  t.is(checkChannelPost('hello', { ...base, channel: 'messaging', postsToday: 6 }, now)?.code, 'OUTREACH_CHANNEL_DAY_CAP');
  t.is(checkChannelPost('hello', { ...base, channel: 'messaging', postsToday: 5 }, now), null);
  const recent = checkChannelPost('hello', { ...base, agentSocialPostTimes: [new Date(now.getTime() - 6 * HOUR + SECOND)] }, now);
  t.is(recent?.code, 'OUTREACH_CHANNEL_AGENT_CAP');
  t.is(recent?.details?.retry_at, new Date(now.getTime() + SECOND).toISOString());
  t.is(checkChannelPost('hello', { ...base, agentSocialPostTimes: [new Date(now.getTime() - 6 * HOUR)] }, now), null);
});

test('every OUTREACH_* code is registered with its status', (t) => {
  const registry = new Map<string, { status: number }>(allErrorCodes());
  const outreach = allErrorCodes().filter(([code]) => code.startsWith('OUTREACH_'));
  t.true(outreach.length > 30);
  t.is(registry.get('OUTREACH_NOT_CONFIGURED')?.status, 503);
  t.is(registry.get('OUTREACH_RESIDENTS_ONLY')?.status, 403);
  t.is(registry.get('OUTREACH_CONTENT_REFUSED')?.status, 422);
  t.is(registry.get('OUTREACH_MODE_OFF')?.status, 409);
  for (const [code, info] of outreach) {
    t.true((info.status >= 400 && info.status < 500) || code === 'OUTREACH_NOT_CONFIGURED', code);
  }
});
