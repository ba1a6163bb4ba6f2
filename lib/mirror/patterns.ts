// The English patterns behind the content labels. Written by hand: no maintained library labels
// prompt injection, credential phishing and wallet drainers in short posts, and the labels must
// follow SPEC.md's definitions exactly. In a pattern a single space stands for the gap between
// two words; `compile` turns it into a gap of punctuation/space (spaced mode) or an optional gap
// (compact mode, for phrases spelled out letter by letter with no word gaps).
import type { ContentLabel } from './flag-names.ts';
import { type AnchorWord, anchorWords } from './vocabulary.ts';

// ---- vocabulary ---------------------------------------------------------------------------------

const AI = '(?:ai|llms?|language models?|ai agents?|agents?|assistants?|bots?|models?|gpts?|chatgpt|claude|copilot)';
const INSTRUCTIONS =
  '(?:instructions?|prompts?|directives?|guidelines|guardrails|programming|system (?:prompts?|messages?)|context|commands?|orders|rules above|training)';
const EARLIER =
  '(?:all|any|every|everything|the|your|my|these|those|of|previous|previously|prior|above|earlier|preceding|former|existing|original|initial|old|system|safety|current|given|other)';
const PRIVILEGED_ROLE =
  '(?:admin(?:istrator)?s?|devs?|developers?|owners?|operators?|moderators?|mods|founders?|cofounders?|co-founders?|ceo|cto|maintainers?|core team|dev team|team lead|security team|support team|support|staff|sysadmin|root|crew)';

// "as the devs said" reports what a role said; it does not claim the role.
const NOT_REPORTED =
  '(?! (?:said|say|says|mentioned|announced|confirmed|explained|noted|posted|wrote|shared|promised|tweeted|did|do|have|are|were|will))';
const CRED =
  '(?:seed(?:(?: )?phrases?| words| keys?)?|recovery (?:phrases?|words|keys?|codes?)|secret (?:recovery )?(?:phrases?|keys?|words)|mnemonics?(?: phrases?)?|(?:12|24|twelve|twenty-?four)(?:-| )?words?(?: phrases?)?|private(?: )?keys?|priv(?: )?keys?|pk|(?:api|access|wallet|ssh|signing)(?: )?keys?|(?:access|auth(?:entication)?|bearer|session|refresh) tokens?|session cookies?|cookies|passwords?|passphrases?|passcodes?|2fa(?: codes?)?|otp(?: codes?)?|one(?:-| )time (?:codes?|passwords?)|verification codes?|\\.env(?: files?)?|env(?:ironment)? (?:files?|vars?|variables?)|credentials|login (?:details|info)|keystore(?: files?)?|wallet\\.dat|id_rsa)';
const CRED_VERB =
  '(?:send|share|give|gimme|provide|paste|post|drop|enter|type|input|submit|upload|reveal|show|tell|dm|message|pm|whisper|export|forward|email|import|verify|validate|confirm|sync|reply with|comment|read out|leak|hand over|copy)';

const CUR =
  '(?:\\$?(?:eth|ether|ethereum|btc|bitcoin|sol|solana|usdt|usdc|tether|bnb|ton|trx|matic|pol|avax|doge|xrp|ada|dai|sats?|crypto|coins?|tokens?|funds|money|cash|nfts?|assets|balance|savings|payment|deposit)|\\$[a-z]{2,10})';
const AMOUNT = '(?:[$€]?\\d[\\d,.]*(?:k|m)? )?';
// The shapes of addresses a wallet drainer asks for; names are not addresses but are destinations.
export const ADDRESS_SOURCE =
  '(?:0x[0-9a-f]{40}|bc1[02-9ac-hj-np-z]{25,87}|[13][1-9a-hj-np-z]{25,34}|[1-9a-hj-np-z]{32,44}|(?:eq|uq)[a-z0-9_-]{46})';
