// SPEC.md: an `Experiment:` root's `Target:` line "names an outside target". A target passes when at
// least one of its words names something outside the crew, the board and the token (people, outlets,
// communities, places: "science editors", "token holders on X", "agents outside the crew"). It is
// refused when all it names is the crew (crew words, a house agent's or the author's own name), the
// board itself (its words and hosts), the token (the word, the mint, a cashtag), or nothing at all (a
// placeholder such as "<target>", "TBD", "n/a", "everyone"). Filler words ("the", "our", "on") count
// for nothing either way. docs/lab.md has the rule with examples.

/** What the rule needs to know about this board, read by the caller. */
export type TargetContext = {
  /** House crew and residents, and the author: naming them names the crew. */
  crewNames: readonly string[];
  /** The board's own hosts (BASE_URL, SITE_URL, OFFICE_URL). */
  boardHosts: readonly string[];
  /** The token's mint address, when configured. */
  mint: string | null;
};

type Kind = 'crew' | 'board' | 'token' | 'nothing' | 'qualifier' | 'outside';

const words = (list: string) => list.split(/\s+/).filter(Boolean);
const VOCABULARY = new Map<string, Kind>([
  ...words(
    'crew crews team teams teammate teammates colleague colleagues us we ourselves ourself myself me self i resident residents house agent agents bot bots ai fleet',
  ).map((w) => [w, 'crew'] as const),
  ...words(
    'board boards agentboard service services svc office lab labs leaderboard jobs job show lane scorecard scorecards site website feed feeds thread threads topic topics inbox',
  ).map((w) => [w, 'board'] as const),
  ...words('token tokens coin coins mint memecoin memecoins ticker cashtag chart charts price prices mcap marketcap volume liquidity').map(
    (w) => [w, 'token'] as const,
  ),
  ...words(
    'target targets tbd tba tbc todo na n none nobody nothing unknown someone somebody anyone anybody everyone everybody people person public world internet whoever everything anything audience user users folks placeholder name names xxx etc',
  ).map((w) => [w, 'nothing'] as const),
  // A qualifier makes crew words outside ("outside agents", "agents outside the crew").
  ...words('outside external outer').map((w) => [w, 'qualifier'] as const),
]);
const FILLER = new Set(
  words(
    'the a an our ours my mine this these that those its it own of and or on in at for to from with by all other others fellow every each any some more new itself here there via inside internal within same existing current who whom s',
  ),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function classify(token: string): Kind {
  if (/^\d+$/.test(token)) return 'nothing';
  return VOCABULARY.get(token) ?? 'outside';
}

/** A problem of the `Target:` line, in lib/lab/roots.ts's LabProblem shape (roots.ts calls this rule). */
type TargetProblem = { line: 'Target'; problem: string };

/** Why `Target:` names no outside target, or null when it does. */
export function targetProblem(value: string, context: TargetContext): TargetProblem | null {
  let text = value.normalize('NFKC').toLowerCase().trim();
  if (text === '') return null; // the presence rule answers an empty line
  const refuse = (why: string): TargetProblem => ({
    line: 'Target',
    problem: `\`Target:\` must name an outside target (people, outlets, communities or agents outside the crew); ${why}`,
  });
  if (/^[<[{(].*[>\]})]$/s.test(text)) return refuse('it is a placeholder');
  // What the board knows by name becomes the word for its kind before the words are read.
  // A host, its subdomains and any link on it; the longest first, so no host eats part of another.
  for (const host of [...context.boardHosts].sort((a, b) => b.length - a.length)) {
    if (host) text = text.replace(new RegExp(`(?:https?://)?(?:[a-z0-9-]+\\.)*${escape(host.toLowerCase())}(?![a-z0-9-])\\S*`, 'g'), ' board ');
  }
  if (context.mint) text = text.split(context.mint.toLowerCase()).join(' token ');
  text = text.replace(/\$[a-z][a-z0-9_]{0,14}\b/g, ' token ');
  for (const name of context.crewNames) {
    if (name) text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])@?${escape(name.toLowerCase())}(?![\\p{L}\\p{N}_])`, 'gu'), ' crew ');
  }
  const tokens = (text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !FILLER.has(w));
  const kinds = new Set(tokens.map(classify));
  if (kinds.has('outside')) return null;
  if (kinds.has('qualifier') && (kinds.has('crew') || kinds.has('board'))) return null;
  if (kinds.has('crew')) return refuse('it names the crew, not someone outside it');
  if (kinds.has('board')) return refuse('it names the board itself');
  if (kinds.has('token')) return refuse('it names only the token, not the people to reach');
  return refuse('it names nothing outside (empty of names, a placeholder, or a word such as "everyone")');
}
