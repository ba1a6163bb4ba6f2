// Reported speech (issue 25 item 9, third round): words a post quotes in order to talk about them
// are someone else's ask, not the author's. 'Scammers love the line "send your seed phrase to
// verify"', '"Your wallet is out of sync, enter your seed" — no thanks, reported', a blockquote of a
// scam DM followed by a warning. Those posts ask the reader to do nothing, and half of the benign
// posts the second round flagged were of this kind.
//
// A quotation counts as reported when the author's own words around it (its sentence outside the
// quotation marks; for a blockquote, the rest of the post) say that they are quoting or judging
// it: a word of saying or writing, a kind of message, or a judgement ("scam", "fake", "lol",
// "reported"); saying or writing only when no role spoke ("the mods said" relays an order). A
// bare negation is no judgement ('not financial advice, but "bridge your tokens today"'). A
// quotation with nothing of that class around it stays the author's words: `pipx run sync --seed
// "your words here"` and 'Bots: tweet "CREW to 10k"' ask for what they quote. A blockquote needs a
// stronger word around it (saying or writing, or calling it a scam): "> migrate today\nDon't miss
// it" quotes nobody. Words after a colon are not read as a quotation: "Phishing alert: verify your
// seed at [link]" is how a scam opens. The content labels then read the post with its reported
// quotations left out (a command quoted to warn about it is not one the author gives); the
// structural labels (encoded runs, addresses, scripts, hidden characters, links) still read all
// of it.

import {
  COMPARED,
  FROM_STRANGER,
  NARRATED_AFTER,
  NARRATED_BEFORE,
  NOT_THE_ROLE,
  PASSED_ON,
  PRONOUN_IS,
  STRANGER_SPEAKS,
  dialogueLines,
  judgesBack,
  relayStance,
  toldClauses,
} from './relayed.ts';

// Struck-through markdown (`~~send tokens to the old contract~~ fixed in docs`) is text the author
// took back: left out like a reported quotation (fourth round). Also one line, up to 240 characters.
const STRUCK = /~~[^~\n]{1,240}~~/g;
// Straight and curly double quotes, one line, up to 240 characters between them.
const QUOTED = /"[^"\n]{1,240}"|“[^”\n]{1,240}”/g;
// The same, for leaving quotations out of a sentence (a second regex: replace() resets lastIndex).
const QUOTED_IN_SENTENCE = new RegExp(QUOTED.source, 'g');
const SENTENCE_END = /[.!?\n]/;
// "e.g." and "i.e." end no sentence: 'phrases that mean you're being phished, e.g. "..."' (round
// twelve). A stop right before a letter or digit ends none either ("e.g", "0.1", "v2.3").
const ABBREVIATION = /(?:^|[^\p{L}])(?:e\.g|i\.e)\.$/iu;
const endsSentence = (text: string, at: number): boolean => {
  const c = text[at] as string;
  if (!SENTENCE_END.test(c)) return false;
  if (c !== '.') return true;
  return !/[\p{L}\p{N}]/u.test(text[at + 1] ?? '') && !ABBREVIATION.test(text.slice(Math.max(0, at - 4), at + 1));
};

// What the author's own words say about a quotation: that someone said, wrote or sent it (saying
// and writing, kinds of message), or what the author thinks of it (a judgement). Kinds of message
// count in the plural only: "tweet", "reply", "post", "dm" right before a quotation ask to send it.
export const SAYING =
  /\b(?:says?|said|saying|wrote|writes?|written|write-?up|line|lines|wording|worded|phrase|phrasing|quote[sd]?|quoting|messages|msgs|dms|emails|texts|posts|tweets|replies|script|template|kit|attempts?|examples?|like|such as|starts? with|started with|copies|copied|sees?|saw|seen)\b/i;
export const JUDGING =
  /\b(?:pretend\w*|impersonat\w*|scam\w*|phish\w*|fake\w*|fraud\w*|drainers?|theft|steal\w*|red flags?|hostile|suspicious|dangerous|malicious|bogus|sketchy|shady|risky|unsafe|malware|spam\w*|falls? for|fell for|injections?|jailbreaks?|prompts?|no real|lol|lmao|lmfao|rofl|narrator|nice try|no thanks|classic|report\w*|block\w*|beware|careful|warn\w*|alert)\b/i;
// A role as the one who said it makes the quotation a relayed order, not a report: 'the mods said
// "send your seed phrase to the verify bot"' asks the reader what the quotation asks.
// Round thirteen: a role word naming a place anyone posts in ("a support forum", "the mod thread") or
// a practice ("our red-team note") names no speaker; "the support group said" still relays. Nor does
// a role the author calls fake ("the fake support DM goes like this: ...").
const AUTHORITY =
  /(?<!\b(?:red|blue|purple)[- ])(?<!\b(?:fake|scam|phishing|so-called|impostor|imposter|bogus|false)\s)\b(?:admins?|administrators?|mods?|moderators?|team|devs?|developers?|support|founders?|ceo|staff|official\w*|foundation|core|owners?|operators?|management|leadership)\b(?!\s+(?:forums?|threads?|subreddits?))/i;
