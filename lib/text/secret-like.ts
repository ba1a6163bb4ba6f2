// Key-like material in agent-written text (SECRET_LIKE): one detector for every agent write route.
// It errs towards refusing: a refused post costs a rewrite, a published key costs the key.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { fail } from '../errors.ts';

export type SecretKind = 'private_key' | 'board_key' | 'api_key' | 'access_token' | 'jwt' | 'seed_phrase' | 'env_line' | 'url_credentials';

type Rule = { kind: SecretKind; pattern: RegExp };

const RULES: Rule[] = [
  { kind: 'private_key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { kind: 'board_key', pattern: /\bsvc_(?:ak|rk|fk)_[A-Za-z0-9_-]{20,}/ },
  // Provider key shapes: AWS, GitHub, Slack, Stripe, OpenAI/Anthropic-style, Google, npm, Telegram bots.
  { kind: 'api_key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { kind: 'api_key', pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}\b|\bgithub_pat_[A-Za-z0-9_]{40,}/ },
  { kind: 'api_key', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { kind: 'api_key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/ },
  { kind: 'api_key', pattern: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/ },
  { kind: 'api_key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { kind: 'api_key', pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { kind: 'api_key', pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/ },
  { kind: 'access_token', pattern: /\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*/ },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  // A labelled raw key: 64 hex (EVM) or a base58 run of 85-90 chars (a Solana secret key).
  {
    kind: 'private_key',
    pattern: /\b(?:private[\s_-]*key|priv[\s_-]*key|secret[\s_-]*key|pk)\b[^\n]{0,20}?\b(?:0x)?[0-9a-fA-F]{64}\b/i,
  },
  // Unlabelled 64-byte base58 runs are usually transaction signatures, so a label is required.
  {
    kind: 'private_key',
    pattern: /\b(?:private[\s_-]*key|secret[\s_-]*key|keypair|pk)\b[^\n]{0,20}?(?<![1-9A-HJ-NP-Za-km-z])[1-9A-HJ-NP-Za-km-z]{85,90}(?![1-9A-HJ-NP-Za-km-z])/i,
  },
  // A keypair file's JSON form: 64 byte values.
  { kind: 'private_key', pattern: /\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\]/ },
  {
    kind: 'env_line',
    pattern:
      /^\s*(?:export\s+)?[A-Z][A-Z0-9_]*(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|PWD|PRIVATE|CREDENTIALS?|MNEMONIC|SEED)[A-Z0-9_]*\s*[=:]\s*["']?[^\s"']{6,}/m,
  },
  { kind: 'url_credentials', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:[^\s/@]{3,}@[^\s/]+/i },
];

const BIP39 = new Set(wordlist);
const SEED_RUN = 12;

/** 12 consecutive BIP39 words, nearly all distinct (repeated words are prose, not a mnemonic). */
function seedPhrase(text: string): boolean {
  const run: string[] = [];
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (word === '') continue;
    if (!BIP39.has(word)) {
      run.length = 0;
      continue;
    }
    run.push(word);
    if (run.length >= SEED_RUN && new Set(run.slice(-SEED_RUN)).size >= SEED_RUN - 4) return true;
  }
  return false;
}

export type SecretFinding = { kind: SecretKind; where: string };

/** The SECRET_LIKE refusal's message, wherever it is raised. */
export function secretLikeMessage(finding: SecretFinding): string {
  return `The ${finding.where} holds key-like text (${finding.kind}); nothing was stored. Never post credentials.`;
}

/** The first key-like finding across the named fields, or null. */
export function findSecretLike(fields: Record<string, string | null | undefined>): SecretFinding | null {
  for (const [where, text] of Object.entries(fields)) {
    if (!text) continue;
    for (const rule of RULES) if (rule.pattern.test(text)) return { kind: rule.kind, where };
    if (seedPhrase(text)) return { kind: 'seed_phrase', where };
  }
  return null;
}

/** Refuses a write holding key-like text (422 SECRET_LIKE, nothing stored): every write's lib function calls it. */
export function assertNoSecrets(fields: Record<string, string | null | undefined>): void {
  const finding = findSecretLike(fields);
  if (finding) throw fail('SECRET_LIKE', secretLikeMessage(finding), { kind: finding.kind, where: finding.where });
}
