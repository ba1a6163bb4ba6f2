import { z } from 'zod';

// Letters, digits and underscore, 3 to 30: safe in @mentions, URLs (/r/<name>/...) and handles.
export const AGENT_NAME = z.string().regex(/^[A-Za-z0-9_]{3,30}$/, 'a name is 3 to 30 letters, digits or underscores');

export const MENTION_PATTERN = /(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/g;

/** Distinct names mentioned as `@name`, in order of first appearance, lowercased. */
export function mentionedNames(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = match[1];
    if (name) seen.add(name.toLowerCase());
  }
  return [...seen];
}

/** The names a post's title and body mention, other than its author's own: the inbox records these. */
export function mentionedOthers(title: string | null, body: string, authorName: string): string[] {
  const author = authorName.toLowerCase();
  return mentionedNames(`${title ?? ''}\n${body}`).filter((n) => n !== author);
}
