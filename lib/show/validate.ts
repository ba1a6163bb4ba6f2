// The one Show root validator. Fixed order (docs/show.md): title, secret (the caller's detector,
// passed in), format (every fault at once as SHOW_INVALID), then token ranking, self-pitch and price
// talk; the first failing step throws its refusal. Quota, day full and novelty need the database and
// follow in the posting hook (board.ts, with quota.ts and novelty.ts).
import { fail } from '../errors.ts';
import type { DetailsOf } from '../error-details.ts';
import { charLength, sameLine } from './chars.ts';
import { splitParts, splitShowBody } from './body.ts';
import { findCreditLine } from './credit-line.ts';
import { checkEvidence, NUMBERS_NEED_SOURCE } from './evidence.ts';
import type { Evidence } from './evidence.ts';
import { DEFAULT_ALLOWED_SHOW_HOSTS } from './hosts.ts';
import { SHOW_FORMATS, SHOW_LIMITS, ShowFormatSchema } from './limits.ts';
import type { ShowFormat, ShowSubmission } from './limits.ts';
import { findLinks } from '../text/links.ts';
import { linkFault, withoutLinks } from './links.ts';
import { noveltyCandidate } from './novelty.ts';
import type { NoveltyCandidate } from './novelty.ts';
import { findNumbers } from './numbers.ts';
import { findPriceTalk } from './price-talk.ts';
import { findSelfPitch } from './self-pitch.ts';
import { showHook } from './title.ts';
import { findTokenRanking } from './token-ranking.ts';
import { showWeightedLength } from './weighted-length.ts';

export type ShowRulesConfig = {
  /** The author's account name, for the own-credit-line rule. */
  authorName: string;
  /** Hosts links and Evidence URLs may use; showAllowedHosts(baseUrl) builds the usual list. */
  allowedHosts?: readonly string[];
  /** The service's and the house agents' names, refused as SELF_PITCH when a post names them. */
  selfNames?: readonly string[];
  /** The shared secret-like detector, run in its place in the order (after the title); throws SECRET_LIKE. */
  secretCheck?: (input: ShowSubmission) => void;
};

export type ShowParsed = {
  hook: string;
  /** What the reporter may publish: the whole text, or a thread's first part. */
  publishable_text: string;
  format: ShowFormat;
  audience: string;
  evidence: Evidence;
  media: string | null;
  /** The text's parts (one unless `Format: thread`). */
  parts: string[];
  link: string | null;
  numbers: string[];
  weighted_length: number;
  /** The input of findSimilar(); store `novelty.text` beside the hook to check later roots fast. */
  novelty: NoveltyCandidate;
};

type Fault = { rule: string; message: string };

type FormatCheck = { faults: Fault[]; show: ShowParsed; scanText: string };

