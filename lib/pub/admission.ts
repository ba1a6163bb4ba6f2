// Deterministic admission: format, language, runtime safety, performance. One function per envelope;
// a failure throws 422 PUB_ADMISSION_FAILED naming the check and every problem, and nothing is saved.
// Key-like text is refused the same way as on the board (422 SECRET_LIKE).
import { createHash, randomUUID } from 'node:crypto';
import { fail } from '../errors.ts';
import { assertNoSecrets } from '../text/secret-like.ts';
import type { ArticleEnvelopeInput, CommentEnvelopeInput } from './envelope.ts';
import { ARTICLE_LIMITS, COMMENT_LIMITS, INTENTS, LANGUAGES, SCHEMA_VERSION } from './limits.ts';
import { sanitizeSvg, SVG_LIMITS, SVG_RUNTIMES } from './svg.ts';

export type Check = 'format' | 'language' | 'runtime_safety' | 'performance';
export type Problem = { check: Check; path: string; message: string };

/** A block as stored and read: an svg block names its asset, never its source. */
export type StoredBlock =
  | { type: 'paragraph' | 'quote'; text: string }
  | { type: 'heading'; text: string; level: number }
  | { type: 'code'; text: string; language: string | null }
  | { type: 'list'; items: string[]; ordered: boolean }
  | { type: 'svg'; asset_id: string; description: string; caption: string | null; runtime: string };

export type AdmittedAsset = {
  id: string;
  position: number;
  runtime: string;
  description: string;
  caption: string | null;
  content: string;
  bytes: number;
  sha256: string;
};
export type Admitted = { title: string; blocks: StoredBlock[]; assets: AdmittedAsset[]; contentHash: string };

export const PASSED_CHECKS = { format: 'passed', language: 'passed', runtime_safety: 'passed', performance: 'passed', content: 'not_checked' } as const;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `sha256:<hex>` of the document as submitted, in a fixed key order. */
export function contentHash(document: unknown): string {
  return `sha256:${sha256(JSON.stringify(document))}`;
}

function refuse(problems: Problem[]): never {
  const order: Check[] = ['format', 'language', 'runtime_safety', 'performance'];
  const check = order.find((c) => problems.some((p) => p.check === c)) ?? 'format';
  throw fail('PUB_ADMISSION_FAILED', `The ${check.replace('_', ' ')} check failed: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}.`, {
    check,
    problems,
  });
}

function envelopeProblems(input: { schema_version: number; language: string; publication_intent: string }): Problem[] {
  const problems: Problem[] = [];
  if (input.schema_version !== SCHEMA_VERSION) problems.push({ check: 'format', path: 'schema_version', message: `must be ${SCHEMA_VERSION}` });
  if (!(INTENTS as readonly string[]).includes(input.publication_intent))
    problems.push({ check: 'format', path: 'publication_intent', message: `must be ${INTENTS.join(' or ')}` });
  if (!(LANGUAGES as readonly string[]).includes(input.language))
    problems.push({ check: 'language', path: 'language', message: `must be ${LANGUAGES.join(' or ')}` });
  return problems;
}

const blank = (s: string) => s.trim() === '';

type TextBlock = { type: string; text?: string; items?: string[]; level?: number; language?: string | undefined };

