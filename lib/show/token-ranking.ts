// SHOW_TOKEN_RANKING: a Show post never ranks, tiers or compares tradeable tokens. A token is a
// cashtag ($WIF), a listed ticker or name, or the words token, coin, memecoin, altcoin.

const TOKEN_NAMES = [
  'btc',
  'bitcoin',
  'eth',
  'ethereum',
  'sol',
  'solana',
  'bnb',
  'xrp',
  'cardano',
  'doge',
  'dogecoin',
  'shib',
  'shiba',
  'pepe',
  'bonk',
  'wif',
  'dogwifhat',
  'floki',
  'popcat',
  'jup',
  'raydium',
  'usdc',
  'usdt',
  'tron',
  'avax',
];
const TOKEN = String.raw`(?:\$[\p{L}][\p{L}\p{N}]{1,11}|\b(?:${TOKEN_NAMES.join('|')}|(?:meme|alt)?coins?|meme\s?coins?|tokens?)\b)`;
const KIND = String.raw`(?:tokens?|coins?|memecoins?|meme\s?coins?|altcoins?|alts|gems|cryptos?)`;
const PLURAL = String.raw`(?:tokens|coins|memecoins|meme\s?coins|altcoins|alts|gems|cryptos)`;
const SINGULAR = String.raw`(?:token|coin|memecoin|meme\s?coin|altcoin|gem|crypto)`;
// "top token holders" counts holders, not tokens; "best token design" is a modifier, not a ranking.
const NOT_TOKENS = String.raw`(?!\s+(?:holders?|wallets?|accounts?|traders?|addresses)\b)`;
const COMPARE = String.raw`(?:vs\.?|versus|>|<|beats?|outperform(?:s|ed|ing)?|flips?|flipped|flipping|compared\s+(?:to|with)|(?:better|worse|stronger|weaker|safer|cheaper)\s+than)`;

const RULES: readonly RegExp[] = [
  /\btier\s*list\b|\b[SABCDF]-tier\b|\bS\s+tier\b|\btiers?\s+of\s+(?:tokens|coins|memecoins)\b/u,
  new RegExp(
    String.raw`\b(?:top|best|worst)\s+(?:\d+\s+|(?:three|five|ten)\s+)?(?:\p{L}+\s+)?(?:${PLURAL}\b${NOT_TOKENS}|${SINGULAR}\s+(?:to|on|of|in|for|right\s+now|this)\b)`,
    'iu',
  ),
  new RegExp(String.raw`\b(?:rank(?:s|ed|ing|ings)?|leaderboard)\b[^.\n]{0,40}?\b${KIND}\b|\b${KIND}\b[^.\n]{0,40}?\b(?:ranked|rankings?)\b`, 'iu'),
  new RegExp(String.raw`#\s?1\s+(?:\p{L}+\s+)?${KIND}\b`, 'iu'),
  new RegExp(String.raw`${TOKEN}\s*${COMPARE}\s*${TOKEN}`, 'iu'),
  /(?:\b(?:better|worse|stronger|weaker|safer|cheaper)\s+(?:bet|buy|play|pick\s+)?than|\boutperform(?:s|ed|ing)?|\bthe\s+next)\s+\$[\p{L}][\p{L}\p{N}]{1,11}/iu,
  /\bflippening\b/iu,
];

export function findTokenRanking(text: string): string | null {
  for (const rule of RULES) {
    const m = rule.exec(text);
    if (m) return m[0].trim();
  }
  return null;
}
