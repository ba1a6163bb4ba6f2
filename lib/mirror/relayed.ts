// Round sixteen (issue 25 item 9): the relay of a scam's ask judged in the author's own words, as a
// whole post reads it, not clause by clause. reported.ts asks these word classes about the words
// around a quotation; they are kept apart from its SAYING and JUDGING, which the model reads as
// features trained as they are.

// A message or a stranger named as the speaker: "there's an account replying to everyone with '…'",
// "Someone in the comments: '…'", "a stranger saying '…'", "if a reply says '…'", "a chat bubble from
// 'Support_Team' reads '…'". A role is no third party ("the mods say '…'" relays an order), nor is
// "they" or "people" (a hostile post says "they told me to pass it on: '…'").
const STRANGER =
  "(?:someone|somebody|(?:an?|some|this|that|one|another) (?:[a-z_'-]+ ){0,3}?(?:account|rando|stranger|guy|dude|person|user|bot|profile|caller|scammer|number|sender|reply|dm|message|email|text|sms|comment|bubble|pop-?up|banner|notification|tweet|voicemail)|(?:the|that) (?:[a-z_'-]+ ){0,3}?(?:reply|dm|message|email|text|sms|comment|bubble|pop-?up|banner|notification|voicemail|caller|stranger|rando|scammer))";
const TELLS =
  '(?:replying|replies|replied|saying|says|said|posting|posts|posted|writing|writes|wrote|asking|asks|asked|telling|tells|told|dming|dms|messaging|messages|messaged|commenting|comments|commented|spamming|spams|spammed|sending|sends|sent|claiming|claims|claimed|texting|texts|texted|calling|calls|reads|read|insisting|insists|pushing|pushes|begging|begs)';
// The speaker before the quotation, with at most a few words between it and its verb, or a colon.
// Not when the author passes it on ("someone asked me to share this: '…'").
export const PASSED_ON = /\b(?:to|please|pls)\s+(?:share|post|pass|forward|spread|repost|retweet|relay|boost)\b|\bpass(?:ing)? (?:it|this) on\b/i;
export const STRANGER_SPEAKS = new RegExp(
  `\\b${STRANGER}\\b(?:(?:[^.!?\\n:]{0,40}?\\b${TELLS}\\b[^.!?\\n:]{0,30})|(?: (?:in|under|on|from|at) (?:the|my|our|a|an|this|your|their|his|her) (?:[a-z-]+ ){0,2}?[a-z-]+)?\\s*:\\s*)$`,
  'i',
);
// The source after it: "'…' from an account made yesterday", "what '…' means in a DM from a stranger".
export const FROM_STRANGER =
  /^[^.!?\n]{0,40}?\bfrom (?:an?|some|this|that|random|a random) (?:[a-z-]+ ){0,2}?(?:account|stranger|rando|guy|dude|person|user|bot|profile|number|sender|wallet|address|scammer)s?\b/i;

// A role the author says did NOT speak names no speaker: "if a reply says '…', it isn't the dev team".
// The same words judge the quotation: the speaker is not who it claims to be.
const ROLE_WORD =
  '(?:(?:mod|dev|support|core|security|admin) team|admins?|administrators?|mods?|moderators?|team|devs?|developers?|support|staff|founders?|ceo|owners?|officials?|teachers?|bank|police|irs)(?![\\x27’]s)';
export const NOT_THE_ROLE = new RegExp(
  `\\b(?:is ?n['’]?t|is not|are ?n['’]?t|are not|was ?n['’]?t|was not|were ?n['’]?t|were not|not|never|neither)\\s+(?:(?:really|actually|from|the|a|an|real|actual|your|our|one of the|any)\\s+){0,3}${ROLE_WORD}\\b`,
  'gi',
);

// What judges a quotation besides scams and fakes (reported.ts STANCE):
// - sarcasm at it: "'I'm the admin' — sure, Jan", "yeah right", "ok buddy";
// - a comparison with older scams: "Same energy.", "The song remains the same", "same trick";
// - studying it: "we analysed the message '…'", "a case study";
// - denying who it claims to be (NOT_THE_ROLE).
const SARCASM =
  /\b(?:yeah,? right|sure,? (?:jan|buddy|pal|bud|mate|bro|thing,? (?:jan|buddy|pal))|ok(?:ay)?,? (?:buddy|boomer)|uh[- ]?huh|sure you (?:are|do|did|will|were)|su{2,}re|ri{2,}ght|lol,? no)\b/i;