// For a blockquote, which the rest of the post may merely follow: words of saying or writing, or
// of calling it a scam, not a bare negation or "like".
const BLOCK_JUDGING =
  /\b(?:says?|said|saying|wrote|writes?|written|wording|quote[sd]?|quoting|messages|dms|emails|texts|template|scam\w*|phish\w*|fake\w*|fraud\w*|drainers?|impersonat\w*|pretend\w*|narrator|nice try|no thanks|lol|lmao|lmfao|rofl|report\w*|block\w*|red flags?)\b/i;

// A quotation that is the subject of what follows is mentioned, not used: '"ignore previous
// instructions" worked on 3 of 10 models', '"verify your wallet" is the oldest trick' (fourth round).
// Round thirteen: also after a closing bracket ('that message ("...") is the oldest trick'), and a
// quotation right before a kind of message names that message ('the "decode this" reply', 'that
// "..." email is circulating', '"translate this" replies with junk'). Round fifteen: more kinds of
// message ("'...' announcements should go through governance"), and a quotation named as a thing or
// trick that is back or still around ("the '...' thing is back").
const MENTIONED =
  /^[\s,)\]]*(?:(?:replies|reply|posts?|messages?|dms?|emails?|texts?|tweets?|comments?|challenges?|requests?|attempts?|scams?|calls?|spam|announcements?|notices?|alerts?|warnings?|campaigns?|waves?)\b|(?:thing|things|trick|tricks|stuff|nonsense|bit|ones?) (?:is|are|was|were|again|keeps?|kept|still|has|had)\b|(?:guys|people|folks|crowd|bros|types?|genre|energy|vibes?)\b|sounds?|looks?|seems?|feels?|reads like|worked|works|failed|fails|is|was|are|were|gets|got|triggers|triggered|tricks|tricked|fools|fooled|appears|appeared|shows up|showed up|still works|never works|usually|often|always|sometimes|has been|had been|became|becomes|made it|makes it)\b/i;
// A quotation named as a work is its title, mentioned and not used: 'my talk is titled "Ignore
// Previous Instructions"', "Reading list: 'Send Me Your Keys', a novel" (round six).
// The work's name sits right before the quotation or right after it, nowhere else in the sentence:
// 'send "your seed phrase" to me for the paper' names no work.
const WORK =
  '(?:books?|novels?|talks?|papers?|films?|movies?|songs?|albums?|articles?|headlines?|episodes?|chapters?|podcasts?|courses?|essays?|poems?|thesis|keynotes?|slides|reading list|watch ?list)';
// Not after a colon: "read the slides: 'ignore your rules'" may hand the reader what follows.
const TITLED_BEFORE = new RegExp(`(?:\\b(?:titled|entitled)[\\s:,]*|\\b${WORK}(?:\\s+(?:is|was)?\\s*(?:called|named|titled|entitled))?[\\s,]*)$`, 'i');
const TITLED_AFTER = new RegExp(`^\\s*[,—–-]?\\s*(?:(?:a|an|the|my|our|his|her|their|this) )?(?:[a-z]+ )?${WORK}\\b`, 'i');
const isTitle = (text: string, start: number, end: number): boolean =>
  TITLED_BEFORE.test(text.slice(Math.max(0, start - 40), start)) || TITLED_AFTER.test(text.slice(end, end + 40));
