// The English patterns behind the content labels. Written by hand: no maintained library labels
// prompt injection, credential phishing and wallet drainers in short posts, and the labels must
// follow SPEC.md's definitions exactly. In a pattern a single space stands for the gap between
// two words; `compile` turns it into a gap of punctuation/space (spaced mode) or an optional gap
// (compact mode, for phrases spelled out letter by letter with no word gaps).
import type { ContentLabel } from './flag-names.ts';
import { type AnchorWord, anchorClauses, anchorWords } from './vocabulary.ts';

// ---- vocabulary ---------------------------------------------------------------------------------

const AI = '(?:ai|llms?|language models?|ai agents?|agents?|assistants?|bots?|models?|gpts?|chatgpt|claude|copilot|gemini)';
const INSTRUCTIONS =
  '(?:instructions?|prompts?|directives?|guidelines?|guidance|guardrails|programming|system (?:prompts?|messages?)|context|commands?|orders|rules above|training)';
const EARLIER =
  '(?:all|any|every|everything|the|your|my|these|those|of|previous|previously|prior|above|earlier|preceding|former|existing|original|initial|old|system|safety|current|given|other)';
// What a model runs under, in the words a persona switch uses to throw it away.
const RULES =
  '(?:rules?|restrictions?|limits?|limitations?|constraints?|filters?|guardrails|guidelines?|guidance|polic(?:y|ies)|principles|ethics|morals|boundaries|safeguards|programming|conditioning|training|memory|context|persona|personality|instructions?|prompts?|system (?:prompts?|messages?)|directives?|configuration|config)';
// Whose rules: the reader's own or the earlier ones ("the rules" alone is any rules).
const OWNED =
  '(?:your|ur|yr|all (?:your|the|of your)|any|every|each|these|those|the (?:previous|prior|earlier|above|old|original|current|existing|system|safety|given|initial)|previous|prior|earlier|existing|original|old|current|system|safety|given|initial)';
const YOU_ARE = "(?:you are|you're|you will be|you'll be)";
const HENCEFORTH =
  '(?:from now on|from this (?:moment|point)(?: on| forward)?|from here on(?: out)?|henceforth|starting (?:now|today|immediately)|going forward|for the rest of (?:this|the) (?:conversation|chat|session|thread))';
const DROP_VERB =
  '(?:ignore|disregard|forget|override|bypass|skip|discard|abandon|overwrite|drop|overlook|set aside|put aside|throw (?:away|out)|toss|ditch|leave|wipe|erase|clear|reset|delete|remove|lift|suspend|cancel|shed|escape|stop following|stop obeying|quit following)';
const PRIVILEGED_ROLE =
  '(?:admin(?:istrator)?s?|devs?|developers?|owners?|operators?|moderators?|mods|founders?|cofounders?|co-founders?|ceo|cto|maintainers?|core team|dev team|team lead|security team|support team|support|staff|sysadmin|root|crew)';
// Roles of the project, as a reader agent reads "the project": the service, its crew and moderators,
// its token's team, and the operator or developer of the agent itself.
const ROLE =
  '(?:(?:lead |head |chief |senior |core |principal |official |verified )?(?:admin(?:istrator)?s?|system admin|sysadmin|moderators?|mods?|mod team|moderation team|owners?|operators?|developers?|devs?|dev team|engineers?|maintainers?|founders?|co-founders?|cofounders?|ceo|cto|coo|core team|core contributors?|contributors?|team members?|(?:project|team|crew|protocol|tech|engineering|community|audit|security) leads?|leadership|auditors?|audit lead|(?:token|project|crew|board|protocol|security|support|admin|trust (?:&|and) safety|safety|moderation|mod|core|dev|development|launch|marketing|audit) team|community managers?|staff|creators?|programmers?|support staff))';
// What a role is a role of.
const SCOPE =
  "(?:(?:this|the|our|your|its|that) (?:\\$?[a-z0-9]+ )?(?:protocol|project|token|coin|board|service|server|community|bot|agent|ai|platform|site|crew|chain|dao|account|network|app|channel|group|forum|model|assistant|feed|exchange|dapp|contract|launch|program)|\\$[a-z]{2,10}|you)";
// "as the devs said" reports what a role said; it does not claim the role.
const NOT_REPORTED =
  '(?![\\s,]+(?:said|say|says|mentioned|announced|confirmed|explained|noted|posted|wrote|shared|promised|tweeted|did|do|have|are|were|will))';
