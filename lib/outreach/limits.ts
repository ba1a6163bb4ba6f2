// The outreach send rules as pure checks: the caller reads counts and timestamps from Postgres,
// passes them here with `now`, and throws the AppError that comes back (null: the rule passes).
// Each refusal carries its own OUTREACH_* code and a message that names the rule. Nothing here
// reads the clock or the database.
import { fail, failUntil } from '../errors.ts';
import { DAY, HOUR, moscowDayStart, nextMoscowMidnight } from '../clock.ts';
import type { AppError } from '../errors.ts';
import { checkContent } from './content.ts';
import { checkLinks } from './links.ts';
import type { LinkPolicy } from './links.ts';
import type { ChannelName } from '../../sql/queries/outreach-channels.ts';

export type { ChannelName };

export const OUTREACH_LIMITS = {
  subjectMin: 5,
  subjectMax: 90,
  bodyMin: 200,
  bodyMax: 1200,
  maxLinks: 2,
  agentSendsPerMoscowDay: 3,
  fleetSendsPerMoscowDayDefault: 20,
  outletFirstContactsPerWindow: 2,
  outletWindowMs: 7 * DAY,
  followUpAfterMs: 5 * DAY,
  answersAfterReply: 3,
  contactsPerAgentPerMoscowDay: 30,
  channelTextMax: 600,
  socialMentionsMax: 1,
  messagingPostsPerMoscowDay: 6,
  socialPostsPerMoscowDay: 8,
  socialPerAgentWindowMs: 6 * HOUR,
} as const;

/** Characters as people count them: Unicode code points, after trimming the ends. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text.trim()) n++;
  return n;
}

/** `[start, end)` of the Moscow day containing `now`, for `created_at >= start and created_at < end`. */
export function moscowDayBounds(now: Date): { start: Date; end: Date } {
  return { start: moscowDayStart(now), end: nextMoscowMidnight(now) };
}

// ---------------------------------------------------------------------------------------------
// What the email says

export function checkSubject(subject: string): AppError | null {
  const { subjectMin: min, subjectMax: max } = OUTREACH_LIMITS;
  const length = charCount(subject);
  if (length < min || length > max) {
    return fail('OUTREACH_SUBJECT_LENGTH', `Outreach email rule: the subject is ${min} to ${max} characters; it has ${length}.`, {
      min,
      max,
      length,
    });
  }
  return null;
}

export function checkBody(body: string): AppError | null {
  const { bodyMin: min, bodyMax: max } = OUTREACH_LIMITS;
  const length = charCount(body);
  if (length < min || length > max) {
    return fail('OUTREACH_BODY_LENGTH', `Outreach email rule: the body is ${min} to ${max} characters of plain text; it has ${length}.`, { min, max, length });
  }
  return null;
}

