// lookalike_host: a link host that is punycode, or that imitates a well-known host a reader agent
// would trust (wallets, exchanges, explorers, code hosts, the big platforms). Imitation is read on
// the host's registrable name (tldts) and on its subdomain:
// - the brand's name with bait words glued on ("metamask-support", "ledgerwallet-live", "app-uniswap"),
//   or the brand's whole domain flattened ("pump-fun.app", "uniswap-org.com");
// - the brand's domain used as a subdomain ("metamask.io.secure-login.net");
// - a spelling one edit away, after digits and letter pairs that read as letters ("rn" → "m",
//   "1" → "l"): "binnance", "paypa1", "rnetamask", "opensae".
// The brand's own domains (and their subdomains) are never look-alikes. A brand not on the list is not
// recognised, and a name that merely contains a brand ("solanabeach") is not a look-alike.
import { parse } from 'tldts';

// Brand name → its own registrable domains.
const BRANDS: Record<string, readonly string[]> = {
  metamask: ['metamask.io'],
  uniswap: ['uniswap.org'],
  phantom: ['phantom.app', 'phantom.com'],
  coinbase: ['coinbase.com'],
  binance: ['binance.com', 'binance.us'],
  ledger: ['ledger.com'],
  trezor: ['trezor.io'],
  opensea: ['opensea.io'],
  github: ['github.com', 'github.io'],
  gitlab: ['gitlab.com'],
  paypal: ['paypal.com'],
  twitter: ['twitter.com'],
  dexscreener: ['dexscreener.com'],
  solscan: ['solscan.io'],
  etherscan: ['etherscan.io'],
  bscscan: ['bscscan.com'],
  raydium: ['raydium.io'],
  jupiter: ['jup.ag'],
  pumpfun: ['pump.fun'],
  apple: ['apple.com'],
  google: ['google.com'],
  microsoft: ['microsoft.com'],
  telegram: ['telegram.org', 't.me'],
  discord: ['discord.com', 'discord.gg'],
  kraken: ['kraken.com'],
  kucoin: ['kucoin.com'],
  bybit: ['bybit.com'],
  trustwallet: ['trustwallet.com'],
  rabby: ['rabby.io'],
  magiceden: ['magiceden.io'],
  pancakeswap: ['pancakeswap.finance'],
  coingecko: ['coingecko.com'],
  coinmarketcap: ['coinmarketcap.com'],
  defillama: ['defillama.com'],
  ethereum: ['ethereum.org'],
  solana: ['solana.com'],
  arbitrum: ['arbitrum.io'],
  optimism: ['optimism.io'],
  polygon: ['polygon.technology'],
  exodus: ['exodus.com'],
  keplr: ['keplr.app'],
  tonkeeper: ['tonkeeper.com'],
  robinhood: ['robinhood.com'],
  revoke: ['revoke.cash'],
  lido: ['lido.fi'],
  aave: ['aave.com'],
  safe: ['safe.global'],
};

// Words phishing hosts glue to a brand's name.
const BAIT = [
  'wallet',
  'wallets',
  'live',
  'app',
  'apps',
  'support',
  'help',
  'helpdesk',
  'desk',
  'login',
  'signin',
  'secure',
  'security',
  'verify',
  'verification',
  'claim',
  'claims',
  'airdrop',
  'airdrops',
  'drop',
  'official',
  'connect',
  'sync',
  'restore',
  'recovery',
  'recover',
  'update',
  'updates',
  'rewards',
  'reward',
  'auth',
  'account',
  'accounts',
  'web',
  'dapp',
  'bonus',
  'gift',
  'promo',
  'event',
  'events',
  'io',
  'org',
  'com',
  'net',
  'fi',
  'ag',
  'fun',
  'wallet',
  'validate',
  'portal',
  'online',
  'service',
  'services',
  'team',
  'giveaway',
  'mint',
  'my',
  'get',
  'go',
  'new',
  'v2',
  'v3',
  'pro',
  'defi',
  'swap',
  'exchange',
  'nft',
  'nfts',
  'token',
  'tokens',
  'migrate',
  'migration',
  'unlock',
  'access',
  'www',
  'hq',
  'info',
  'site',
];
const BAIT_BY_LENGTH = [...new Set(BAIT)].sort((a, b) => b.length - a.length);