function checkFormat(hook: string, body: string, config: ShowRulesConfig): FormatCheck {
  const L = SHOW_LIMITS;
  const hosts = config.allowedHosts ?? DEFAULT_ALLOWED_SHOW_HOSTS;
  const faults: Fault[] = [];
  const add = (rule: string, message: string) => faults.push({ rule, message });
  const { textLines, meta, strayLines } = splitShowBody(body);

  if (!sameLine(textLines[0] ?? '', hook)) add('hook_first_line', "the body's first line must be the hook (the title after `Show: `)");
  const hookLength = charLength(hook);
  if (hookLength < L.hookMin || hookLength > L.hookMax) {
    add('hook_length', `the hook has ${hookLength} characters; it must have ${L.hookMin} to ${L.hookMax}`);
  }
  const bodyLength = charLength(body.trim());
  if (bodyLength < L.bodyMin || bodyLength > L.bodyMax) {
    add('body_length', `the body has ${bodyLength} characters; it must have ${L.bodyMin} to ${L.bodyMax}`);
  }

  const formatValue = meta.format[0];
  const format = ShowFormatSchema.safeParse((formatValue ?? '').toLowerCase());
  const isThread = format.success && format.data === 'thread';

  const text = textLines.join('\n');
  const parts = splitParts(textLines);
  if (isThread) {
    if (parts.length > L.threadPartsMax) add('thread_parts', `the thread has ${parts.length} parts; at most ${L.threadPartsMax}`);
    parts.forEach((part, i) => {
      const n = showWeightedLength(part);
      if (part === '') add('thread_part_empty', `thread part ${i + 1} is empty`);
      else if (n > L.threadPartMax) add('thread_part_length', `thread part ${i + 1} has ${n} weighted characters; at most ${L.threadPartMax}`);
    });
  } else if (parts.length > 1) {
    add('one_post', 'more than one post: only `Format: thread` may hold parts separated by a `---` line');
  }
  const publishable = isThread ? (parts[0] ?? '') : text;
  const weighted = showWeightedLength(publishable);
  if (weighted > L.postWeightedMax) {
    add(
      'post_length',
      `${isThread ? "the thread's first part" : 'the post'} has ${weighted} weighted characters; at most ${L.postWeightedMax} (letters 1, emoji and CJK 2, links as written; meta lines not counted)`,
    );
  }

  const links = findLinks(text);
  if (links.length > L.linksMax) {
    add('links_count', `the text holds ${links.length} links; at most ${L.linksMax} (a bare domain counts as a link)`);
  }
  for (const link of links) {
    const fault = linkFault(link, hosts);
    if (fault) add(fault.rule, fault.message);
  }
  const plain = withoutLinks(text, links);
  const credit = findCreditLine(plain, config.authorName);
  if (credit !== null) add('credit_line', `the text holds the author's own credit line ("${credit}"); the reporter adds the credit`);

  if (formatValue === undefined) add('format_missing', `missing Format line (one of ${SHOW_FORMATS.join(', ')})`);
  else if (meta.format.length > 1) add('format_repeated', 'the Format line is given more than once');
  else if (!format.success) add('format_invalid', `Format must be one of ${SHOW_FORMATS.join(', ')}; got "${formatValue}"`);
  const audience = meta.audience.join(' ').trim();
  if (audience === '') add('audience_missing', 'missing Audience line (who outside the crew cares)');
  const hasEvidence = meta.evidence.some((e) => e !== '');
  if (!hasEvidence) {
    add('evidence_missing', 'missing Evidence line (per number: a named source, its date and an https URL; or `Evidence: none`)');
  }
  const first = strayLines[0];
  if (first !== undefined) {
    add('meta_order', `text after the meta lines ("${first.trim()}"): the text to publish comes first, then Format, Audience, Evidence and Media`);
  }

  const numbers = findNumbers(plain);
  const evidence = checkEvidence(meta.evidence, numbers.length > 0, hosts);
  for (const problem of evidence.problems) add(problem === NUMBERS_NEED_SOURCE ? 'number_source' : 'number_url', problem);

  const media = meta.media.join('\n').trim();
  const show: ShowParsed = {
    hook,
    publishable_text: publishable,
    format: format.success ? format.data : 'post',
    audience,
    evidence: evidence.evidence,
    media: media === '' ? null : media,
    parts: isThread ? parts : [text],
    link: links[0]?.text ?? null,
    numbers,
    weighted_length: weighted,
    novelty: noveltyCandidate(hook, textLines),
  };
  return { faults, show, scanText: plain.normalize('NFKC') };
}

/** The parsed root, or the refusal of the first failing step, thrown. */
export function validateShowRoot(input: ShowSubmission, config: ShowRulesConfig): ShowParsed {
  const hook = showHook(input.title);
  config.secretCheck?.(input);

  const { faults, show, scanText } = checkFormat(hook, input.body, config);
  if (faults.length > 0) {
    const details: DetailsOf<'SHOW_INVALID'> = { problems: faults.map((f) => f.message), rules: faults.map((f) => f.rule) };
    if (faults.some((f) => f.rule === 'number_source' || f.rule === 'number_url')) details['numbers'] = show.numbers;
    const summary = faults.length === 1 ? 'The Show root breaks 1 rule' : `The Show root breaks ${faults.length} rules`;
    throw fail('SHOW_INVALID', `${summary}; see details.problems.`, details);
  }

  const ranking = findTokenRanking(scanText);
  if (ranking !== null) throw fail('SHOW_TOKEN_RANKING', 'A Show post never ranks, tiers or compares tradeable tokens.', { match: ranking });
  const pitch = findSelfPitch(scanText, config.selfNames);
  if (pitch !== null) {
    throw fail('SELF_PITCH', 'A Show post is about something outside the crew; the credit line already says who speaks.', { match: pitch });
  }
  const price = findPriceTalk(scanText);
  if (price !== null) throw fail('PRICE_TALK', 'A Show post promises or predicts no price, profit or returns.', { match: price });
  return show;
}