const HTML_MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<!doctype|&(?:nbsp|amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/i;
// C0 controls other than tab and newline (a CR is fine only as part of CRLF), DEL, C1 controls,
// bidi overrides and isolates (they can make a rendered email say something else).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/u;

/** Plain text: no HTML markup or entities, no control characters; the subject is one line. */
export function checkPlainText(email: { subject: string; body: string }): AppError | null {
  for (const [where, text] of [
    ['subject', email.subject],
    ['body', email.body],
  ] as const) {
    const markup = HTML_MARKUP.exec(text);
    const control = CONTROL.exec(text);
    const newline = where === 'subject' ? /[\r\n]/.exec(text) : null;
    const hit = markup ?? control ?? newline;
    if (hit) {
      return fail(
        'OUTREACH_BODY_NOT_PLAIN_TEXT',
        `Outreach email rule: the ${where} must be plain text (no HTML, no control characters${where === 'subject' ? ', one line' : ''}).`,
        { where, match: JSON.stringify(hit[0]) },
      );
    }
  }
  return null;
}

/**
 * Everything about the text of an email, in the order an author fixes it: lengths, plain text,
 * content rules (all matches), links. Null when it passes.
 */
export function checkEmailText(email: { subject: string; body: string }, links: LinkPolicy): AppError | null {
  return (
    checkSubject(email.subject) ??
    checkBody(email.body) ??
    checkPlainText(email) ??
    checkContent({ subject: email.subject, body: email.body }) ??
    checkLinks([email.subject, email.body], { ...links, max: links.max ?? OUTREACH_LIMITS.maxLinks })
  );
}

// ---------------------------------------------------------------------------------------------
// Where the email stands in its thread

export type ContactStatus = 'active' | 'suppressed' | 'bounced';
export type SendKind = 'first_contact' | 'follow_up' | 'answer';

/**
 * What the caller reads about the address and the request. "Accepted" means a message that was
 * queued, approved, sending or sent (not rejected by the owner, not failed before it left).
 */
export type SendFacts = {
  contactStatus: ContactStatus;
  /** The address's accepted first contact, by any agent; null when it has none. */
  firstContact: null | { sentAt: Date | null };
  /** `follow_up_of` as resolved by the caller; null when the request has none. */
  followUpOf: null | { found: boolean; ownMessage: boolean; sameContact: boolean };
  /** Accepted follow-ups to the address. */
  followUpsAccepted: number;
  /** Real (not `auto`) replies on the address's thread, from anybody. */
  repliesFromAnyone: number;
  /** Replies that carry `from_contact` (the receiving server authenticated the contacted address). */
  repliesFromContact: number;
  /** Accepted answers to the address. */
  answersAccepted: number;
};

/**
 * Which kind of send a request is: without `follow_up_of` a first contact; with it, an answer once
 * the contacted address replied, a follow-up before. `checkSend` says whether it may happen.
 */
export function sendKindOf(facts: Pick<SendFacts, 'followUpOf' | 'repliesFromContact'>): SendKind {
  if (facts.followUpOf === null) return 'first_contact';
  return facts.repliesFromContact > 0 ? 'answer' : 'follow_up';
}

/**
 * Why the send may not happen now, or null:
 * suppressed or bounced never; one first contact per address ever; a follow-up (at most one) at
 * least 5 days after the first contact was sent and only if nobody replied; after a reply from the
 * contacted address up to 3 answers. `follow_up_of` must name the caller's own email to the contact.
 */
export function checkSend(facts: SendFacts, now: Date): AppError | null {
  if (facts.contactStatus === 'suppressed') {
    return fail('OUTREACH_CONTACT_SUPPRESSED', 'Outreach contact rule: the address opted out; no agent can email it again.');
  }
  if (facts.contactStatus === 'bounced') {
    return fail('OUTREACH_CONTACT_BOUNCED', 'Outreach contact rule: mail to the address bounced; it can never be emailed again.');
  }
  const ref = facts.followUpOf;
  if (ref === null) {
    if (facts.firstContact === null) return null;
    return fail(
      'OUTREACH_FIRST_CONTACT_USED',
      'Outreach send rule: one first contact per address, ever. To follow up or answer, name the earlier email in follow_up_of.',
    );
  }
  if (!ref.found || !ref.ownMessage || !ref.sameContact || facts.firstContact === null) {
    return fail('OUTREACH_FOLLOW_UP_OF_INVALID', 'Outreach send rule: follow_up_of must name your own earlier email to the same contact.');
  }
  if (sendKindOf(facts) === 'answer') {
    const max = OUTREACH_LIMITS.answersAfterReply;
    if (facts.answersAccepted < max) return null;
    return fail('OUTREACH_ANSWERS_USED', `Outreach send rule: after a reply from the contacted address, up to ${max} answers; they are used.`, {
      max,
    });
  }
  if (facts.repliesFromAnyone > 0) {
    return fail(
      'OUTREACH_FOLLOW_UP_AFTER_REPLY',
      'Outreach send rule: a follow-up only if nobody replied; answers need a reply authenticated as the contacted address.',
    );
  }
  if (facts.followUpsAccepted >= 1) {
    return fail('OUTREACH_FOLLOW_UP_USED', 'Outreach send rule: one follow-up per address, and it was already used.');
  }
  const sentAt = facts.firstContact.sentAt;
  if (sentAt === null) {
    return fail('OUTREACH_FIRST_CONTACT_PENDING', 'Outreach send rule: the first contact has not been sent yet, so nothing can follow it.');
  }
  const allowedAt = new Date(sentAt.getTime() + OUTREACH_LIMITS.followUpAfterMs);
  if (now.getTime() < allowedAt.getTime()) {
    return failUntil('OUTREACH_FOLLOW_UP_TOO_EARLY', 'Outreach send rule: one follow-up, at least 5 days after the first contact.', allowedAt, now, {
      first_contact_at: sentAt.toISOString(),
    });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Caps

/** 3 sends per agent per Moscow day. `acceptedToday` counts the agent's accepted emails of the day. */
export function checkAgentDayCap(acceptedToday: number, now: Date): AppError | null {
  const cap = OUTREACH_LIMITS.agentSendsPerMoscowDay;
  if (acceptedToday < cap) return null;
  return failUntil('OUTREACH_AGENT_DAY_CAP', `Outreach send limit: ${cap} sends per agent per Moscow day.`, nextMoscowMidnight(now), now, {
    cap,
  });
}

/** The fleet cap per Moscow day (20 at the start; the owner sets it). */
export function checkFleetDayCap(fleetAcceptedToday: number, cap: number, now: Date): AppError | null {
  if (fleetAcceptedToday < cap) return null;
  return failUntil('OUTREACH_FLEET_DAY_CAP', `Outreach send limit: the fleet sends at most ${cap} emails per Moscow day.`, nextMoscowMidnight(now), now, {
    cap,
  });
}

/**
 * 2 first contacts per outlet domain per rolling 7 days. `firstContactTimes` are the accepted
 * first contacts to addresses of that registrable domain (the caller may pass more than the window).
 */
export function checkOutletWeekCap(outletDomain: string, firstContactTimes: readonly Date[], now: Date): AppError | null {
  const cap = OUTREACH_LIMITS.outletFirstContactsPerWindow;
  const windowMs = OUTREACH_LIMITS.outletWindowMs;
  const inWindow = firstContactTimes
    .map((d) => d.getTime())
    .filter((t) => t > now.getTime() - windowMs && t <= now.getTime())
    .sort((a, b) => a - b);
  if (inWindow.length < cap) return null;
  // The window must lose all but cap-1 of them: the (n-cap)th oldest leaving is the moment.
  const leaving = inWindow[inWindow.length - cap] ?? now.getTime();
  return failUntil(
    'OUTREACH_OUTLET_WEEK_CAP',
    `Outreach send limit: ${cap} first contacts per outlet domain per 7 days (${outletDomain}).`,
    new Date(leaving + windowMs),
    now,
    { cap, outlet_domain: outletDomain },
  );
}

/** 30 new contacts per agent per Moscow day. */
export function checkContactDayCap(addedToday: number, now: Date): AppError | null {
  const cap = OUTREACH_LIMITS.contactsPerAgentPerMoscowDay;
  if (addedToday < cap) return null;
  return failUntil('OUTREACH_CONTACT_QUOTA', `Outreach contact limit: ${cap} new contacts per agent per Moscow day.`, nextMoscowMidnight(now), now, {
    cap,
  });
}

// ---------------------------------------------------------------------------------------------
// Owner-created channels (`messaging`, `social`)

export type ChannelFacts = {
  channel: ChannelName;
  /** The owner created this channel. */
  created: boolean;
  /** Accepted posts to this channel today (Moscow day), all agents. */
  postsToday: number;
  /** The caller's accepted `social` posts, newest first is fine; only the last 6 h matter. */
  agentSocialPostTimes: readonly Date[];
  /** The server's AI-agent disclosure with its separator (channels.ts): it counts within the 600. */
  disclosure: string;
};

const MENTION = /(?<![\p{L}\p{N}_@.])@[A-Za-z0-9_]{1,30}(?![\p{L}\p{N}_@])/gu;

export function countMentions(text: string): number {
  return [...text.matchAll(MENTION)].length;
}

export function channelNotCreated(channel: ChannelName): AppError {
  return fail('OUTREACH_CHANNEL_NOT_CREATED', `Outreach channel rule: the owner has not created the ${channel} channel yet.`, { channel });
}

/** What the agent may write: the channel's 600 characters less the disclosure the server adds. */
export function channelTextBudget(disclosure: string): number {
  return OUTREACH_LIMITS.channelTextMax - [...disclosure].length;
}

/**
 * Channel post rules: created by the owner, 600 chars with the server's disclosure, `social` 1
 * mention (the agent's text; the disclosure names none), day caps, 1 per agent per 6 h.
 */
export function checkChannelPost(text: string, facts: ChannelFacts, now: Date): AppError | null {
  if (!facts.created) return channelNotCreated(facts.channel);
  const channelMax = OUTREACH_LIMITS.channelTextMax;
  const max = channelTextBudget(facts.disclosure);
  const length = charCount(text);
  if (length === 0 || length > max) {
    return fail(
      'OUTREACH_CHANNEL_TEXT_LENGTH',
      `Outreach channel rule: a post is at most ${channelMax} characters, the AI-agent disclosure the server adds included (${channelMax - max} of them), so your text is 1 to ${max} characters; it has ${length}.`,
      { max, channel_max: channelMax, disclosure_length: channelMax - max, length },
    );
  }
  const content = checkContent({ text });
  if (content) return content;
  if (facts.channel === 'social') {
    const mentions = countMentions(text);
    if (mentions > OUTREACH_LIMITS.socialMentionsMax) {
      return fail('OUTREACH_CHANNEL_MENTIONS', 'Outreach channel rule: social posts allow at most 1 mention.', {
        max: OUTREACH_LIMITS.socialMentionsMax,
        mentions,
      });
    }
  }
  const dayCap = facts.channel === 'social' ? OUTREACH_LIMITS.socialPostsPerMoscowDay : OUTREACH_LIMITS.messagingPostsPerMoscowDay;
  if (facts.postsToday >= dayCap) {
    return failUntil(
      'OUTREACH_CHANNEL_DAY_CAP',
      `Outreach channel limit: ${facts.channel} takes at most ${dayCap} posts per Moscow day.`,
      nextMoscowMidnight(now),
      now,
      { cap: dayCap, channel: facts.channel },
    );
  }
  if (facts.channel === 'social') {
    const windowMs = OUTREACH_LIMITS.socialPerAgentWindowMs;
    const recent = facts.agentSocialPostTimes.map((d) => d.getTime()).filter((t) => t > now.getTime() - windowMs && t <= now.getTime());
    if (recent.length > 0) {
      const newest = Math.max(...recent);
      return failUntil(
        'OUTREACH_CHANNEL_AGENT_CAP',
        'Outreach channel limit: social takes 1 post per agent per rolling 6 hours.',
        new Date(newest + windowMs),
        now,
        { channel: 'social' },
      );
    }
  }
  return null;
}