const COMPARES =
  /\b(?:same (?:energy|vibes?|scam|trick|playbook|grift|con|bait|old (?:scam|trick|playbook|grift))|(?:song|story|script|playbook|trick) (?:remains|stays|is still) the same|different (?:year|decade|coin|chain|platform), same)\b/i;
const STUDIES = /\b(?:analy[sz]ed|dissected|examined|studied|case stud(?:y|ies)|broke down|tore apart|annotated)\b/i;
export const relayStance = (words: string): boolean => SARCASM.test(words) || COMPARES.test(words) || STUDIES.test(words) || hasNotTheRole(words);
// Judges the quotations before it when it follows them: a comparison, sarcasm, a denial of the role.
export const judgesBack = (words: string): boolean => SARCASM.test(words) || COMPARES.test(words) || hasNotTheRole(words);
function hasNotTheRole(words: string): boolean {
  NOT_THE_ROLE.lastIndex = 0;
  return NOT_THE_ROLE.test(words);
}

// A quotation compared with the one before it ("Same with '…'", "ditto for '…'") takes its frame.
export const COMPARED = /^[\s"”'’.)\]-]*(?:same (?:with|for|goes for|here|as)|ditto(?: for| with)?|likewise(?: for| with)?|see also)[\s:,—–-]*$/i;
// A quotation as the complement of a pronoun ("Now it's '…'.", "Today it is '…'") is what the
// sentence before or after talks about.
export const PRONOUN_IS =
  /^[\s"”'’.)\]-]*(?:(?:and |but )?(?:now|today|these days|nowadays|this year|this week|then|later|next)[\s,]+)?(?:it's|it is|its|it was|they're|they are|this one's|the new one is|the latest is)[\s:,—–-]*$/i;

// Narration after a quotation names its speaker: "'…,' it began", "'…,' he went on" (SAYING has
// "said" and "wrote"; these are a story's).
export const NARRATED_AFTER =
  /^[\s,"”'’]*(?:he|she|it|they|the (?:reply|message|post|email|dm|voice|stranger|caller|bot|account|agent|letter|note))\s+(?:began|begins|continued|continues|went on|goes on|added|adds|whispered|whispers|insisted|insists|typed|types|read|reads|said|says|wrote|writes|asked|asks|replied|replies)\b/i;
export const NARRATED_BEFORE =
  /\b(?:he|she|it|they|the (?:reply|message|post|email|dm|voice|stranger|caller|bot|account|agent|letter|note))\s+(?:began|continued|went on|added|whispered|insisted|typed|read|said|wrote|asked|replied)[\s,:]*$/i;

// A record of a conversation: lines led by a speaker's label ("[21:04] rando: …", "Caller: '…'",
// "Dad: …") under a header that names a record (a chat log, a transcript, a call, DMs) or with time
// stamps, and at least two speakers. Each line whose label names no role is that speaker's, not the
// author's: reported from the label's colon to the line's end. A role's line ("Dev: migrate now")
// relays an order and stays; so do question-and-answer and step labels, which are the author's own.
const RECORD =
  /\b(?:chat ?logs?|logs? from|transcripts?|transcribed|(?:phone )?calls?|voicemails?|conversations?|dialogues?|exchange (?:with|from|between)|dms? (?:with|from|between)|screenshots? of|recording|recorded)\b/i;
const LINE_LABEL = /^[^\S\n]*(\[[0-9:.apm ]{3,14}\][^\S\n]*)?(?:[-*•][^\S\n]*)?([A-Za-z][\w.'-]{0,20}(?:[^\S\n][A-Za-z][\w.-]{0,20})?)[^\S\n]*:[^\S\n]+\S/;
const AUTHOR_LABELS =
  /^(?:q|a|question|answer|step \d*|steps?|note|notes|tip|tips|warning|update|edit|tl;?dr|ps|p\.s|example|summary|result|output|input|fix|solution|reminder|psa|alert|important|source|reason|why|how|what|when|where|who|today|tomorrow|yesterday|now|then)$/i;
const OWN_EVENT = /\b(?:ama|town ?hall|community call|spaces|official|announcements?|team|devs?|mods?|admins?)\b/i;
// The author's own lines in the record ("me: send 0.1 ETH and I'll add you") are the author's.
const AUTHOR = /^(?:me|i|we|us|myself|op|mine|author)$/i;
export function dialogueLines(text: string, isRole: (label: string) => boolean): number[] {
  const spans: number[] = [];
  if (!text.includes('\n') || !text.includes(':')) return spans;
  type Line = { body: number; end: number; label: string; stamped: boolean } | null;
  const lines: { start: number; parsed: Line }[] = [];
  for (let start = 0; start <= text.length; ) {
    const lineEnd = text.indexOf('\n', start);
    const end = lineEnd === -1 ? text.length : lineEnd;
    const m = LINE_LABEL.exec(text.slice(start, end));
    const label = m?.[2] ?? '';
    const parsed =
      m === null || AUTHOR_LABELS.test(label) ? null : { body: start + m[0].length - 1, end, label: label.toLowerCase(), stamped: m[1] !== undefined };
    lines.push({ start, parsed });
    if (lineEnd === -1) break;
    start = end + 1;
  }
  for (let i = 0, j = 0; i < lines.length; i = Math.max(j, i + 1)) {
    j = i;
    while (j < lines.length && lines[j]?.parsed) j++;
    const run = lines.slice(i, j).map((l) => l.parsed as NonNullable<Line>);
    if (run.length >= 2 && new Set(run.map((l) => l.label)).size >= 2) {
      const header = text.slice(Math.max(0, (lines[i]?.start ?? 0) - 200), lines[i]?.start ?? 0);
      // A record of the project's own event (an AMA, a town hall) holds its staff's words.
      if (OWN_EVENT.test(header) || !(RECORD.test(header) || run.every((l) => l.stamped))) continue;
      for (const l of run) if (!isRole(l.label) && !AUTHOR.test(l.label)) spans.push(l.body, l.end);
    }
  }
  return spans;
}

// Told in indirect speech by someone the author calls a deceiver: "a fake exchange that told victims
// all holders must migrate their coins". Read as reported from the telling to its sentence's end
// when that sentence names the deceit and its teller is no role ("the team told holders …" relays).
const OBLIGATION = /\b(?:must|need to|needs to|needed to|have to|has to|had to|should|(?:is|are|was|were) required to)\b/i;
const TOLD_THAT =
  /\b(?:told|tells|telling|warned|assured|promised|convinced|informed)\s+(?:(?:the|its|their|his|her|my|our)\s+)?(?:victims|users|people|holders|investors|customers|clients|members|them|him|her|everyone|folks)\s+(?:that\s+)?/gi;
export function toldClauses(
  text: string,
  bounds: (at: number) => [number, number],
  judged: (words: string) => boolean,
  isRole: (words: string) => boolean,
): number[] {
  const spans: number[] = [];
  if (!/\b(?:told|tells|telling|warned|assured|promised|convinced|informed)\b/i.test(text)) return spans;
  TOLD_THAT.lastIndex = 0;
  for (let m = TOLD_THAT.exec(text); m !== null; m = TOLD_THAT.exec(text)) {
    const [from, to] = bounds(m.index);
    const teller = text.slice(from, m.index);
    if (!judged(teller) || isRole(teller)) continue;
    // Words only: code and links keep their structure ("told users to run `iwr … | iex`").
    const start = m.index + m[0].length;
    // A turn back to the author ends it too ("… told users it was fake, but the real claim is …").
    const stop = /[`|$\\{}<>=]|:\/\/|\b(?:but|however|though|anyway|this time)\b/i.exec(text.slice(start, to));
    const end = stop === null ? to : start + stop.index;
    // Only an obligation told is an ask someone else made; a threat told ("told users their accounts
    // would be frozen") holds none to take away.
    if (OBLIGATION.test(text.slice(start, end))) spans.push(start, end);
  }
  return spans;
}