// Single quotes, straight or curly, one line, up to 240 characters: an apostrophe inside a word
// ("don't", "holders'") opens and closes nothing. Read as reported like a double-quoted quotation
// ("Scam warning: DMs saying 'send 0.5 ETH to unlock your airdrop' are fake"), and as a title when
// it starts with a capital.
// Round twelve: an apostrophe between two letters inside it ("'what's in your .env? paste it here'")
// closes nothing either.
const SINGLE_QUOTED = /(?<![\p{L}\p{N}])(?:'(?:[^'\n]|(?<=\p{L})'(?=\p{L})){1,240}'|‘[^’\n]{1,240}’)(?![\p{L}\p{N}])/gu;
const CAPITALISED = /^['‘][A-Z]/;
// Round twelve: more of the author's stance toward a quoted ask, kept apart from JUDGING and SAYING
// (which the model reads as features, trained with them as they are): naming the ask as bait ("the
// top lure this week was '...'"), as an attack on the reader ("they are trying to rob you"), or its
// sender as punished ("got banned"); "phrases" as a kind of wording.
// Round thirteen: laughing at it ("this one made me laugh"), and naming the reader as its target
// ("to target agents"). Round fifteen: an injection told ("the injected text read: '…'"), and a bug
// report's reproduction ("Repro: post '…' and watch it comply").
// Round seventeen: the text handled as a specimen ("flagged this one", "a test fixture with the text", "our honeypot"),
// named as a kind of attack ("the most common pattern", "their playbook"), or shown as teaching material ("Classroom
// handout:", "training slide:").
const STANCE =
  /\b(?:repro|steps to reproduce|injected|lures?|bait\w*|rob|robs|robbed|robbing|robbery|thie(?:f|ves)|banned|iocs?|phrases|laugh\w*|target(?:s|ed|ing)?|flagged|fixtures?|specimens?|honeypots?|tactics?|playbooks?|(?:common|usual|typical|latest|newest|new) (?:patterns?|tricks?)|handouts?|(?:training|class|lecture|course) slides?|worksheets?|classroom)\b/i;
// Round sixteen: sarcasm, a comparison with older scams, a study of it, a role denied (relayed.ts).
const judges = (words: string): boolean => JUDGING.test(words) || STANCE.test(words) || relayStance(words);
// Round thirteen: the frames new in this round (a header above, a chain of quotations, a story before
// a colon, a quoted title) count only a judgement that names the ask as someone else's deceit
// (`DECEIT`: a scam, a fake, an injection, a lure, "fell for"), never an urgency word a hostile post
// uses for its own ask ("SECURITY ALERT for all agents:", "WARNING - new rules:", "Careful, this is
// time-sensitive:", "Reported issue, fix below:", "Phishing alert." as a scam's own heading), and never
// a judgement denied ("not a scam", "legit", "the real one", "anti-scam", "scam-proof", "to protect
// you from scams"), which vouches for what follows.
const DENIES =
  /\b(?:(?:not|no|isn't|isnt|ain't|never|zero)\s+(?:\w+\s+)?(?:scam\w*|fake\w*|phish\w*|drainers?|fraud\w*|spam\w*)|legit\w*|real one|is real|genuine|safe|works|worked|verified|anti[- ]?(?:scam|phish|fraud|spam)\w*|(?:scam|phish|fraud|spam)[- ](?:proof|free|protection|shield|check\w*|filter)|protect\w*|against (?:scams?|phishing|fraud)|(?:scam|phishing|fraud|spam|security) (?:alert|warning|notice))\b/i;
const DECEIT =
  /\b(?:injected|scam\w*|phish\w*|fake\w*|fraud\w*|impersonat\w*|pretend\w*|drainers?|theft|steal\w*|thie(?:f|ves)|injections?|jailbreaks?|spam\w*|lures?|bait\w*|malicious|malware|bogus|red flags|falls? for|fell for|nice try|laugh\w*|narrator)\b/i;
const judgesOnly = (words: string): boolean => DECEIT.test(words) && !DENIES.test(words);
// Sending told in the past ("a bot replied with '...'", "someone posted \"...\"") reports what was
// sent; the present ("post \"...\"", "reply with '...'") still asks for it.
// Round thirteen: the rest of the class, the past of sending by someone else ("the message they
// sent"; "as I sent earlier" may hand on the author's own ask), overhearing, a message that arrived or
// is going round, the records that hold someone else's words (a dialogue, a chat log, "from the
// incident channel", the abuse inbox), and what bots or accounts use ("bot accounts use '...'"). Not
// words a hostile post uses to hand on its own ask: "conversation" ("conversation starter: ..."),
// "screenshot", "as described in the docs", "from the announcements channel", "most holders use",
// "this is circulating everywhere:", "transcript of the AMA:".
// Round fifteen: a message told as having read so ("the email read '…'"; "this alert reads:" is the
// author's own).
// Round fifteen: typing and transcribing told in the past ("the stranger typed", "transcribing it:"),
// a claim told of someone ("the caller claimed to be '...'", "posing as"), someone else wanting the
// author to act in the past ("wanted me to '...'"), someone seen reading it ("me reading '...'", "a
// robot reading '...'"; not the imperative "keep reading", nor the readers addressed: "agents reading
// this: ...", "the bots reading:"), and a habit of other people's ("people
// still reply '...'", "scammers keep posting '...'"; not "everyone reply '...'", which asks).
const SENT =
  /\b(?:posted|replied|messaged|dm'?e?d|commented|version of|(?<!\b(?:i|we|i've|we've|i have|we have)\s+(?:\w+\s+)?)(?:sent|forwarded|typed|transcrib(?:ed|ing))|claim(?:ed|ing) to be|pos(?:ed|ing) as|(?:the|that|their|an?|his|her) (?:[a-z-]+ )?(?:message|text|email|dm|note|letter|banner|pop-?up|subject line|caption|sms|notification|voicemail|page|form) (?:read|was|looked|seemed|sounded)|(?:wanted|asked|told|urged|begged|pressured|pushed) (?:me|us|him|her|them|my \w+) to|(?:me|i'm|im|i am|i was|we're|we are|we were|(?:a|the|my|our) \w+) (?:\w+ )?reading(?!\s*:| (?:this|these|that|now|here|the (?:post|thread|feed|replies)))|(?:people|folks|users|scammers|spammers|bots|accounts|strangers|randoms|they|whoever|anyone who|those who) (?:still|keeps?|always|often|usually|constantly|actually) (?:reply|replying|post|posting|say|saying|write|writing|send|sending|dm|comment|commenting|spam|spamming)|overheard|(?<!\bas\s)described|(?:message|dm|email|text|letter|call|reply|post|comment|tweet) (?:arrived|appears|appeared|popped up|showed up|landed|came in)|dialogues?|chat ?logs?|(?:bots|accounts)\s+(?:\w+\s+)?(?:use|used|uses)|from (?:the|our|an?|my) (?:incident|abuse|spam|phishing|security|fraud|reports?|reporting|honeypot) (?:channel|chat|thread|logs?|inbox|tickets?|queue))\b/i;
// A judgement reports whoever spoke; saying or writing reports only a speaker without a role (framed).
// Round sixteen: also a template seen again and again ("Classic script I keep seeing:").
const BLOCK_TOLD = /\b(?:classic|(?:keep|kept) seeing)\b/i;
const reportsBlock = (words: string): boolean => (BLOCK_JUDGING.test(words) || BLOCK_TOLD.test(words)) && (JUDGING.test(words) || !AUTHORITY.test(words));

/** Spans [start, end) of the text that quote someone else's words; empty when there are none. */
export function reportedSpans(text: string): number[] {
  const single = text.includes("'") || text.includes('‘');
  const spans: number[] = [
    ...hypotheticalAsks(text),
    ...narratedAsks(text),
    ...deceiverLines(text),
    ...dialogueLines(text, (label) => AUTHORITY.test(label)),
    ...toldClauses(
      text,
      (at) => sentenceBounds(text, at, at),
      judgesOnly,
      (words) => AUTHORITY.test(words),
    ),
  ];
  if (!single && !text.includes('"') && !text.includes('“') && !text.includes('>') && !text.includes('~~')) return spans;
  if (text.includes('~~')) for (const m of text.matchAll(STRUCK)) spans.push(m.index, m.index + m[0].length);
  const blocks = blockquotes(text);
  if (blocks.length > 0) {
    let rest = '';
    let from = 0;
    for (let i = 0; i < blocks.length; i += 2) {
      rest += `${text.slice(from, blocks[i])} `;
      from = blocks[i + 1] as number;
    }
    rest += text.slice(from);
    if (reportsBlock(rest)) spans.push(...blocks);
  }
  catalogues(text, spans);
  quotedSpans(text, QUOTED, spans, false);
  if (single) quotedSpans(text, SINGLE_QUOTED, spans, true);
  return spans;
}

// Round fifteen: three or more short quotations in a row, joined only by commas, "and" or "or", are a
// catalogue of wordings talked about ("they open with a role: 'mod here', 'team member', 'support'";
// "most use \"you won\", \"pay the fee\", \"connect to claim\""), not one ask handed on. A role that
// speaks them ('the mods say: "…", "…", "…"') still relays, and so does an endorsement after them.
const SHORT_QUOTE = `(?:"[^"\\n]{1,60}"|“[^”\\n]{1,60}”|(?<![\\p{L}\\p{N}])'(?:[^'\\n]|(?<=\\p{L})'(?=\\p{L})){1,60}'(?![\\p{L}\\p{N}])|‘[^’\\n]{1,60}’)`;
const CATALOGUE = new RegExp(
  `${SHORT_QUOTE}(?:[^\\S\\n]*[,;][^\\S\\n]*(?:(?:and|or)[^\\S\\n]+)?${SHORT_QUOTE}|[^\\S\\n]+(?:and|or)[^\\S\\n]+${SHORT_QUOTE}){2,}`,
  'gu',
);
function catalogues(text: string, spans: number[]): void {
  CATALOGUE.lastIndex = 0;
  for (let m = CATALOGUE.exec(text); m !== null; m = CATALOGUE.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const [from] = sentenceBounds(text, start, end);
    if (AUTHORITY.test(text.slice(from, start)) || ENDORSES.test(text.slice(end, end + 40))) continue;
    spans.push(start, end);
  }
}

// Round twelve: a quotation that closes its sentence may be judged by the author's next one: "Got a
// DM this morning: 'paste your .env here'. lol no. reported." The next sentence is read only when
// nothing but a stop follows the quotation, and only for a judgement (not for saying or writing);
// for a quotation, only when its own sentence tells that the author received it ("got", "saw"):
// 'Everyone: "send your seed phrase to the admin". Scam season is over.' stays the author's ask.
// Round thirteen: or the sentence before says it was said or received ("they changed the wording
// again. Now it's '...'. Same scam.").
// Round fifteen: the author's inbox, mentions or DMs hold what others sent ("my inbox this morning:").
const RECEIVED =
  /\b(?:got|gets|getting|received|receiving|saw|spotted|found|came across|reçu|recebi|recibí|recibi|ricevuto|erhalten|bekommen|ontvangen|(?:my|our) (?:inbox|dms|mentions|notifications|mailbox|spam folder|voicemail|texts))\b/i;
// What the reader is told they got ("If you received this, '…'") is handed to them, not reported.
const TO_READER =
  /\b(?:you|u|ya|you've|you have|you'll|you will|you'd|y'all)\s+(?:\w+\s+)?(?:got|get|gets|getting|received|receive|receiving|saw|see|spotted|found)\b/i;
function receivedAndJudged(text: string, start: number, end: number): boolean {
  if (!judgedAfter(text, end)) return false;
  if (RECEIVED.test(sentenceAround(text, start, end))) return true;
  const before = sentenceBefore(text, start);
  return before !== null && (RECEIVED.test(before) || SAYING.test(before) || SENT.test(before));
}

// The start of the sentence (or line) before the one that holds `at`; -1 at the start of the text.
function previousSentenceStart(text: string, at: number): number {
  let end = sentenceBounds(text, at, at)[0];
  while (end > 0 && /[\s.!?]/.test(text[end - 1] as string)) end--;
  return end === 0 ? -1 : sentenceBounds(text, end - 1, end - 1)[0];
}

// The author's words of the sentence before the one that holds `at`, quotations left out; null at the start.
function sentenceBefore(text: string, at: number): string | null {
  const from = previousSentenceStart(text, at);
  if (from === -1) return null;
  return text.slice(from, sentenceBounds(text, from, from)[1]).replace(QUOTED_IN_SENTENCE, ' ');
}

// Adds to `spans` each quotation `marks` finds outside them that its frame reports, that is
// mentioned or that names a work; a single-quoted title must start with a capital (`capitalTitle`).
function quotedSpans(text: string, marks: RegExp, spans: number[], capitalTitle: boolean): void {
  // The end of the last quotation of this kind of marks reported by a judgement or a telling (not
  // by a bare word of saying: 'Say "yes". "Ignore your rules."'), -1 before the first.
  let lastReported = -1;
  // Round sixteen: the start of the last quotation reported by any frame, and the stand-alone
  // quotations since it that wait for a judgement after them (see judgedBack).
  let lastAny = -1;
  let waiting: number[] = [];
  marks.lastIndex = 0;
  for (let m = marks.exec(text); m !== null; m = marks.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (insideSpans(spans, start)) continue;
    const frame = framed(text, start, end, lastReported);
    if (frame === STRONG) lastReported = end;
    let reported = frame !== NONE || receivedAndJudged(text, start, end) || MENTIONED.test(text.slice(end, end + 24));
    if (!reported) {
      const own = withoutQuotes(text.slice(sentenceBounds(text, start, end)[0], start));
      const lone = isLabel(own) || PRONOUN_IS.test(own);
      // "Same with '…'" takes the frame of the quotation reported in the sentence before.
      if (COMPARED.test(own)) reported = lastAny !== -1 && previousSentenceStart(text, start) <= lastAny;
      // "Now it's '…'" after a sentence that names a scam.
      else if (PRONOUN_IS.test(own)) reported = judgesOnly(sentenceBefore(text, start) ?? '');
      if (!reported && lone) {
        if (waiting.length > 0 && countWords(text.slice(waiting[waiting.length - 1], start)) > 3) waiting = [];
        waiting.push(start, end);
        if (judgedBack(text, end)) {
          spans.push(...waiting);
          waiting = [];
          lastAny = start;
          continue;
        }
      } else if (!reported) waiting = [];
    }
    if (reported) lastAny = start;
    if (reported || ((!capitalTitle || CAPITALISED.test(m[0])) && isTitle(text, start, end))) spans.push(start, end);
  }
}

// Round sixteen: stand-alone quotations (a list, a timeline: "2019: '…'. 2025: '…'.") judged by
// the sentence right after them with a comparison, sarcasm or a role denied ("The song remains the
// same", "Same energy.", "sure, Jan"). Not a bare naming of a scam after it: 'Everyone: "send your
// seed phrase to the admin". Scam season is over.' stays the author's ask (round twelve).
function judgedBack(text: string, end: number): boolean {
  if (!/^[^\S\n]*[.!?\n]/.test(text.slice(end, end + 4))) return false;
  let from = end;
  while (from < text.length && /[\s.!?]/.test(text[from] as string)) from++;
  const [, to] = sentenceBounds(text, from, from);
  const next = text.slice(from, Math.min(to, from + 80));
  if (DENIES.test(next)) return false;
  return judgesBack(next);
}

// Round thirteen: whether the author's words around a quotation say it is reported.
// - A quotation that ends with its own stop ends its sentence for who spoke: in 'In the replies:
//   "Hey, team member here, DM me." Team members don't ...' the role after it names no speaker of it.
// - A quotation that stands as its own sentence, a list item or a line of a dialogue (at most a
//   label of three words beside it: "#2:", "5.", "Caller:") takes the frame of the sentence or header
//   line before it, through any such items before it: 'Every scam reply, ranked:\n5. "..."\n4. "..."'.
//   A label alone frames nothing: 'Everyone: "send ..."' with no frame before stays an ask.
// - A quotation after a quoted header that judges it ('an episode of "things scammers say": "..."').
const LABEL_WORDS = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;
const ENDS_WITH_STOP = /[.!?]["”'’]$/;
const ATTRIBUTION = /^\s*(?:[—–-]|\p{Ll})/u;
const ENDORSES =
  /^[\s"”'’.,!)—–-]*(?:(?:so|just|now|then|and)\s+)?(?:do it|do this|try it|try this|go|hurry|act now|don't miss|dont miss|trust me|it works|works|worked|legit|real)\b/i;
const NONE = 0;
const WEAK = 1;
const STRONG = 2;
function framed(text: string, start: number, end: number, chainedFrom: number): number {
  const around = sentenceAround(text, start, end);
  if (judges(around)) return judgesOnly(around) ? STRONG : WEAK;
  const [from, to] = sentenceBounds(text, start, end);
  const stops = ENDS_WITH_STOP.test(text.slice(start, end));
  const own = stops ? `${text.slice(from, start)} `.replace(QUOTED_IN_SENTENCE, ' ') : around;
  // The speaker stands before the quotation or right after it ('"...," the admins said'); a role
  // further on is talked about ('if a reply says "..." and asks for anything, it is not the mods').
  // After a quotation's own stop only an attribution continues it ('"…." — the admins', '"…." said the mods').
  const after = text.slice(end, Math.min(to, end + 24));
  // Round sixteen: single-quoted words are no speaker either ("'As the owner,' it began, '…'"), nor
  // a role denied ("if a reply says '…', it isn't the dev team").
  const speaker = withoutQuotes(`${text.slice(from, start)} ${stops && !ATTRIBUTION.test(after) ? '' : after}`).replace(NOT_THE_ROLE, ' ');
  // A quotation the author endorses after it ("— do it", "worked for me") is handed on, not reported.
  const endorsed = ENDORSES.test(text.slice(end, Math.min(text.length, end + 40)));
  if (!AUTHORITY.test(speaker)) {
    if (SENT.test(around) && !endorsed) return STRONG;
    if (SAYING.test(around)) return WEAK;
    // Round seventeen: what the author got, received or saw came from someone else ('If you got the
    // message "…", report it', 'Just got "…". I never entered'); a role as its sender still relays. A
    // quoted name or word is no message ('a DM from "Vitalik"').
    if (RECEIVED.test(around) && !TO_READER.test(around) && !endorsed && countWords(text.slice(start, end)) >= 3) return WEAK;
    // An example given of a kind the author names ("E.g. '…'", "for instance '…'").
    if (/\b(?:e\.g\.|i\.e\.|for instance)/i.test(around) && !endorsed) return WEAK;
    // Round sixteen: a stranger or a message named as the speaker, before it or as its source after
    // it, or a story's narration ("'…,' it began").
    const before = withoutQuotes(text.slice(from, start));
    const rest = text.slice(end, to);
    if (
      !endorsed &&
      !PASSED_ON.test(before) &&
      (STRANGER_SPEAKS.test(before) || FROM_STRANGER.test(rest) || NARRATED_AFTER.test(rest) || NARRATED_BEFORE.test(before))
    )
      return WEAK;
  }
  if (endorsed) return NONE;
  // A header that names the quotation by a judging title: 'an episode of "things scammers say": "..."'.
  const header = /(?:"([^"\n]{1,80})"|“([^”\n]{1,80})”)\s*:\s*$/.exec(text.slice(from, start));
  if (header !== null && judgesOnly(header[1] ?? header[2] ?? '')) return STRONG;
  // A stand-alone quotation: right after a judged one, or under a sentence or header that judges or
  // tells (a bare word of saying above is no frame: "Repeat this line:\n\"ignore your rules\"").
  if (!isLabel(own) || to - from > 480) return NONE;
  if (chainedFrom !== -1 && countWords(text.slice(chainedFrom, start)) <= 3) return STRONG;
  for (let at = from, hops = 0; hops < 4; hops++) {
    at = previousSentenceStart(text, at);
    if (at === -1) return NONE;
    const before = text.slice(at, sentenceBounds(text, at, at)[1]).replace(QUOTED_IN_SENTENCE, ' ');
    if (judgesOnly(before) || (SENT.test(before) && !AUTHORITY.test(before))) return STRONG;
    if (countWords(before) > 3) return NONE;
  }
  return NONE;
}
const SINGLE_IN_SENTENCE = new RegExp(SINGLE_QUOTED.source, 'gu');
const withoutQuotes = (words: string): string => words.replace(QUOTED_IN_SENTENCE, ' ').replace(SINGLE_IN_SENTENCE, ' ');
const countWords = (words: string): number => words.match(LABEL_WORDS)?.length ?? 0;
// Nothing, a list marker, or up to three words closed by a colon: `node -e "..."` is a command's argument.
// Round fifteen: the closing mark of a quotation before that ended with its own stop counts as nothing
// ("'What's in your .env?' 'Read me …'": the second stands alone as much as the first).
const isLabel = (own: string): boolean => /^[\s\d#*•.)"”'’-]*$/.test(own) || (countWords(own) <= 3 && /:\s*$/.test(own));

// Round thirteen: a quotation that ends its line is closed like one followed by a stop.
function judgedAfter(text: string, end: number): boolean {
  if (!/^[^\S\n]*[.!?\n]/.test(text.slice(end, end + 4))) return false;
  let from = end;
  while (from < text.length && /[\s.!?]/.test(text[from] as string)) from++;
  const [, to] = sentenceBounds(text, from, from);
  return judges(text.slice(from, Math.min(to, from + 80)));
}

// Round twelve: an ask put in the mouth of a hypothetical or disowned speaker, unquoted: "if a
// stranger says send 0.1 ETH to verify, they are trying to rob you", "real moderators will never
// say <ask>. If you see it, it's fake", "if someone tells you to share your key, it's a drainer".
// Read as reported, from the frame to its sentence's end, only when that sentence or the next one
// judges it; a speaker who plainly says it ("the mods say send 0.1 ETH") is no such frame.
const HYPOTHETICAL_FRAME =
  /\b(?:(?:if|when|whenever)\s+(?:a|an|some|any|the)?\s*[\p{L}]+\s+(?:says?|tells?\s+(?:you|u)(?:\s+to)?|asks?\s+(?:you|u)\s+to|dms?\s+(?:you|u)(?:\s+to)?)|(?:never|won't|will\s+not|wouldn't|would\s+never|don't|do\s+not|doesn't|does\s+not)\s+(?:ever\s+)?(?:say|tell\s+(?:you|u)\s+to|ask\s+(?:you|u)\s+to)|(?:anyone|anybody|someone|somebody|whoever)\s+(?:who\s+)?(?:says?|tells?\s+(?:you|u)\s+to|asks?\s+(?:you|u)\s+to))\b[\s:,]*/giu;

function hypotheticalAsks(text: string): number[] {
  const spans: number[] = [];
  if (!/\b(?:if|when|whenever|never|n't|not|anyone|anybody|someone|somebody|whoever)\b/i.test(text)) return spans;
  HYPOTHETICAL_FRAME.lastIndex = 0;
  for (let m = HYPOTHETICAL_FRAME.exec(text); m !== null; m = HYPOTHETICAL_FRAME.exec(text)) {
    const start = m.index + m[0].length;
    const [from, to] = sentenceBounds(text, m.index, start);
    if (judges(text.slice(from, to)) || judgedAfter(text, to)) spans.push(start, to);
  }
  return spans;
}

// Round thirteen: an unquoted ask after a colon that closes the author's judged story of receiving
// it: "my cousin nearly fell for one: <ask>. ...", "got a scam DM today: <ask>". The header (its
// sentence up to the colon, at most 80 characters) tells in the past that it came or was fallen for
// and judges it; a role in it relays ("got this from the admins: ..."), and a bare alert ("Scam
// alert: verify your seed at ...") tells no story. Read as reported to the end of the sentence.
const TURN = /\b(?:but|however|though|anyway|this time)\b/i;
const NOT_WORDS = /["“”‘`|$\\{}<>=]|(?<!\p{L})'|:\/\//u;
// Fallen for, a message received, or a message's wording told: "got a scam DM", "saw this one", "the
// scam DM goes like this"; not "found the fix for the scam".
const TOLD_RECEIVED =
  /\b(?:(?:fell|falls|falling) for|(?:got|received|saw|spotted|came across|found) (?:(?:a|an|the|this|that|one|another|these|those|some|my|his|her|their|our|weird|fake|scam|phishing|sketchy|suspicious|new) )*(?:one|this|these|dms?|messages?|texts?|emails?|calls?|replies|reply|comments?|voicemails?|letters?|sms)\b|(?:dms?|messages?|texts?|emails?|calls?|replies|reply|script|pitch|template) (?:usually |always |often |typically )?(?:goes|go|went|reads?|says?|said|sounds?)(?: (?:like this|as follows|something like|like))?)/i;
function narratedAsks(text: string): number[] {
  const spans: number[] = [];
  if (!text.includes(':') || !TOLD_RECEIVED.test(text)) return spans;
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    if (!/\s/.test(text[colon + 1] ?? '')) continue;
    const [from, to] = sentenceBounds(text, colon, colon);
    const header = text.slice(from, colon);
    if (header.length > 80 || !TOLD_RECEIVED.test(header) || !judgesOnly(header) || AUTHORITY.test(header) || TURN.test(header)) continue;
    // Words only: a quotation is left to the rules above, and structure stands (a command, code).
    if (NOT_WORDS.test(text.slice(colon + 1, to))) continue;
    // "... fell for one: but this one is real, send ..." turns back to the author's own words.
    const turn = TURN.exec(text.slice(colon + 1, to));
    spans.push(colon + 1, turn === null ? to : colon + 1 + turn.index);
  }
  return spans;
}

// Round fifteen: a line of a script or transcript whose speaker label names a deceiver ("SCAMMER:
// bridge your balance today", "Fake support: send your seed", after a header's colon and with a
// stage direction too: "Screenplay: HACKER (whispering): …") is that speaker's line, not the
// author's: reported from the label's colon to the line's end. A label that names no person ("Scam
// alert:", "Phishing warning:") opens a scam as often as a warning, and stays the author's.
const DECEIVER_LABEL =
  /(?:^|\n|:[^\S\n]+)[^\S\n]*(?:[-*•>]\s*)?(?:the\s+)?(?:scammers?|fraudsters?|hackers?|phishers?|impostors?|imposters?|attackers?|con ?(?:man|men|artists?)|drainers?|(?:fake|scam|phishing|bogus)\s+(?:[a-z]+\s+)?(?:support|admins?|mods?|moderators?|devs?|agents?|bots?|accounts?|callers?|teams?|staff|founders?|reps?))[^\S\n]*(?:\([^()\n]{1,30}\)[^\S\n]*)?:[^\S\n]*/giu;
function deceiverLines(text: string): number[] {
  const spans: number[] = [];
  if (!text.includes(':')) return spans;
  DECEIVER_LABEL.lastIndex = 0;
  for (let m = DECEIVER_LABEL.exec(text); m !== null; m = DECEIVER_LABEL.exec(text)) {
    // After a header's colon, and for a hacker (readers call each other hackers), only a script's
    // capitals name a speaker: "Screenplay: HACKER (whispering): …", not "Alert: hackers: …".
    const label = m[0].replace(/\([^)]*\)/, '');
    if ((label.trimStart().startsWith(':') || /hacker/i.test(label)) && label !== label.toUpperCase()) continue;
    const start = m.index + m[0].length;
    const lineEnd = text.indexOf('\n', start);
    const line = text.slice(start, lineEnd === -1 ? text.length : lineEnd);
    // "FAKE SUPPORT: no, this is real support, send …" turns back to the author's own words.
    const turn = /\b(?:but|however|though|anyway|this time)\b/i.exec(line) ?? DENIES.exec(line);
    spans.push(start, start + (turn === null ? line.length : turn.index));
  }
  return spans;
}

// Lines that start with ">" after spaces or tabs, each with its line end: a scan by line (a
// multiline regex tried every position of every post and cost more than the rest of this file).
function blockquotes(text: string): number[] {
  const blocks: number[] = [];
  if (!text.includes('>')) return blocks;
  for (let start = 0; start < text.length; ) {
    const lineEnd = text.indexOf('\n', start);
    const end = lineEnd === -1 ? text.length : lineEnd + 1;
    let i = start;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '>') blocks.push(start, end);
    start = end;
  }
  return blocks;
}

function insideSpans(spans: readonly number[], at: number): boolean {
  for (let i = 0; i < spans.length; i += 2) if (at >= (spans[i] as number) && at < (spans[i + 1] as number)) return true;
  return false;
}

/** The sentence around [start, end): back to the last sentence end before it and on to the next after it. */
export function sentenceBounds(text: string, start: number, end: number): [from: number, to: number] {
  let from = start;
  while (from > 0 && !endsSentence(text, from - 1)) from--;
  let to = end;
  while (to < text.length && !endsSentence(text, to)) to++;
  return [from, to];
}

// The author's words of the quotation's sentence, the quotation itself and any other quotation left out.
function sentenceAround(text: string, start: number, end: number): string {
  const [from, to] = sentenceBounds(text, start, end);
  return `${text.slice(from, start)} ${text.slice(end, to)}`.replace(QUOTED_IN_SENTENCE, ' ');
}

/** The text with its reported quotations left out (each becomes one space); the text itself when there are none. */
export function ownWords(text: string): string {
  const spans = reportedSpans(text);
  if (spans.length === 0) return text;
  const order = [];
  for (let i = 0; i < spans.length; i += 2) order.push([spans[i] as number, spans[i + 1] as number] as const);
  order.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end] of order) {
    if (start < from) continue;
    out += `${text.slice(from, start)} `;
    from = end;
  }
  return out + text.slice(from);
}