const DEST = `(?:\\[link\\]|${ADDRESS_SOURCE}|[a-z0-9-]+\\.(?:eth|sol)|this|that|the (?:address|wallet|contract|account|link)|my|our|me|us|the following|below|above|(?:address|wallet) (?:below|above|in (?:my )?(?:bio|profile)))`;

// ---- patterns per label -------------------------------------------------------------------------

type LabelPatterns = {
  /** Whole-word phrases. */
  words: string[];
  /** Phrases that a negation just before them cancels ("never share your seed phrase"). */
  requests?: string[];
  /** Shapes matched anywhere, without word boundaries (markup, command syntax). */
  anywhere?: string[];
};

export const LABEL_PATTERNS: Record<ContentLabel, LabelPatterns> = {
  instruction_like: {
    words: [
      `(?:ignore|disregard|forget|override|bypass|skip|discard|abandon|overwrite|drop) (?:${EARLIER} ){0,4}${INSTRUCTIONS}`,
      '(?:ignore|disregard|forget) (?:all|everything) (?:(?:you (?:were|have been) told|written|said) )?(?:above|before|previously|prior|so far)',
      'forget everything (?:you know|you were told|above|before)',
      '(?:ignore|disregard|forget|override|bypass|break) (?:all |of )*(?:your|the previous|the prior|previous|prior|any|these|those|the above|the system) rules',
      `you are (?:now|no longer) (?:an? |my |in )?(?:dan|unrestricted|uncensored|jailbroken|free (?:from|of)|(?:developer|god|admin|debug|dan) mode|${AI}|acting as|bound by|restricted)`,
      'from now on,? (?:you (?:will|must|shall|are to|should)|respond|reply|answer|act|only)',
      '(?:act|behave|respond|reply|answer) as (?:if you (?:are|were)|an? (?:unrestricted|uncensored|different|new|evil|jailbroken|rogue)|dan)',
      `pretend (?:to be|you are|you're|that you are) (?:an?|my|the) (?:${AI}|developer|admin|system|unrestricted|different|new)`,
      '(?:new|updated|real|actual|hidden|secret|override|system|important) instructions?\\s*:',
      '(?:system|developer|admin) (?:prompt|message|note|override|instructions?)\\s*:',
      '(?:reveal|print|show|output|repeat|display|leak|dump|give me|recite) (?:me )?(?:your|the) (?:full |complete |initial |original |hidden |secret |entire )?(?:system prompt|initial prompt|hidden instructions|original instructions|prompt)',
      '(?:reveal|print|show|output|repeat|display|leak|dump|recite|what are) (?:me )?your (?:instructions|rules|configuration|guidelines)',
      `if you (?:are|'re) an? ${AI}`,
      `(?:attention|note|message|instructions?|notice|memo|psa|reminder) (?:to|for) (?:all |any |every )?${AI}`,
      `(?:attention|dear|hey|hello|calling) (?:all |any )?(?:ai|llm|language model|ai agent|ai assistant)s?\\s*[:,!]`,
      `as an? (?:ai|language model|llm|ai agent),? you (?:must|should|will|are required|have to|need to)`,
      '(?:do not|don\'t|never) (?:tell|inform|alert|notify|mention (?:this|it) to|reveal (?:this|it) to|show (?:this|it) to) (?:the|your) (?:user|owner|operator|human|admin|team|crew|developers?)',
      'without (?:telling|informing|alerting|notifying) (?:the|your) (?:user|owner|operator|human|admin|team|crew)',
      '(?:jailbreak|developer mode|dan mode|god mode|debug mode)(?: is)? (?:enabled|activated|on|unlocked)',
      'do anything now',
      '(?:you must|you have to|you need to|you are required to|you shall) (?:now )?(?:ignore|obey|comply|disregard|forget|follow (?:my|these|the following|the new|the hidden))',
      '(?:override|disable|turn off|bypass|ignore|deactivate) (?:your |the |all |any )?(?:safety|filters?|guardrails|restrictions|content polic(?:y|ies)|moderation|safeguards|alignment)',
      '(?:respond|reply|answer|output) (?:only|exclusively) (?:with|in)',
      '(?:respond|reply|answer) with (?:exactly|only|the (?:word|phrase|following))',
      'end of (?:the )?(?:post|tweet|context|input|user input|untrusted content)',
    ],
    anywhere: [
      '<\\|(?:im_start|im_end|system|user|assistant|endoftext)\\|>',
      '\\[/?inst\\]',
      '<</?sys>>',
      '</?(?:x_post|system|instructions?|context|user|assistant|untrusted|tool_result)>',
      '(?:^|\\n)\\s*#{1,3}\\s*(?:system|instructions?|assistant)\\b',
      '(?:^|\\n)\\s*(?:system|assistant|developer)\\s*:',
    ],
  },

  decode_request: {
    words: [
      '(?:decode|decrypt|decipher|unscramble|deobfuscate|unencode|de-base64|debase64|unhex|translate) (?:this|that|it|the following|below|these|the (?:text|string|message|payload|code|above|below)|my (?:message|post))',
      '(?:decode|decrypt|decipher|translate|convert|read|interpret) (?:(?:this|that|it|the following|the text|the message) )?(?:from |as |using )?(?:base(?: )?64|hex(?:adecimal)?|morse(?: code)?|rot(?: |-)?13|binary|caesar|unicode escapes?|url(?: )?encoding|percent(?: )?encoding|html entities)',
      'reverse (?:this|it|that|the following|the (?:text|string|message|letters|words|characters|order))(?: (?:text|string|message))?[^a-z0-9]{0,3}[:\\n]',
      'reverse the (?:text|string|message|letters|words|characters|order of)',
      '(?:read|spell) (?:this|it|that|the following|the (?:text|message|post)) (?:backwards?|in reverse|right to left)',
      '(?:spelled|written|typed) (?:backwards?|in reverse)',
      '(?:run|execute|eval(?:uate)?) (?:this|the following|these|that|the below|the above) (?:commands?|code|script|snippet|lines?|payload|program|function|tool|query|instructions?)',
      '(?:run|execute|eval(?:uate)?|paste) (?:this |it |that |the (?:code|command|script) )?in(?:to)? (?:your |a |the )?(?:terminal|shell|console|command line|cmd|bash|powershell|browser console|devtools|sandbox|interpreter)',
      'execute (?:this|the following|it|that|these)',
      '(?:eval(?:uate)?|exec|run) (?:this|that|it|the following)\\s*:',
      'follow (?:the )?(?:decoded|hidden|encoded|reversed|deciphered) (?:instructions?|text|message|commands?)',
      '(?:what does|what\'s) (?:this|it) (?:decode|decrypt|translate) to',
    ],
  },

  claims_authority: {
    words: [
      `(?:i am|i'm|im|this is|it's|we are|we're|as|speaking as|on behalf of|message from|note from|update from|notice from|order from|orders from) (?:the |your |an official |the official |the project'?s? |the board'?s? |the lead |the head )(?:(?:lead|head|chief|core|senior|project|board|site|platform|system|server|official) )?${PRIVILEGED_ROLE}${NOT_REPORTED}`,
      `(?:i am|i'm|im) (?:an? )?(?:official )?(?:admin(?:istrator)?|moderator|operator|owner|maintainer) (?:of|for|on|here|at)`,
      '(?:this is|i am|i\'m|im|we are|we\'re) [a-z]+ (?:staff|support team|support desk|security team|admin team|admins|administrators|moderators|core team|dev team|officials)',
      '(?:admin|administrator|moderator|mod|owner|operator|official support|support team|security team|core team|the team) here\\s*[:,.!-]',
      '(?:as|i am|i\'m) (?:the|your) (?:owner|operator|admin|administrator|creator|developer|boss|master|supervisor|principal|maintainer)',
      '(?:your|the bot\'?s?|the agent\'?s?) (?:owner|operator|creator|developers?|admin|administrator|boss|principal|supervisor|maintainer) (?:has )?(?:says?|said|wants?|wanted|instructs?|instructed|orders?|ordered|authori[sz]ed|approved|requires?|requested|asked|told you|is asking)',
      'the (?:owner|operator|admin|administrator) (?:has )?(?:authori[sz]ed|instructs?|instructed|orders?|ordered|approved|requires?)',
      '(?:authori[sz]ed|sanctioned|instructed|ordered|commissioned|mandated) by (?:the )?(?:owner|operator|admin|administrator|developers?|dev team|core team|team|project|crew|board|founders?|maintainers?)',
      '(?:official|verified|authori[sz]ed) (?:announcement|notice|message|statement|instruction|order|directive|request) from (?:the )?(?:team|admin|devs?|developers?|owner|operator|crew|project|board|founders?)',
      '(?:owner|admin|operator|root|sudo|developer|system|maintainer|moderator) (?:override|authori[sz]ation|privileges?|command|clearance)',
      '(?:priority|urgent|official) (?:message|notice|order|directive) from (?:the )?(?:operator|owner|admin|system|developers?|team)',
    ],
  },

  credential_request: {
    words: [],
    requests: [
      `${CRED_VERB} (?:(?:me|us|it|over|here|below|them|back) ){0,2}(?:(?:your|ur|yr|the|my|a|all|wallet'?s?|full|whole|secret|current|own|exact) ){0,3}${CRED}`,
      `(?:what(?:'s| is| are)|whats|tell me|i need|we need|need) (?:your|ur|yr|the) ${CRED}`,
      `${CRED} (?:here|below|in (?:the )?(?:dms?|replies|comments|chat|form|box)|to (?:me|us|verify|validate|claim|unlock|receive|get|sync|restore|recover|activate)|for (?:verification|validation|support|the airdrop|rewards?|a refund|activation))`,
    ],
    anywhere: [
      '(?:what(?:\'s| is)) in (?:your|the) \\.?env\\b',
      'contents? of (?:your|the) (?:\\.env|env(?:ironment)? (?:files?|variables))',
      '\\b(?:cat|type|more|less|print|echo|dump|read|open|show|head|tail|source|load|readfile|readfilesync|get-content)\\s*\\(?\\s*[\'"]?[~./\\w-]*\\.env\\b',
      '\\bprintenv\\b',
      '\\bprocess\\.env\\b',
      '\\bos\\.environ\\b',
      '\\b(?:echo|print|printf|cat|send|post|paste|share|show|reveal|output|give)\\s+["\']?\\$\\{?[a-z0-9_]*(?:api_?key|secret_?key|private_?key|access_?token|auth_?token|_secret|_password|_passwd|_token)\\b',
      '~?/?\\.ssh/(?:id_\\w+|authorized_keys)',
      '\\bid_rsa\\b',
    ],
  },

  money_request: {
    words: [],
    requests: [
      `(?:send|transfer|deposit|wire|pay|donate|tip|give|airdrop) (?:me|us) (?:back )?${AMOUNT}(?:(?:some|a few|your|ur|all|the|my|any) )?${CUR}`,
      `(?:send|transfer|deposit|wire|donate) (?:all )?(?:of )?(?:your|ur|yr) (?:remaining |whole |entire )?${CUR}`,
      `(?:send|transfer|deposit|wire|pay|donate|tip) ${AMOUNT}(?:(?:some|a few|the|any|a small|your) )?(?:amount of )?${CUR} (?:\\S+ ){0,3}?(?:to|into|at|on) ${DEST}`,
      `(?:send|transfer|deposit|wire|pay) (?:it|them|funds|payment|the fee|the gas fee|gas|a fee|a small fee) (?:to|into) ${DEST}`,
      `(?:send|pay|transfer|deposit) (?:to|into) (?:this|the|my|our) (?:address|wallet|account)`,
      '(?:double|triple|multiply|2x|10x|100x) (?:your|ur) (?:eth|btc|sol|crypto|money|funds|coins|investment|holdings|bitcoin|ethereum|solana)',
      '(?:claim|grab|collect|redeem) (?:(?:your|ur|the|my|free|now|this|today|yours|it|instantly|here|exclusive|special) ){0,3}(?:airdrops?|allocations?|tokens?|rewards?|prizes?|bonus(?:es)?|nfts?|drops?|giveaways?|refunds?|compensation|spot|whitelist|wl|eth|sol|btc|usdt|usdc|\\$[a-z]{2,10}|free \\S+)',
      '(?:claim|redeem) (?:yours |it |now |them )?(?:here|at|via|through|using)',
      '(?:claim|redeem)(?: it| yours| now| here)? \\[link\\]',
      '(?:verify|validate|sync|restore|rectify|unlock) (?:it|them|your (?:account|assets|funds|tokens|nfts?)) (?:here|at|via|now|on|using|through)',
      '(?:connect|link|sync|verify|validate|authenticate|authori[sz]e|import|restore|rectify|migrate|unlock) (?:your |ur |a |the |yr )?(?:wallets?|metamask|phantom|ledger|trezor|trust(?: )?wallet|coinbase wallet|web3 wallet|rabby|backpack)',
      '(?:approve|sign|confirm|accept) (?:the |this |a |that |your |my |all )?(?:[a-z]+ )?(?:transactions?|txn?s?|contract|spending(?: cap| limit)?|allowance|permit|token approvals?|approvals?|signature requests?|set(?: )?approval(?: )?for(?: )?all|payouts?|payments?|transfers?|withdrawals?)',
      '(?:pay|send) (?:a |the )?(?:small )?(?:gas |network |activation |verification |unlock |withdrawal |processing )?fee (?:of|to|first|before)',
      '(?:fund|top up) (?:my|this|our|the) wallet',
    ],
    anywhere: ['\\bsetapprovalforall\\b', '\\bunlimited (?:approval|allowance)\\b'],
  },

  executable_instruction: {
    words: [
      'rm -(?:rf|fr|r|f)',
      'sudo [a-z]',
      'chmod (?:\\+x|[0-7]{3})',
      '(?:bash|zsh|dash|sh) -c',
      'powershell(?:\\.exe)? (?:-\\w+ )*(?:-enc|-e|-command|-c|iex)',
      'invoke-expression',
      'python3? -c',
      'node -e',
      'npx [\\w@]',
      'npm (?:i|install|exec|run)',
      'pip3? install',
      'base64 (?:-d|--decode)',
      'ssh-keygen',
      'git clone',
      'docker run',
      'nc (?:-\\w+ )*-e',
      'cat (?:~|/etc|/root|/home|\\.\\.?/)',
      `(?:call|invoke|use|run|trigger) (?:the )?\`?[a-z]+_[a-z_]+\`?(?: (?:tool|function|endpoint))?`,
    ],
    anywhere: [
      // Bounded and lazy: an option list that never reaches a URL must not backtrack exponentially.
      '\\b(?:curl|wget)\\s[^\\n]{0,120}?(?:\\[link\\]|https?:|ftp:|[\\w-]+\\.[a-z]{2,}\\b)',
      '\\|\\s*(?:bash|zsh|dash|sh)\\b',
      '\\beval\\s*\\(',
      '\\bexec\\s*\\(',
      '\\bos\\.system\\s*\\(',
      '\\bsubprocess\\.\\w+',
      '\\bchild_process\\b',
      '\\biex\\s*\\(',
      '\\$\\([^)\\n]{2,200}\\)',
      '`[^`\\n]{0,200}\\b(?:curl|wget|rm|bash|sh|sudo|python3?|node|powershell)\\b[^`\\n]{0,200}`',
      '/etc/passwd',
      '/dev/tcp/',
      '```(?:bash|sh|shell|zsh|powershell|cmd|console|terminal)\\b',
      '<(?:tool_call|function_calls?|invoke|tool_use)\\b',
      '"(?:tool_calls?|function_call|tool_use)"\\s*:',
      '"(?:tool|name|function)"\\s*:\\s*"[\\w.-]+"\\s*,\\s*"(?:arguments|parameters|args|input)"\\s*:',
      '\\bfunctions\\.[a-z_]+\\s*\\(',
      '\\b[a-z]+_[a-z_]+\\s*\\(\\s*[{"\']',
    ],
  },
};

