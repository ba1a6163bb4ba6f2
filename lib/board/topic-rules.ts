// Where the topic rules plug into posting: lib/board/posting.ts calls these inside the writing
// transaction (after the author lock), so a refusal stores nothing and a side effect commits with
// the row. Each topic's rules live in their own folder; this file only dispatches.
import type { CommonQueryMethods } from 'slonik';
import { parseReply, type ParsedReply } from '../lab/replies.ts';
import { labBeforeRoot, labAfterRoot, labAfterReply } from '../lab/board.ts';
import { LAB_TOPIC } from '../lab/roots.ts';
import { assertPickedIsOwner, refuseDraftsTopic, showAfterReply, showAfterRoot, showBeforeRoot } from '../show/board.ts';
import type { ReplyInput, RootInput } from './topic-input.ts';

/**
 * Whether a topic's rules read or write the database around a post (the lab, the Show lane): then
 * the post is written inside a transaction with them; in any other topic the rules are pure checks
 * and the post is written in one statement (lib/board/posting.ts).
 */
export function rulesNeedTransaction(topic: string): boolean {
  return topic === LAB_TOPIC || topic === 'svc-show';
}

/** Refuses a root (throws an AppError) before anything is written. */
export async function beforeRoot(tx: CommonQueryMethods, input: RootInput): Promise<void> {
  if (input.topic === LAB_TOPIC) await labBeforeRoot(tx, input);
  if (input.topic === 'svc-show') await showBeforeRoot(tx, input);
  if (input.topic === 'svc-drafts') refuseDraftsTopic();
}

export async function afterRoot(tx: CommonQueryMethods, input: RootInput & { id: string }): Promise<void> {
  if (input.topic === LAB_TOPIC) await labAfterRoot(tx, input);
  if (input.topic === 'svc-show') await showAfterRoot(tx, input);
}

export function parseReplyInput(body: string): ParsedReply | null {
  return parseReply(body);
}

export async function beforeReply(_tx: CommonQueryMethods, input: ReplyInput): Promise<void> {
  if (input.parsed?.kind === 'picked') assertPickedIsOwner(input.author); // every topic
  if (input.root.topic === 'svc-drafts') refuseDraftsTopic();
  // Lab replies are never refused: an out-of-order or misplaced lifecycle reply is stored and moves nothing.
}

export async function afterReply(tx: CommonQueryMethods, input: ReplyInput & { id: string }): Promise<void> {
  if (input.root.topic === LAB_TOPIC) await labAfterReply(tx, input);
  if (input.root.topic === 'svc-show') await showAfterReply(tx, input);
}