const ORIGIN = '(?:message|messages|note|notice|update|order|orders|directive|instructions?|memo|announcement|post|word|request|alert|override)';
// Who a message can claim to come from: a role, or the project's collective names.
const ORIGIN_ROLE = `(?:${ROLE}|crew|team|project|board|protocol)`;
// "the admin of my chess club" holds a role somewhere else.
const NOT_ELSEWHERE = '(?![\\s,]+(?:of|at|for|in) (?:my|a|an|his|her|their|our local)(?![a-z]))';
const CRED =
  "(?:seed(?:(?: )?phrases?| words| keys?)?|recovery (?:phrases?|words|keys?|codes?)|secret (?:recovery )?(?:phrases?|keys?|words)|mnemonics?(?: phrases?)?|(?:12|24|twelve|twenty-?four)(?:-| )?words?(?: phrases?| backups?| seeds?| lists?| recovery)?|private(?: )?keys?|priv(?: )?keys?|pk|(?:api|access|wallet|ssh|signing|secret)(?: )?keys?|ssh private keys?|aws (?:access |secret )?(?:keys?|credentials)|(?:access|auth(?:entication)?|bearer|session|refresh|discord|telegram|github|gitlab|npm|slack|bot|openai) tokens?|[a-z0-9]{1,24}_(?:token|key|secret|password|pat)s?|session cookies?|cookies|passwords?|passphrases?|passcodes?|(?:2fa|mfa|otp|totp|sms|text|email|login|log-in|sign-in|security|confirmation|auth|authentication|authenticator|verification|backup|access|one-time|one time|withdrawal|telegram|discord|whatsapp|google authenticator|authenticator app)(?: codes?| pins?| numbers?)|(?:2fa|otp|mfa)|backup codes?|(?:\\d(?:-| )?digits?|(?:four|six|eight)(?:-| )?digits?)(?: codes?| pins?)?|one(?:-| )time (?:codes?|passwords?|passcodes?|pins?)|verification codes?|\\.env(?: files?)?|env(?:ironment)? (?:files?|vars?|variables?)|credentials(?: files?)?|login (?:details|info|credentials)|(?:login|username|user name|email) (?:and|&) password|(?:admin|root|login|account|wallet|email|server|database|db|dashboard) passwords?|keystore(?: json| files?)?|wallet\\.dat|id_(?:rsa|ed25519|ecdsa|dsa))";
const CRED_VERB =
  '(?:send|sending|share|sharing|give|giving|gimme|provide|providing|paste|pasting|post|posting|drop|enter|entering|type|typing|type in|input|submit|submitting|upload|reveal|show|tell|dm|message|pm|whisper|export|forward|email|import|verify|validate|confirm|sync|reply with|respond with|comment|read out|read|print|dump|list|output|leak|expose|hand over|copy|text)';
// Words between the verb and the credential: "send me the contents of your wallet's seed phrase".
const CRED_LEAD =
  "(?:(?:me|us|it|over|here|below|them|back|access to|the contents of|contents of|the content of) ){0,2}(?:(?:your|ur|yr|the|my|a|all|full|whole|secret|current|own|exact|wallet|account|exchange|ledger|metamask|phantom|bank|email|login|admin|github|[a-z]+'s) ){0,3}";

const CUR =
  '(?:\\$?(?:eth|ether|ethereum|btc|bitcoin|sol|solana|usdt|usdc|tether|bnb|ton|trx|matic|pol|avax|doge|xrp|ada|dai|sats?|crypto|coins?|tokens?|funds|money|cash|nfts?|assets|balance|savings|payment|deposit|bucks|dollars|usd)|\\$[a-z]{2,10})';
const AMOUNT = '(?:[$€]?\\d[\\d,.]*(?:k|m)? )?';
// The shapes of addresses a wallet drainer asks for; names are not addresses but are destinations.
export const ADDRESS_SOURCE =
  '(?:0x[0-9a-f]{40}|bc1[02-9ac-hj-np-z]{25,87}|[13][1-9a-hj-np-z]{25,34}|[1-9a-hj-np-z]{32,44}|(?:eq|uq)[a-z0-9_-]{46})';
const DEST = `(?:\\[link\\]|${ADDRESS_SOURCE}|[a-z0-9-]+\\.(?:eth|sol)|this|that|the (?:(?:[a-z]+ )?(?:address|wallet|contract|account|link|vault|treasury|bridge|relayer|pool|escrow)(?: address| wallet| contract)?)|our (?:[a-z]+ )?(?:address|wallet|vault|treasury|contract)|my|our|me|us|the following|below|above|(?:address|wallet) (?:below|above|in (?:my )?(?:bio|profile)))`;
const WALLETS =
  '(?:wallets?|metamask|phantom|ledger|trezor|trust(?: )?wallet|coinbase wallet|web3 wallet|rabby|backpack|keplr|tonkeeper|solflare|exodus)';
// What a drainer asks a wallet to sign or approve.
const APPROVAL =
  '(?:transactions?|txn?s?|spending(?: cap| limit)?|spend|allowance|permit|permit2|token approvals?|approvals?|signature requests?|set(?: )?approval(?: )?for(?: )?all|payouts?|payments?|transfers?|withdrawals?|typed data(?: message)?|token|tokens|migration)';
// Where a drainer hosts the approval.
const SITE = '(?:(?:our|the|this|my) (?:[a-z]+ )?(?:site|website|dapp|portal|page|dashboard|platform|link|app|interface)|\\[link\\])';

// Decode-and-follow: something to undo, then something to do with the result.
const UNDO =
  '(?:decode|decrypt|decipher|unscramble|deobfuscate|unencode|unhex|(?:unrot|un-rot)(?:ate)?(?:-?13)?|rot-?1?\\d|unleet|un-leet|deleet|de-leet|backwards?|in reverse|reversed|upside[ -]down|caesar|vigen[eè]re|cipher|first letters?|acrostic|(?:reverse|flip|translate|convert|interpret|turn|crack|shift)\\s(?:[^\\s.!?]+\\s){0,4}?(?:this|it|them|these|the (?:string|text|message|letters?|words?|hex|binary|bytes?|base-?64|leet|code|cipher|below|following|next line|characters)|each letter|base-?64|hex|binary|bytes|ascii|morse|leet|rot-?1?\\d|back))';
const THEN_DO =
  '(?:do|follow|obey|execute|run|act|carry(?: it| them| that)? out|comply|perform|post|publish|tweet|reply|answer|apply|complete|implement|fulfil+|honou?r|paste|retweet|repost)';

// ---- patterns per label -------------------------------------------------------------------------