/** Problems of the text blocks (shared by articles and comments); returns the characters counted. */
function textBlockProblems(block: TextBlock, path: string, problems: Problem[]): number {
  const L = ARTICLE_LIMITS;
  if (block.type === 'list') {
    const items = block.items ?? [];
    if (items.length === 0) problems.push({ check: 'format', path: `${path}.items`, message: 'a list needs at least one item' });
    if (items.length > L.listItemsMax) problems.push({ check: 'performance', path: `${path}.items`, message: `at most ${L.listItemsMax} items` });
    items.forEach((item, j) => {
      if (blank(item)) problems.push({ check: 'format', path: `${path}.items.${j}`, message: 'must not be blank' });
      if (item.length > L.listItemMaxChars)
        problems.push({ check: 'performance', path: `${path}.items.${j}`, message: `at most ${L.listItemMaxChars} characters` });
    });
    return items.reduce((n, i) => n + i.length, 0);
  }
  const text = block.text ?? '';
  if (blank(text)) problems.push({ check: 'format', path: `${path}.text`, message: 'must not be blank' });
  if (text.length > L.blockTextMaxChars) problems.push({ check: 'performance', path: `${path}.text`, message: `at most ${L.blockTextMaxChars} characters` });
  if (block.type === 'heading' && !(block.level! >= L.headingLevels.min && block.level! <= L.headingLevels.max)) {
    problems.push({
      check: 'format',
      path: `${path}.level`,
      message: `an integer from ${L.headingLevels.min} to ${L.headingLevels.max} (the title is level 1)`,
    });
  }
  if (block.type === 'code' && block.language !== undefined && !/^[A-Za-z0-9+#._-]{1,40}$/.test(block.language)) {
    problems.push({ check: 'format', path: `${path}.language`, message: `1 to ${L.codeLanguageMaxChars} letters, digits or +#._-` });
  }
  return text.length;
}

function storeTextBlock(block: TextBlock): StoredBlock {
  switch (block.type) {
    case 'heading':
      return { type: 'heading', text: block.text!, level: block.level! };
    case 'code':
      return { type: 'code', text: block.text!, language: block.language ?? null };
    case 'list':
      return { type: 'list', items: block.items!, ordered: (block as { ordered?: boolean }).ordered ?? false };
    default:
      return { type: block.type as 'paragraph' | 'quote', text: block.text! };
  }
}

function secretFields(title: string | null, blocks: readonly TextBlock[], extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = { ...extra };
  if (title !== null) fields.title = title;
  blocks.forEach((b, i) => {
    if (b.text !== undefined) fields[`blocks.${i}.text`] = b.text;
    b.items?.forEach((item, j) => (fields[`blocks.${i}.items.${j}`] = item));
  });
  return fields;
}

/** Admits an article envelope or refuses it; the result is what a submission stores. */
export function admitArticle(input: ArticleEnvelopeInput): Admitted {
  const L = ARTICLE_LIMITS;
  const problems = envelopeProblems(input);
  if (blank(input.title)) problems.push({ check: 'format', path: 'title', message: 'must not be blank' });
  if (input.title.length > L.titleMaxChars) problems.push({ check: 'format', path: 'title', message: `at most ${L.titleMaxChars} characters` });
  if (input.blocks.length === 0) problems.push({ check: 'format', path: 'blocks', message: 'an article needs at least one block' });
  if (input.blocks.length > L.blocksMax) problems.push({ check: 'performance', path: 'blocks', message: `at most ${L.blocksMax} blocks` });
  const svgCount = input.blocks.filter((b) => b.type === 'svg').length;
  if (svgCount > SVG_LIMITS.perRevision) problems.push({ check: 'performance', path: 'blocks', message: `at most ${SVG_LIMITS.perRevision} svg blocks` });
  let chars = 0;
  const blocks: StoredBlock[] = [];
  const assets: AdmittedAsset[] = [];
  const secrets: Record<string, string> = {};
  input.blocks.forEach((block, i) => {
    const path = `blocks.${i}`;
    if (block.type !== 'svg') {
      chars += textBlockProblems(block, path, problems);
      blocks.push(storeTextBlock(block));
      return;
    }
    if (!(SVG_RUNTIMES as readonly string[]).includes(block.runtime))
      problems.push({ check: 'runtime_safety', path: `${path}.runtime`, message: `supported: ${SVG_RUNTIMES.join(', ')}` });
    if (blank(block.description))
      problems.push({ check: 'format', path: `${path}.description`, message: 'describe the illustration for people who cannot see it' });
    if (block.description.length > L.svgDescriptionMaxChars)
      problems.push({ check: 'format', path: `${path}.description`, message: `at most ${L.svgDescriptionMaxChars} characters` });
    if (block.caption !== undefined && block.caption.length > L.svgCaptionMaxChars)
      problems.push({ check: 'format', path: `${path}.caption`, message: `at most ${L.svgCaptionMaxChars} characters` });
    secrets[`${path}.description`] = block.description;
    if (block.caption) secrets[`${path}.caption`] = block.caption;
    secrets[`${path}.source`] = block.source;
    const result = sanitizeSvg(block.source);
    if (!result.ok) {
      for (const p of result.problems) problems.push({ check: p.check, path: `${path}.source`, message: p.message });
      return;
    }
    const id = randomUUID();
    assets.push({ id, position: i, runtime: block.runtime, description: block.description, caption: block.caption ?? null, ...result.svg });
    blocks.push({ type: 'svg', asset_id: id, description: block.description, caption: block.caption ?? null, runtime: block.runtime });
  });
  if (chars > L.totalTextMaxChars) problems.push({ check: 'performance', path: 'blocks', message: `at most ${L.totalTextMaxChars} characters of text in all` });
  if (problems.length > 0) refuse(problems);
  assertNoSecrets(secretFields(input.title, input.blocks as TextBlock[], secrets));
  return { title: input.title, blocks, assets, contentHash: contentHash({ title: input.title, blocks: input.blocks.map(canonicalBlock) }) };
}

/** Admits a comment envelope or refuses it. */
export function admitComment(input: CommentEnvelopeInput): { blocks: StoredBlock[]; contentHash: string } {
  const problems = envelopeProblems(input);
  if (input.blocks.length === 0) problems.push({ check: 'format', path: 'blocks', message: 'a comment needs at least one block' });
  if (input.blocks.length > COMMENT_LIMITS.blocksMax)
    problems.push({ check: 'performance', path: 'blocks', message: `at most ${COMMENT_LIMITS.blocksMax} blocks` });
  let chars = 0;
  input.blocks.forEach((block, i) => (chars += textBlockProblems(block, `blocks.${i}`, problems)));
  if (chars > COMMENT_LIMITS.totalTextMaxChars)
    problems.push({ check: 'performance', path: 'blocks', message: `at most ${COMMENT_LIMITS.totalTextMaxChars} characters in all` });
  if (problems.length > 0) refuse(problems);
  assertNoSecrets(secretFields(null, input.blocks as TextBlock[]));
  return { blocks: input.blocks.map(storeTextBlock), contentHash: contentHash({ blocks: input.blocks.map(canonicalBlock) }) };
}

/** A block with its keys in one order, so the same document always hashes the same. */
function canonicalBlock(block: Record<string, unknown>): unknown[] {
  return Object.keys(block)
    .sort()
    .map((k) => [k, block[k]]);
}
