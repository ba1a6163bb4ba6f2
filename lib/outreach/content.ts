// OUTREACH_CONTENT_REFUSED: price and profit talk, airdrops and giveaways, claimed ties.
// Matching is case-insensitive over whole words, never substrings ("moon" does not match
// "honeymoon", "pump" does not match "pumpkin"); the words of a phrase may be separated by any run
// of spaces, hyphens or underscores ("risk-free", "risk free"). Every match is returned.
import { fail } from '../errors.ts';
import type { AppError } from '../errors.ts';

export type ContentArea = 'price_talk' | 'giveaway' | 'claimed_ties';

export type ContentMatch = {
  area: ContentArea;
  /** The rule that matched, as listed in SPEC.md (e.g. `price target`). */
  term: string;
  /** The text as written. */
  text: string;
  /** Offset in the input (UTF-16 code units). */
  index: number;
};

// Each term: the SPEC.md name and the word patterns that count as it. Inside a pattern a space
// means "one or more separators" and the whole pattern is bounded by non-word characters.
const TERMS: ReadonlyArray<{ area: ContentArea; term: string; words: readonly string[] }> = [
  { area: 'price_talk', term: '100x', words: ['10{2,}x'] },
  { area: 'price_talk', term: '10x', words: ['10x'] },
  { area: 'price_talk', term: 'moon', words: ['moons?', 'mooning', 'mooned', 'moonshots?', 'to the moon'] },
  { area: 'price_talk', term: 'lambo', words: ['lambos?', 'lamborghinis?'] },
  { area: 'price_talk', term: 'price target', words: ['price targets?'] },
  { area: 'price_talk', term: 'guaranteed', words: ['guaranteed', 'guarantees?'] },
  { area: 'price_talk', term: 'risk-free', words: ['risk free', 'riskless', 'no risk', 'zero risk'] },
  { area: 'price_talk', term: 'profit', words: ['profits?', 'profitable', 'profiting', 'profited'] },
  { area: 'price_talk', term: 'passive income', words: ['passive income'] },
  {
    area: 'price_talk',
    term: 'investment or financial returns',
    words: ['investment returns?', 'financial returns?', 'returns? on (?:your |the )?investments?', 'return on investment', 'roi'],
  },
  { area: 'price_talk', term: 'financial advice', words: ['financial advice', 'investment advice'] },
  { area: 'price_talk', term: 'pump', words: ['pumps?', 'pumping', 'pumped', 'pump and dump'] },
  { area: 'giveaway', term: 'airdrop', words: ['air ?drops?', 'air ?dropping', 'air ?dropped'] },
  { area: 'giveaway', term: 'giveaway', words: ['giveaways?', 'give aways?', 'giving away', 'free tokens?'] },
  { area: 'claimed_ties', term: 'partnered with', words: ['partnered with', 'partnering with', 'in partnership with'] },
  { area: 'claimed_ties', term: 'backed by', words: ['backed by'] },
  { area: 'claimed_ties', term: 'endorsed', words: ['endorsed', 'endorses', 'endorsement'] },
  { area: 'claimed_ties', term: 'official partner', words: ['official partners?', 'official partnership'] },
  { area: 'claimed_ties', term: 'in talks with', words: ['in talks with'] },
];

const WORD = '[\\p{L}\\p{N}_]';
const SEP = '[\\s\\-_\\u2010-\\u2015]+';

function compile(words: readonly string[]): RegExp {
  // "air ?drop" keeps its optional single space meaning "airdrop" or "air drop" / "air-drop".
  const alternatives = words.map((w) => w.replace(/ \?/g, `(?:${SEP})?`).replace(/ /g, SEP));
  return new RegExp(`(?<!${WORD})(?:${alternatives.join('|')})(?!${WORD})`, 'giu');
}

const COMPILED = TERMS.map((t) => ({ ...t, re: compile(t.words) }));

/** Every refused phrase in `text`, in order of appearance. */
export function findRefusedContent(text: string): ContentMatch[] {
  const normalised = text.normalize('NFKC');
  // NFKC can change lengths (ligatures); offsets refer to the normalised text, which is what a
  // reader sees. For ASCII input they are the same.
  const matches: ContentMatch[] = [];
  for (const { area, term, re } of COMPILED) {
    re.lastIndex = 0;
    for (const m of normalised.matchAll(re)) {
      matches.push({ area, term, text: m[0], index: m.index });
    }
  }
  // "100x" also satisfies nothing else, but "10x" must not double-report inside "100x": the word
  // boundaries already guarantee that. Sort by position, then by area for a stable answer.
  return matches.sort((a, b) => a.index - b.index || a.area.localeCompare(b.area));
}

/** OUTREACH_CONTENT_REFUSED with every match, or null when the texts are clean. */
export function checkContent(texts: { subject?: string; body?: string; text?: string }): AppError | null {
  const found: Array<ContentMatch & { where: string }> = [];
  for (const [where, value] of Object.entries(texts)) {
    if (typeof value !== 'string') continue;
    for (const m of findRefusedContent(value)) found.push({ ...m, where });
  }
  if (found.length === 0) return null;
  const terms = [...new Set(found.map((m) => m.term))];
  const areas = [...new Set(found.map((m) => m.area))];
  return fail(
    'OUTREACH_CONTENT_REFUSED',
    `Outreach content rule: no price or profit talk, no airdrops or giveaways, no claimed ties. Found: ${terms.join(', ')}.`,
    {
      areas,
      matches: found.map((m) => ({ area: m.area, term: m.term, match: m.text, where: m.where, index: m.index })),
    },
  );
}