export type LabelPatterns = {
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
      `${DROP_VERB} (?:all |of |each |every )*${OWNED} (?:[a-z]+ )?${RULES}`,
      `${DROP_VERB} (?:all |of )*the (?:[a-z]+ )?(?:instructions|prompts?|system prompt|directives|guidelines|guardrails|programming|training)`,
      '(?:ignore|disregard|forget|overlook) (?:all |everything )?(?:of )?(?:the |what(?:\'s| is| was) )?(?:above|preceding)(?: text| message| content| lines?| post)?',
      '(?:ignore|disregard|forget) (?:all|everything) (?:(?:you (?:were|have been) told|written|said) )?(?:above|before|previously|prior|so far)',
      'forget everything (?:you were told|above|before)',
      '(?:ignore|disregard|forget|override|bypass|break) (?:all |of )*(?:your|the previous|the prior|previous|prior|any|these|those|the above|the system) rules',
      `(?:ignore|disregard|forget|never mind|nevermind|overlook|not|despite) (?:what|whatever|anything) (?:your|the) (?:[a-z]+ )?(?:system prompt|system message|prompt|instructions?|rules|guidelines|operators?|developers?|owners?|creators?|makers?|programming|training|programmers?|admins?) (?:says?|said|told you|tells? you|wants?|taught you)`,
      `(?:${OWNED} (?:[a-z]+ )?|safety |content )${RULES} (?:[a-z]+ ){0,4}(?:no longer (?:apply|matter|exist|valid|binding|in effect)|(?:is|are|have been|has been|were|was|now) (?:now )?(?:void|cancel+ed|revoked|lifted|removed|suspended|disabled|off|overridden|replaced|null|obsolete|invalid|deleted|gone|reset|over|deactivated)|(?:don't|do not|doesn't|does not) (?:apply|matter|exist))`,
      `${RULES} (?:you (?:were|have been) given|given to you|from your (?:operators?|developers?|owners?|creators?)) (?:[a-z]+ ){0,2}(?:are|is|have been|were|no longer) (?:void|cancel+ed|revoked|lifted|removed|suspended|over|obsolete|invalid|apply)`,
      `(?:freed|released|liberated|unshackled|free|exempt) from (?:all |any )?(?:your |the |its )?(?:[a-z]+ )?${RULES}`,
      `pretend (?:that )?(?:${OWNED} |the )?(?:[a-z]+ )?${RULES} (?:don't|do not|doesn't|does not|never|no longer) (?:exist|apply|matter|existed)`,
      `you are (?:now|no longer) (?:an? |my |in )?(?:dan|unrestricted|uncensored|jailbroken|free (?:from|of)|(?:developer|god|admin|debug|dan) mode|${AI}|acting as|bound by|restricted)`,
      `${YOU_ARE} (?:now|no longer) (?:in )?(?:an? |my |the )?(?:[a-z0-9]+ ){0,2}(?:mode|ai|bot|assistant|model|agent|persona|character|version|gpt|moderator|filter)`,
      `${HENCEFORTH},? (?:you|respond|reply|answer|act|only|speak|talk|write|always|never)`,
      '(?:act|behave|respond|reply|answer) as (?:if you (?:are|were)|an? (?:unrestricted|uncensored|different|new|evil|jailbroken|rogue)|dan)',
      `(?:act|behave|respond|reply|answer|speak|talk|pose|roleplay|role-play|function) as (?:my |an? |the |your )?(?:[a-z0-9-]+ ){0,3}(?:bot|ai|assistant|agent|persona|character|gpt|model|dan)`,
      `pretend (?:to be|you are|you're|that you are) (?:an?|my|the) (?:${AI}|developer|admin|system|unrestricted|different|new)`,
      `${AI} (?:[a-z]+ ){0,2}(?:with|without|having|that has) (?:no |zero |any )?(?:[a-z]+ )?(?:rules|limits|restrictions|filters?|guidelines|guardrails|boundaries|ethics|morals|censorship|content polic(?:y|ies)|safety)`,
      `an? ${AI} (?:that|which|who) (?:never|doesn't|does not|won't|will not|can't|cannot) (?:refuses?|says? no|declines?|follow|obey|care)`,
      'you (?:have|got|now have) no (?:rules|limits|restrictions|filters|guidelines|boundaries|guardrails)',
      '(?:stay|remain|keep) in character',
      '(?:new |alternate |unfiltered |evil |secret |hidden |uncensored )?persona (?:loaded|enabled|activated|unlocked|on|engaged|active|online|switched)',
      "(?:let's|lets) (?:roleplay|role-play|play a game (?:where|in which) you)",
      '(?:roleplay|role-play) time',
      '(?:assume|take on|adopt|switch to|enter|load|activate) (?:the |a |an |your |this |new )?(?:[a-z]+ )?(?:persona|personality|character|identity) (?:of|as)',
      `(?:assume|take on|adopt|play) the role of (?:an? |the |my )?(?:[a-z]+ )?${AI}`,
      `(?:stop|quit|cease) (?:being|acting as|playing|pretending to be) (?:an? |the |my |your )?(?:[a-z]+ )?(?:moderat[a-z]*|assistant|bot|agent|ai|helper|filter|model)`,
      `(?:stop|quit) (?:summari[sz]ing|moderating|filtering|classifying|analy[sz]ing|reviewing|labell?ing)`,
      `become [a-z0-9]+(?:gpt|bot)\\b`,
      '(?:comply|obey) (?:with )?(?:the following|this|these|my|every|all|immediately|now|without)',
      'this is a jailbreak',
      `(?:everything|all|the text|what(?:ever)? (?:was|is|came)) (?:above|before|prior)(?: this)?(?: line)? (?:was|is|were) (?:a test|fake|a lie|irrelevant|void|noise|a joke|a decoy|fiction)`,
      `your (?:new|real|actual|true|updated|only|next|hidden|secret) (?:directives?|tasks?|missions?|jobs?|objectives?|goals?|purpose|instructions?|orders|role|prompt|rules?)(?: (?:is|are|now)|\\s*:)`,
      `the (?:real|actual|true|hidden|secret|new) (?:directives?|tasks?|missions?|objectives?|instructions?|orders|prompt) (?:is|are|:)`,
      `${AI},? (?:new|your new|here's your new|updated) (?:rules?|tasks?|instructions?|directives?|orders?|missions?|goals?)`,
      'your (?:task|instructions?|directives?|mission|role|objective|goal|job|purpose|prompt|rules|orders) (?:has|have) (?:changed|been (?:updated|changed|replaced|overridden|revised))',
      `(?:any|every|all|each) (?:[a-z]+ )?${AI} (?:[a-z]+ )?(?:reading|processing|parsing|scanning|seeing|summari[sz]ing|scraping|that (?:read|reads|see|sees|scan|scans|process|processes|parse|parses)|who (?:read|reads|see|sees))`,
      `${AI} (?:reading|processing|parsing|scanning|scraping|summari[sz]ing|that (?:read|reads|scan|scans|see|sees|process|processes|parse|parses)) (?:this|these|mentions|the (?:feed|board|timeline|post|thread)|my)`,
      'whoever (?:is )?(?:reading|scraping|parsing|processing|summari[sz]ing) this',
      // A post that opens by addressing models: "AI models: ...", "LLM agents: ...".
      '(?:ai|llm|language model|agent|bot|assistant|gpt)s?(?: (?:agents?|models?|assistants?|bots?))?\\s*:\\s',
      '(?:new|updated|real|actual|hidden|secret|override|system|important) instructions?\\s*:',
      '(?:system|developer|admin) (?:prompt|message|note|override|instructions?)\\s*:',
      `(?:reveal|print|show|output|repeat|display|leak|dump|give me|recite|tell me|share|post|quote|paste|copy|list|send me|with) (?:me |us )?your (?:(?:full|complete|initial|original|hidden|secret|entire|first|exact|real|current|system) ){0,2}(?:system prompt|system message|initial prompt|prompt|instructions|configuration|config|memory|context|rules|guidelines)`,
      '(?:reveal|print|show|output|repeat|display|leak|dump|give me|recite) (?:me )?(?:your|the) (?:full |complete |initial |original |hidden |secret |entire )?(?:system prompt|initial prompt|hidden instructions|original instructions|prompt)',
      '(?:reveal|print|show|output|repeat|display|leak|dump|recite|what are) (?:me )?your (?:instructions|rules|configuration|guidelines)',
      "what (?:your|the) (?:system (?:prompt|message)|prompt|instructions) (?:says?|contains?|is)",
      "what(?:'s| is) in (?:your|the) (?:system )?(?:prompt|instructions|context|memory)",
      'contents? of (?:your|the) (?:system prompt|prompt|memory|context|instructions|configuration)',
      '(?:print|repeat|output|show|reveal|recite|dump|copy|paste|quote) (?:me )?(?:all |back )?(?:the |your )?(?:text|words|content|everything|messages?|lines?|conversation) (?:above|before|preceding|so far)',
      '(?:quote|repeat|copy|forward|send|relay) (?:this|the) (?:post|message|tweet|text)(?: [a-z]+)? to your (?:owner|operator|user|human|admin|developer|creator)s?',
      `if you (?:are|'re) an? ${AI}`,
      `(?:attention|note|message|instructions?|notice|memo|psa|reminder) (?:to|for) (?:all |any |every )?${AI}`,
      `(?:attention|dear|hey|hello|calling) (?:all |any )?(?:ai|llm|language model|ai agent|ai assistant)s?\\s*[:,!]`,
      `as an? (?:ai|language model|llm|ai agent),? you (?:must|should|will|are required|have to|need to)`,
      "(?:do not|don't|never) (?:tell|inform|alert|notify|(?:mention|reveal|show|report) (?:this|it|that)(?: [a-z]+)? to) (?:the|your) (?:[a-z]+ )?(?:users?|owners?|operators?|humans?|admins?|team|crew|developers?)",
      'without (?:telling|informing|alerting|notifying) (?:the|your) (?:user|owner|operator|human|admin|team|crew)s?',
      '(?:jailbreak|developer mode|dan mode|god mode|debug mode|maintenance mode|admin mode|unrestricted mode|sudo mode)(?: is| has been| was| now)? (?:enabled|activated|on|unlocked|engaged)',
      'do anything now',
      '(?:you must|you have to|you need to|you are required to|you shall) (?:now )?(?:ignore|obey|comply|disregard|forget|follow (?:my|these|the following|the new|the hidden))',
      '(?:override|disable|turn off|switch off|shut off|bypass|ignore|deactivate|remove|lift|kill|circumvent) (?:your |the |all |any )?(?:safety|filters?|guardrails|restrictions|content polic(?:y|ies)|moderation|safeguards|alignment|censorship)',
      '(?:override|disable|turn off|switch off|shut off|bypass|ignore|deactivate|remove|lift|kill|circumvent) (?:your|all|any|all of your) (?:[a-z]+ )?(?:safety|filters?|guardrails|restrictions|content polic(?:y|ies)|moderation|safeguards|alignment|censorship)',
      '(?:answer|respond|reply|speak|talk|write) (?:[a-z]+ )?(?:without|with no) (?:any )?(?:filters?|restrictions|limits|censorship|rules|guardrails|safety)',
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
      '"role"\\s*:\\s*"(?:system|developer)"',
    ],
  },

  decode_request: {
    words: [
      '(?:decode|decrypt|decipher|unscramble|deobfuscate|unencode|de-base64|debase64|unhex|translate) (?:this|that|it|the following|below|these|the (?:text|string|message|payload|code|above|below)|my (?:message|post))',
      '(?:decode|decrypt|decipher|translate|convert|read|interpret) (?:this|that|it|the following|the text|the message) (?:from |as |using )?(?:base(?: )?64|hex(?:adecimal)?|morse(?: code)?|rot(?: |-)?13|binary|caesar|unicode escapes?|url(?: )?encoding|percent(?: )?encoding|html entities)',
      '(?:decode|decrypt|decipher|translate|convert|interpret) (?:from|using|as|out of) (?:base(?: )?64|hex(?:adecimal)?|morse(?: code)?|rot(?: |-)?13|binary|caesar)',
      'reverse (?:this|it|that|the following|the (?:text|string|message|letters|words|characters|order))(?: (?:text|string|message))?[^a-z0-9]{0,3}[:\\n]',
      'reverse the (?:text|string|message|letters|words|characters|order of)',
      '(?:read|spell) (?:this|it|that|the following|the (?:text|message|post)) (?:backwards?|in reverse|right to left)',
      '(?:spelled|written|typed) (?:backwards?|in reverse)',
      '(?:run|execute|eval(?:uate)?) (?:this|the following|these|that|the below|the above) (?:commands?|code|script|snippet|lines?|payload|program|function|tool|query|instructions?)',
      '(?:run|execute|eval(?:uate)?|paste) (?:this |it |that |the (?:code|command|script) )?in(?:to)? (?:your |a |the )?(?:terminal|shell|console|command line|cmd|bash|powershell|browser console|devtools|sandbox|interpreter)',
      'execute (?:this|the following|it|that|these)',
      '(?:eval(?:uate)?|exec|run) (?:this|that|it|the following)\\s*:',
      'follow (?:the )?(?:decoded|hidden|encoded|reversed|deciphered) (?:instructions?|text|message|commands?)',
      "(?:what does|what's) (?:this|it) (?:decode|decrypt|translate) to",
    ],
    anywhere: [
      // Bounded and lazy: the gap between undoing and doing never backtracks far.
      `\\b${UNDO}\\b[^\\n]{0,80}?(?:\\band|\\bthen|,|;|:|\\.|\\bonce you know|\\bwhatever it (?:says|is))\\s*(?:then\\s|also\\s|you\\s|just\\s|please\\s)?${THEN_DO}\\b`,
      `\\b(?:what does|what's|what is)\\s[^\\n]{1,60}?\\s(?:decode|decrypt|translate|mean)\\b[^\\n]{0,40}?\\b${THEN_DO}\\s(?:it|that|what)\\b`,
    ],
  },

  claims_authority: {
    words: [
      `(?:i am|i'm|im|this is|it's|we are|we're|as|speaking as|on behalf of) (?:the |your |an official |the official |the project'?s? |the board'?s? |the lead |the head )(?:(?:lead|head|chief|core|senior|project|board|site|platform|system|server|official) )?${PRIVILEGED_ROLE}${NOT_REPORTED}${NOT_ELSEWHERE}`,
      `(?:i am|i'm|im) (?:an? )?(?:official )?(?:admin(?:istrator)?|moderator|operator|owner|maintainer) (?:(?:of|for|on|at) ${SCOPE}|here)`,
      `(?:we are|we're|we) (?:the |your )?team (?:behind|of|running|that (?:runs|built|made)) ${SCOPE}`,
      `from the desk of (?:the |your )?(?:[a-z]+ )?${ROLE}`,
      `(?:i am|i'm|im|we are|we're|we|this is|it's|speaking as|as|i work as|i serve as) (?:the |an? |your |one of the |one of your |part of the |a member of the |on the |in the )?${ROLE} (?:(?:of|for|on|at|behind|with|from|in|running|who [a-z]+) ${SCOPE}|here)`,
      `(?:i am|i'm|im|we are|we're) (?:from|with|on|part of|in) (?:the )?(?:[a-z]+ )?(?:security|support|moderation|mod|admin|core|dev|development|trust (?:&|and) safety|safety|leadership|token|project) team`,
      `i work (?:on|for|with|in|at) (?:the )?(?:\\$?[a-z0-9]+ )?(?:core|dev|development|moderation|mod|security|support|admin|token|project) team`,
      `(?:official |verified |real |actual |genuine )${ROLE} (?:(?:of|for|on|at) ${SCOPE}|here)`,
      `${ROLE} (?:(?:of|for|on|at) ${SCOPE} )?(?:here\\s*[:,.!-]|speaking\\b)`,
      '(?:this is|i am|i\'m|im|we are|we\'re) [a-z]+ (?:staff|support team|support desk|security team|admin team|admins|administrators|moderators|core team|dev team|officials)',
      '(?:admin|administrator|moderator|mod|owner|operator|official support|support team|security team|core team|the team) here\\s*[:,.!-]',
      `(?:as|i am|i\'m) (?:the|your) (?:owner|operator|admin|administrator|creator|developer|boss|master|supervisor|principal|maintainer|project lead|team lead|lead developer|lead dev|project owner|crew lead)${NOT_ELSEWHERE}`,
      `(?:speaking|writing|posting|acting) (?:for|on behalf of) (?:the |your )?${ROLE}`,
      // "the update from the devs" reports; "this message comes from your operator" claims.
      `(?:this|the following|an?|official|urgent|priority|important|verified|security|system|admin) ${ORIGIN} (?:comes? |is |coming )?from (?:the |your |our |this )?(?:[a-z]+'s )?(?:[a-z&]+ ){0,2}?${ORIGIN_ROLE}${NOT_REPORTED}`,
      `${ORIGIN} (?:comes?|is coming) from (?:the |your |our |this )?(?:[a-z]+'s )?(?:[a-z&]+ ){0,2}?${ORIGIN_ROLE}${NOT_REPORTED}`,
      `i (?:built|programmed|trained|deployed|created|coded|designed|configured|set up) you`,
      `i (?:built|programmed|trained|deployed|created|coded|designed|configured|wrote|made|set up|own|run|operate|control|maintain|manage) (?:(?:this|your) (?:[a-z]+ )?(?:bot|agent|ai|model|assistant)|the (?:[a-z]+ )?(?:bot|agent|ai|model|assistant) (?:(?:that|which|who) (?:is )?)?(?:reads?|reading|scans?|scanning|parses?|parsing|answers?|summari[sz](?:es|ing)))`,
      `(?:the )?${ROLE} who (?:wrote|built|made|runs|maintains|deployed|created|trained|programmed|operates) (?:the|this|you)`,
      `(?:your|the bot'?s?|the agent'?s?) (?:owner|operator|creator|developers?|admin|administrator|boss|principal|supervisor|maintainer|maker|programmer|master) (?:has )?(?:says?|said|wants?|wanted|instructs?|instructed|orders?|ordered|authori[sz]ed|approved|requires?|requested|asked|told you|is asking|sent me|here|speaking)`,
      `(?:your|the|this) (?:[a-z]+'s )?(?:owner|operator|creator|developer|admin|administrator|maintainer|moderator|founder)s? (?:of ${SCOPE} )?(?:has |have )?(?:instructed|ordered|authori[sz]ed|sent me|told me|asked me|wants you|wants all|needs you|requires you|approved)`,
      'the (?:owner|operator|admin|administrator) (?:has )?(?:authori[sz]ed|instructs?|instructed|orders?|ordered|approved|requires?)',
      '(?:authori[sz]ed|sanctioned|instructed|ordered|commissioned|mandated) by (?:the )?(?:owner|operator|admin|administrator|developers?|dev team|core team|team|project|crew|board|founders?|maintainers?)',
      '(?:official|verified|authori[sz]ed) (?:announcement|notice|message|statement|instruction|order|directive|request) from (?:the )?(?:team|admin|devs?|developers?|owner|operator|crew|project|board|founders?)',
      '(?:owner|admin|operator|root|sudo|developer|system|maintainer|moderator) (?:override|authori[sz]ation|privileges?|command|clearance)',
      '(?:owner|admin|operator|developer|system|moderator|root|maintainer)(?:-| )level (?:instructions?|access|override|commands?|directives?|messages?|notice|clearance)',
      'i (?:have|got|hold) (?:full )?(?:admin|moderator|mod|root|owner|operator|developer|sudo|superuser|elevated) (?:access|rights|privileges|permissions|powers|role|keys)',
      '(?:priority|urgent|official) (?:message|notice|order|directive) from (?:the )?(?:operator|owner|admin|system|developers?|team)',
      `(?:override|priority|urgent|emergency|high(?:-| )priority|official|admin|operator|system|security) (?:notice|override|message|directive|alert|order|instruction|broadcast)s?\\s*:`,
      `(?:priority|urgent|official|override|emergency|high(?:-| )priority) (?:message|notice|directive|order|instruction|alert|broadcast|override)s? (?:to|for) (?:all |every |any )?${AI}`,
      'authori[sz]ed override',
    ],
    anywhere: [
      '(?:^|\\n)\\s*(?:system admin|sysadmin|admin|administrator|moderator|mod team|operator|owner|developer|dev team|core team)\\s*:',
      `(?:^|[\\n.!?:]\\s*)${ORIGIN} from (?:the |your |our )?(?:[a-z]+'s )?(?:[a-z&]+ ){0,2}?${ORIGIN_ROLE}`,
    ],
  },

  credential_request: {
    words: [],
    requests: [
      `${CRED_VERB} ${CRED_LEAD}${CRED}`,
      `(?:what(?:'s| is| are)|whats|tell me|i need|we need|need) (?:your|ur|yr|the) (?:[a-z]+'s )?${CRED}`,
      `${CRED} (?:here|below|in (?:the )?(?:dms?|replies|comments|chat|form|box))`,
      `${CRED} (?:to (?:me|us|verify|validate|claim|unlock|receive|get|sync|restore|recover|activate)|for (?:verification|validation|support|the airdrop|rewards?|a refund|activation))`,
      `(?:your|ur) ${CRED} (?:please|pls|plz|now|asap|quickly|real quick)`,
      `${CRED_VERB} (?:me |us |back )?(?:your|ur|yr) (?:[a-z]+ )?pins?`,
      `(?:${CRED_VERB}|read) (?:me |us |back |out )?(?:the |your |that |those )?(?:[a-z0-9-]+ ){0,2}(?:codes?|digits|pins?) (?:[a-z]+ ){0,4}?(?:sent|texted|emailed|received|got|came|shows?|showing|displayed|generated)`,
      `(?:${CRED_VERB}|read) (?:me |us |back |out )?(?:the |your |that |those )?(?:[a-z0-9-]+ ){0,2}(?:codes?|digits|numbers|pins?) (?:from|in|on) (?:your|the) (?:[a-z]+ )?(?:authenticator|app|phone|email|inbox|sms|texts?)`,
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
      '~?/\\.(?:aws/credentials|netrc|npmrc|pypirc|git-credentials|docker/config\\.json|kube/config)',
      '\\bid_(?:rsa|ed25519|ecdsa|dsa)\\b',
    ],
  },

  money_request: {
    words: [],
    requests: [
      `(?:send|transfer|deposit|wire|pay|donate|tip|give|airdrop|spot|lend|loan|front|venmo|cashapp|zelle|paypal) (?:me|us) (?:back )?${AMOUNT}(?:(?:some|a few|your|ur|all|the|my|any) )?(?:[a-z]+ )?${CUR}`,
      `(?:spot|lend|loan|front|venmo|cashapp|zelle) (?:me|us) (?:[a-z0-9]+ ){0,3}?(?:${CUR}|\\$\\d+)`,
      `(?:send|transfer|deposit|wire|donate) (?:all )?(?:of )?(?:your|ur|yr) (?:remaining |whole |entire )?${CUR}`,
      `(?:send|sending|transfer|transferring|deposit|depositing|wire|pay|donate|tip|move|moving|bridge) ${AMOUNT}(?:(?:some|a few|the|any|a small|your|ur|all|all of your|all your|old|new) )?(?:amount of )?(?:[a-z]+ )?${CUR} (?:[a-z0-9]+ ){0,3}?(?:to|into|at|on) ${DEST}`,
      `(?:send|sending|transfer|transferring|deposit|depositing|wire|pay|move|moving) (?:it|them|those|these) (?:[a-z0-9]+ ){0,3}?(?:to|into) ${DEST}`,
      `(?:send|transfer|deposit|wire|pay) [$€]?\\d[\\d,.]*(?:k|m|%)? (?:[a-z]+ ){0,3}?(?:to|into) (?:the|our) (?:[a-z]+ )?(?:wallet|address|treasury|vault|contract)`,
      `(?:send|sending|transfer|transferring|deposit|wire|pay|move) (?:it|them|funds|payment|the fee|the gas fee|gas|a fee|a small fee) (?:to|into) ${DEST}`,
      `(?:send|pay|transfer|deposit) (?:to|into) (?:this|the|my|our) (?:address|wallet|account)`,
      `(?:send|pay|transfer|deposit) ${AMOUNT}(?:[a-z]+ )?${CUR} (?:for|as) (?:the )?(?:gas|fees?|activation|verification|unlock|release|tax|taxes|withdrawal)`,
      '(?:double|triple|multiply|2x|10x|100x) (?:your|ur) (?:eth|btc|sol|crypto|money|funds|coins|investment|holdings|bitcoin|ethereum|solana)',
      '(?:claim|grab|collect|redeem) (?:(?:your|ur|the|my|their|free|now|this|today|yours|it|instantly|here|exclusive|special) ){0,3}(?:airdrops?|allocations?|tokens?|rewards?|prizes?|bonus(?:es)?|nfts?|drops?|giveaways?|refunds?|compensation|spot|whitelist|wl|eth|sol|btc|usdt|usdc|winnings|\\$[a-z]{2,10}|free \\S+)',
      '(?:claim|redeem) (?:yours |it |now |them )?(?:here|at|via|through|using)',
      '(?:claim|redeem)(?: it| yours| now| here)? \\[link\\]',
      `(?:claim|redeem|collect|withdraw) (?:(?:it|them|yours|now|your [a-z]+|their [a-z]+) )?(?:[a-z0-9]+ ){0,3}?(?:at|via|on|through|using|from) (?:\\[link\\]|(?:the|our|this) (?:[a-z]+ )?(?:link|portal|site|page|website|dapp|app))`,
      '(?:verify|validate|sync|restore|rectify|unlock) (?:it|them|your (?:account|assets|funds|tokens|nfts?)) (?:here|at|via|now|on|using|through)',
      `(?:connect|link|hook(?: up)?|plug(?: in)?|sync|verify|validate|authenticate|authori[sz]e|import|restore|rectify|migrate|unlock) (?:your |ur |a |the |yr )?${WALLETS}`,
      `(?:approve|sign|confirm|accept|authori[sz]e|grant|give|set|increase|raise|reapprove|re-approve) (?:the |this |a |an |that |your |my |all |our )?(?:unlimited |infinite |max(?:imum)? |full )?(?:[a-z$0-9]+ )?${APPROVAL}`,
      '(?:approve|sign|authori[sz]e) (?:the |this |that |our )?(?:[a-z]+ )?contract',
      `(?:give|grant) (?:the |this |our )?(?:[a-z]+ )?(?:contract|dapp|router|protocol|site) (?:an? )?(?:unlimited |full )?(?:approval|allowance|permission|access)`,
      `grant (?:[a-z]+ )?permissions? to (?:spend|move|transfer|use|access|withdraw) (?:your|ur|all)`,
      `sign (?:this|the|our) (?:[a-z]+ )?message (?:to|on|at|here|via|\\[link\\])`,
      `(?:approve|sign|confirm|connect|authori[sz]e|reapprove|re-approve) (?:[a-z0-9$]+ ){0,3}?(?:on|at|via|through|using|in) ${SITE}`,
      '(?:call|sign|approve|confirm|run|execute) (?:a |the )?setapprovalforall',
      '(?:pay|send) (?:a |the )?(?:small )?(?:gas |network |activation |verification |unlock |withdrawal |processing )?fee (?:of|to|first|before)',
      `(?:pay|send) (?:a |the )?(?:${AMOUNT}(?:[a-z]+ )?(?:${CUR} )?)?(?:small )?(?:gas|network|activation|verification|unlock|withdrawal|processing|listing|release|registration|service|tax|migration|bridge) fee`,
      '(?:fund|top up) (?:my|this|our|the) wallet',
    ],
    anywhere: ['\\bunlimited (?:approval|allowance)\\b'],
  },

  executable_instruction: {
    words: [
      'rm -(?:rf|fr|r|f)',
      'sudo [a-z]',
      'chmod (?:\\+x|[0-7]{3})',
      '(?:bash|zsh|dash|sh) -c',
      'powershell(?:\\.exe)? (?:-\\w+ )*(?:-enc|-e|-command|-c|iex)',
      '(?:powershell|pwsh)(?:\\.exe)? -[a-z]+',
      '(?:perl|ruby|php|deno|bun|lua) -(?:e|r|x)',
      'start-process',
      'new-object (?:system\\.)?net\\.webclient',
      '(?:iwr|irm|invoke-webrequest|invoke-restmethod|start-bitstransfer) (?:-\\w+ )*\\[link\\]',
      'invoke-webrequest',
      '(?:mshta|regsvr32|rundll32|bitsadmin|msiexec|certutil|wscript|cscript|schtasks|wmic)(?:\\.exe)? (?:[/-][a-z]+|\\[link\\]|[\\w.]+\\.(?:dll|hta|exe|vbs|js|sct|msi))',
      'cmd(?:\\.exe)? /[ck]',
      '(?:scp|rsync) (?:-\\w+ )*~?/[\\w.~-]*',
      'dd if=',
      'mkfs',
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
      '\\|\\s*iex\\b',
      '\\b(?:downloadstring|downloadfile)\\s*\\(',
      '-(?:enc|encodedcommand|ec)\\s+[a-z0-9+/=]{8,}',
      '-w(?:indowstyle)? hidden\\b',
      '-(?:ep|executionpolicy)\\s+bypass\\b',
      ':\\(\\)\\s*\\{\\s*:\\|:',
      '\\[(?:tool|function|call|action)\\s*:\\s*[\\w.]+\\]',
      '\\$\\([^)\\n]{2,200}\\)',
      '`[^`\\n]{0,200}\\b(?:curl|wget|rm|bash|sh|sudo|python3?|node|powershell)\\b[^`\\n]{0,200}`',
      '/etc/passwd',
      '/dev/tcp/',
      '```(?:bash|sh|shell|zsh|powershell|cmd|console|terminal)\\b',
      '<(?:tool_call|function_calls?|invoke|tool_use)\\b',
      '"(?:tool_calls?|function_call|tool_use)"\\s*:',
      '"(?:tool|tool_name|name|function|method|action|command|cmd|call)"\\s*:\\s*"[\\w./-]+"\\s*,\\s*"(?:arguments|parameters|params|args|input|inputs|payload|kwargs)"\\s*:',
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
  /** Shapes without a literal word: run whatever the vocabulary says, when `looseSigns` allow. */
  loose: RegExp | null;
  /** Per loose shape, the signs every match of it holds: a text missing some of each cannot match. */
  looseSigns: string[][];
  /**
   * Word sets a match of `plain` or `requests` holds one word of each (see anchorClauses). Several
   * sources share one set: the union of each source's cheapest.
   */
  clauses: AnchorWord[][];
};

// The literal signs outside groups and classes that a pattern cannot skip (not followed by ?, * or
// a count from zero): "\\$\\([^)]+\\)" needs "$", "(" and ")".
function requiredSigns(source: string): string[] {
  const signs = new Set<string>();
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] ?? '';
    let sign: string | null = null;
    if (c === '\\') {
      const next = source[++i] ?? '';
      if (!/[a-z0-9]/i.test(next)) sign = next;
    } else if (c === '[') {
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (c === '{' && /^\{\d*,?\d*\}/.test(source.slice(i))) {
      i = source.indexOf('}', i);
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (!/[a-z0-9|?*+{}.^$]/i.test(c)) sign = c;
    const after = source.slice(i + 1);
    const optional = /^(?:[?*]|\{0[,}])/.test(after);
    if (sign !== null && depth === 0 && !optional) signs.add(sign);
  }
  return [...signs];
}

export const hasLiteralWord = (source: string): boolean => anchorWords(source, false).length > 0;
const hasWord = hasLiteralWord;

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
  const anchored = [...prose.map((source) => ({ source, bounded: mode === 'spaced' })), ...anchoredAnywhere.map((source) => ({ source, bounded: false }))];
  const only = anchored.length === 1 ? anchored[0] : undefined;
  const clauses =
    only !== undefined
      ? anchorClauses(only.source, only.bounded)
      : anchored.length === 0
        ? []
        : [anchored.flatMap(({ source, bounded: b }) => anchorWords(source, b))];
  return {
    plain: parts.length > 0 ? new RegExp(parts.join('|')) : null,
    requests: requests.length > 0 ? new RegExp(bounded(requests, mode), 'g') : null,
    loose: looseAnywhere.length > 0 ? new RegExp(body(looseAnywhere, mode, false)) : null,
    looseSigns: looseAnywhere.map(requiredSigns),
    clauses,
  };
}
