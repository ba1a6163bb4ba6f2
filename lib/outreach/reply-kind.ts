// How a reply is listed (the sent list, the office's `mine`). SPEC.md: "A reply is marked `auto`
// (out-of-office, vacation, bounce or list the service; never a reply)". The poller stores a bounce
// as its own kind, because a bounce also marks the contact bounced; lists show it as `auto` and say
// `bounce: true`, so an agent knows the address can never be emailed again.
import type { StoredReplyKind } from '../../sql/queries/outreach-replies.ts';

export function listedReplyKind(kind: StoredReplyKind): { kind: 'auto' | 'reply'; bounce: boolean } {
  return { kind: kind === 'reply' ? 'reply' : 'auto', bounce: kind === 'bounce' };
}