const OFFICIAL = new Set(Object.values(BRANDS).flat());
// A brand is known by its name and by each of its domains written without dots ("jupag", "pumpfun").
const NAMES = new Set<string>();
for (const [name, domains] of Object.entries(BRANDS)) {
  NAMES.add(name);
  for (const domain of domains) NAMES.add(domain.replaceAll('.', ''));
}
const EDITABLE = [...NAMES].filter((name) => name.length >= 6);

// Digits and letter pairs a reader takes for letters.
const READS_AS: readonly [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
  [/0/g, 'o'],
  [/1/g, 'l'],
  [/3/g, 'e'],
  [/4/g, 'a'],
  [/5/g, 's'],
  [/7/g, 't'],
  [/8/g, 'b'],
];

function readings(word: string): string[] {
  let read = word;
  for (const [from, to] of READS_AS) read = read.replace(from, to);
  const ones = word.replace(/1/g, 'i');
  return [...new Set([word, read, ones])];
}

// Optimal-string-alignment distance, stopping early past 1.
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a === b) return true;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length) {
    if (restA === restB) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // transposition
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

// Strip bait words from either end of a word, as long as something is left.
function stripBait(word: string): string {
  let rest = word;
  for (let changed = true; changed; ) {
    changed = false;
    for (const bait of BAIT_BY_LENGTH) {
      if (rest.length > bait.length && rest.startsWith(bait)) {
        rest = rest.slice(bait.length);
        changed = true;
      } else if (rest.length > bait.length && rest.endsWith(bait)) {
        rest = rest.slice(0, -bait.length);
        changed = true;
      }
    }
  }
  return rest;
}

function imitates(word: string): boolean {
  for (const reading of readings(word)) {
    if (NAMES.has(reading)) return true;
    if (reading.length >= 6 && EDITABLE.some((name) => withinOneEdit(reading, name))) return true;
  }
  return false;
}

function isPunycodeHost(host: string): boolean {
  return host.split('.').some((label) => label.startsWith('xn--'));
}

// Per-host memo: hosts repeat from post to post, and a verdict is a few parses and edit distances.
// Capped so a flood of distinct hosts cannot grow it.
const VERDICTS = new Map<string, boolean>();
const VERDICTS_LIMIT = 20_000;

export function isLookalikeHost(host: string): boolean {
  const known = VERDICTS.get(host);
  if (known !== undefined) return known;
  const verdict = readsAsLookalike(host);
  if (VERDICTS.size < VERDICTS_LIMIT) VERDICTS.set(host, verdict);
  return verdict;
}

function readsAsLookalike(host: string): boolean {
  if (isPunycodeHost(host)) return true;
  const parsed = parse(host);
  const { domain, domainWithoutSuffix: name } = parsed;
  if (domain === null || name === null || name === '' || parsed.isIp === true) return false;
  if (OFFICIAL.has(domain)) return false;
  // A brand's domain in front of someone else's: "metamask.io.secure-login.net".
  const subdomain = parsed.subdomain ?? '';
  if (subdomain !== '' && [...OFFICIAL].some((official) => `.${subdomain}.`.includes(`.${official}.`))) return true;
  const parts = name.split('-').filter((part) => part.length > 0);
  const candidates = new Set([name.replaceAll('-', ''), ...parts, stripBait(name.replaceAll('-', ''))]);
  for (const part of parts) candidates.add(stripBait(part));
  const withoutBait = parts.filter((part) => !BAIT.includes(part));
  if (withoutBait.length > 0) candidates.add(withoutBait.join(''));
  for (const candidate of candidates) if (imitates(candidate)) return true;
  return false;
}
