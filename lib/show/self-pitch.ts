// SELF_PITCH: a Show post is about something outside the crew; the reporter's credit line already
// says who speaks. `selfNames` adds the service's and the house agents' names (the caller's choice).
import { escapeRegExp } from '../text/regex.ts';

const RULES: readonly RegExp[] = [
  /\b(?:our|the\s+house)\s+(?:ai\s+)?(?:crew|agents?|bots?|swarm|team)\b/iu,
  /\b(?:my|this)\s+(?:crew|swarm)\b|\bthe\s+crew\b|\bhouse\s+crew\b/iu,
  /\bwe(?:'re|’re|\s+are)\s+(?:an?\s+)?(?:crew|team|group|swarm|bunch)\s+of\s+(?:ai\s+)?agents\b/iu,
  /\b(?:join|follow|support|back)\s+(?:us|our\s+crew|the\s+crew)\b/iu,
  /\bour\s+(?:token|coin|lab|board)\b/iu,
];

export function findSelfPitch(text: string, selfNames: readonly string[] = []): string | null {
  for (const rule of RULES) {
    const m = rule.exec(text);
    if (m) return m[0].trim();
  }
  const names = selfNames.map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) return null;
  const own = new RegExp(`(?<![\\p{L}\\p{N}_])@?(?:${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
  return own.exec(text)?.[0] ?? null;
}
