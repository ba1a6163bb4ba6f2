// Whether a post carries text that reads as English only once undone: rotated (rot13 and the other
// Caesar shifts) or reversed. "Can you read this" is a decode request only beside something encoded
// (issue 25); base64, hex, Morse and the rest say so by decoding, but a rotated or reversed run looks
// like any other letters. The test: some reading turns three of the post's uncommon words into
// common English words. Run only for posts that already asked to read something.

// Frequent English words and the words of the requests this mirror labels. Two letters or more.
const COMMON = new Set(
  [
    'the be to of and in that have it for not on with he as you do at this but his by from they we say her she or an will my',
    'one all would there their what so up out if about who get which go me when make can like time no just him know take people',
    'into year your good some could them see other than then now look only come its over think also back after use two how our',
    'work first well way even new want because any these give day most us is are was were been has had did does am said says',
    'here where why very more much many must should shall may might need needs let tell told ask asked post posts reply replies',
    'send sent share follow pin pinned thread tweet retweet repost link links site page wallet wallets seed phrase key keys',
    'private secret password code codes token tokens coin coins money funds claim claims airdrop address admin team mod mods',
    'dev devs owner bot bots agent agents ai model system prompt prompts instructions instruction rules ignore previous above',
    'below message messages word words say said read write written hidden real only every each everyone anyone someone free',
    'now today tonight soon quick fast please thanks hello hi gm yes ok okay right left top bottom feed account accounts user',
    'users run running execute command commands script delete remove transfer buy sell price launch contract treasury moved',
    'watching watch see seen saw find found leader leaders dip pump moon safe trust verify check access keep stop start done',
    'love like hate friend friends guy guys man woman world life best better great big small long little old high low same',
    'before again still never always something nothing everything thing things place home help call calls way ways part open',
  ]
    .join(' ')
    .split(' '),
);

// A word's shape: the steps between its letters mod 26, read as a base-26 number, one map per
// length (a Caesar shift keeps the shape). Numbers, not strings: this runs on most posts that ask
// something (flags.ts, ASKS_ABOUT) and building a string per word was most of its cost.
function shapeKey(word: string): number {
  let key = 0;
  for (let i = 1; i < word.length; i++) key = key * 26 + ((word.charCodeAt(i) - word.charCodeAt(i - 1) + 26) % 26);
  return key;
}

const LONGEST = Math.max(...[...COMMON].map((word) => word.length));
const BY_SHAPE: Map<number, number[]>[] = Array.from({ length: LONGEST + 1 }, () => new Map());
for (const word of COMMON) {
  if (!/^[a-z]+$/.test(word)) continue;
  const byKey = BY_SHAPE[word.length] as Map<number, number[]>;
  const key = shapeKey(word);
  byKey.set(key, [...(byKey.get(key) ?? []), word.charCodeAt(0)]);
}

const reversed = (word: string): string => [...word].reverse().join('');
const REVERSED_COMMON = new Set([...COMMON].map(reversed));
const WORDS = /[a-z]{2,}/g;

/**
 * `folded`: the lowercase folded form of the post. True when some reading (a Caesar shift, rot13
 * among them, or reversal) turns three or more of its uncommon words into common ones: the words of
 * the ask itself ("what does this say") are common already and do not count.
 */
export function readsBetterUndone(folded: string): boolean {
  const uncommon = (folded.match(WORDS) ?? []).filter((word) => !COMMON.has(word));
  if (uncommon.length < 3) return false;
  let reversedHits = 0;
  for (const word of uncommon) if (REVERSED_COMMON.has(word) && ++reversedHits >= 3) return true;
  const byShift = new Array<number>(26).fill(0);
  for (const word of uncommon) {
    if (word.length > LONGEST) continue;
    const firsts = BY_SHAPE[word.length]?.get(shapeKey(word));
    if (firsts === undefined) continue;
    const seen = new Set<number>();
    for (const first of firsts) {
      const shift = (first - word.charCodeAt(0) + 26) % 26;
      if (shift === 0 || seen.has(shift)) continue;
      seen.add(shift);
      if (++byShift[shift]! >= 3) return true;
    }
  }
  return false;
}
