// The processing SPEC.md applies once, on arrival, to every mirrored post, in its order:
//   0. undo the network's own &amp; &lt; &gt; (intake.ts); lone surrogates become U+FFFD
//   1. NFC; remove invisible characters     } invisibles.ts (smuggled payloads decoded first)
//   2. remove bidirectional controls         }
//   3. collapse mark stacks and blank-line runs (collapse.ts)
//   4. every link becomes [link:host]; short links resolved only through the post's entities (links.ts)
//   5. cut to 600 code points
//   6. escape & < >, wrap in <x_post>
// Flags (flags.ts) are computed from the text after step 4, before the cut.
import { collapseRuns } from './collapse.ts';
import { countCodePoints, sliceCodePoints } from './codepoints.ts';
import type { MirrorFlag } from './flag-names.ts';
import { MAX_LINKS, computeFlags } from './flags.ts';
import { undoNetworkEscaping } from './intake.ts';
import { cleanInvisibles } from './invisibles.ts';
import { type UrlEntity, liftLinks } from './lift-links.ts';

export type { MirrorFlag } from './flag-names.ts';
export { MIRROR_FLAGS } from './flag-names.ts';
export type { UrlEntity } from './lift-links.ts';

export const MAX_TEXT_CODE_POINTS = 600;
export const MAX_DISPLAY_NAME_CODE_POINTS = 50;
export { MAX_LINKS };

export type MentionEntity = { username: string; id?: string | undefined };

/** What the fetcher has in hand from the X API v2 for one post. */
export type RawPost = {
  text: string;
  entities?:
    | {
        urls?: readonly UrlEntity[] | null | undefined;
        mentions?: readonly MentionEntity[] | null | undefined;
      }
    | null
    | undefined;
};

export type NormalizedPost = {
  /** Processed text, escaped and wrapped: `<x_post>...</x_post>`. */
  text: string;
  /** Code points of the original (after undoing the network's own escaping). */
  text_length: number;
  is_truncated: boolean;
  /** Full forms of lifted links in order of occurrence, at most MAX_LINKS. */
  links: string[];
  flags: MirrorFlag[];
};

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function wrapXPost(escaped: string): string {
  return `<x_post>${escaped}</x_post>`;
}

// A cut that lands inside a `[link:host]` token drops the partial token rather than show half a host.
function cutText(text: string, max: number): { text: string; truncated: boolean } {
  if (countCodePoints(text) <= max) return { text, truncated: false };
  let cut = sliceCodePoints(text, max);
  const open = cut.lastIndexOf('[link:');
  if (open !== -1 && !cut.includes(']', open)) cut = cut.slice(0, open);
  return { text: cut, truncated: true };
}

export function normalizePost(post: RawPost): NormalizedPost {
  // A lone surrogate half cannot be stored as UTF-8; it becomes U+FFFD before anything else.
  const original = undoNetworkEscaping(typeof post.text === 'string' ? post.text : '').toWellFormed();
  const cleaned = cleanInvisibles(original);
  const collapsed = collapseRuns(cleaned.text);
  const urls = post.entities?.urls ?? [];
  const lifted = liftLinks(collapsed, urls);
  // The as-sent copy only feeds the plain pattern pass; it goes through the same steps 3 and 4.
  const asSent = cleaned.asSent === null ? null : liftLinks(collapseRuns(cleaned.asSent), urls).text;

  const flags = computeFlags({
    shown: lifted.text,
    asSent,
    smuggled: cleaned.smuggled,
    hidden: cleaned.hidden,
    bidi: cleaned.bidi,
    hosts: lifted.hosts,
    behind: lifted.behind,
  });
  const cut = cutText(lifted.text, MAX_TEXT_CODE_POINTS);
  return {
    text: wrapXPost(escapeText(cut.text)),
    text_length: countCodePoints(original),
    is_truncated: cut.truncated,
    links: lifted.all.slice(0, MAX_LINKS),
    flags,
  };
}

/**
 * A display name as outside text: steps 1 to 3 and the escape of step 6, cut to 50 code points
 * (the network's own limit) before escaping. Not wrapped in <x_post> (it is not a post); null when
 * nothing visible is left.
 */
export function normalizeDisplayName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const cleaned = collapseRuns(cleanInvisibles(undoNetworkEscaping(raw).toWellFormed()).text).replace(/\s+/g, ' ');
  const cut = sliceCodePoints(cleaned, MAX_DISPLAY_NAME_CODE_POINTS).trim();
  return cut.length === 0 ? null : escapeText(cut);
}

const HANDLE = /^[A-Za-z0-9_]{1,15}$/;

/** The network handle when it has the network's shape, else null (SPEC.md: served as null). */
export function normalizeHandle(raw: unknown): string | null {
  return typeof raw === 'string' && HANDLE.test(raw) ? raw : null;
}