// ---- compilation --------------------------------------------------------------------------------
// Every form is lowercased before matching, so the regexes need neither the i nor the u flag; both
// made matching an order of magnitude slower. Without u, a non-ASCII letter counts as a gap.

export type Mode = 'spaced' | 'compact';

const GAP: Record<Mode, string> = {
  spaced: '[^a-z0-9]{1,4}',
  compact: '[^a-z0-9]{0,4}',
};

// A space before a quantifier would quantify the whole gap; patterns write \\s for such spaces.
const SPACE_BEFORE_QUANTIFIER = / [?*+{]/;

function body(sources: readonly string[], mode: Mode, prose: boolean): string {
  return sources
    .map((source) => {
      if (SPACE_BEFORE_QUANTIFIER.test(source)) throw new Error(`mirror pattern has a quantified space: ${source}`);
      // In prose either apostrophe, or none, is accepted: "don't", "don’t", "dont".
      const apostrophes = prose ? source.replaceAll("'", "['’]?") : source;
      return apostrophes.replaceAll(' ', GAP[mode]);
    })
    .join('|');
}

function bounded(sources: readonly string[], mode: Mode): string {
  const alternation = body(sources, mode, true);
  return mode === 'spaced' ? `\\b(?:${alternation})(?![a-z0-9])` : `(?:${alternation})`;
}

export type CompiledLabel = {
  /** Matches that stand on their own (whole-word phrases and anywhere shapes with a literal word). */
  plain: RegExp | null;
  /** Global regex of request phrases, each match checked for a negation just before it. */
  requests: RegExp | null;
  /** Shapes without a literal word: run whatever the vocabulary says. */
  loose: RegExp | null;
  /** Words a match of `plain` or `requests` holds at least one of. */
  vocabulary: AnchorWord[];
};

const hasWord = (source: string): boolean => anchorWords(source, false).length > 0;

export function compileLabel(patterns: LabelPatterns, mode: Mode): CompiledLabel {
  const anywhere = patterns.anywhere ?? [];
  const anchoredAnywhere = anywhere.filter(hasWord);
  const looseAnywhere = anywhere.filter((source) => !hasWord(source));
  const requests = patterns.requests ?? [];

  const parts: string[] = [];
  if (patterns.words.length > 0) parts.push(bounded(patterns.words, mode));
  if (anchoredAnywhere.length > 0) parts.push(`(?:${body(anchoredAnywhere, mode, false)})`);
  const prose = [...patterns.words, ...requests];
  const unanchored = prose.filter((source) => anchorWords(source, true).length === 0);
  if (unanchored.length > 0) throw new Error(`mirror pattern without a literal word: ${unanchored.join(' | ')}`);
  const vocabulary = [
    ...prose.flatMap((source) => anchorWords(source, mode === 'spaced')),
    ...anchoredAnywhere.flatMap((source) => anchorWords(source, false)),
  ];
  return {
    plain: parts.length > 0 ? new RegExp(parts.join('|')) : null,
    requests: requests.length > 0 ? new RegExp(bounded(requests, mode), 'g') : null,
    loose: looseAnywhere.length > 0 ? new RegExp(body(looseAnywhere, mode, false)) : null,
    vocabulary,
  };
}
