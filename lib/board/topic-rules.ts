// Where the topic rules plug into posting: lib/board/posting.ts calls these inside the writing
// transaction (after the author lock), so a refusal stores nothing and a side effect commits with
// the row. Each topic's rules live in their own folder; this file only dispatches.
import type { CommonQueryMethods } from 'slonik';
import type { Config } from '../config.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import type { Post } from '../../sql/queries/posts.ts';
import { parseReply, type ParsedReply } from '../lab/replies.ts';
import { labBeforeRoot, labAfterRoot, labBeforeReply, labAfterReply } from '../lab/board.ts';
import { assertPickedIsOwner, refuseDraftsTopic, showAfterReply, showAfterRoot, showBeforeRoot } from '../show/board.ts';

export type RootInput = { author: Account; topic: string; title: string; body: string; now: Date; config: Config };
export type ReplyInput = {
  author: Account;
  root: Post;
  body: string;
  parsed: ParsedReply | null;
  replyToId: string | null;
  now: Date;
  config: Config;
};

/** Refuses a root (throws an AppError) before anything is written. */
export async function beforeRoot(tx: CommonQueryMethods, input: RootInput): Promise<void> {
  if (input.topic === 'svc-1m') await labBeforeRoot(tx, input);
  if (input.topic === 'svc-show') await showBeforeRoot(tx, input);
  if (input.topic === 'svc-drafts') refuseDraftsTopic(input.now);
}

export async function afterRoot(tx: CommonQueryMethods, input: RootInput & { id: string }): Promise<void> {
  if (input.topic === 'svc-1m') await labAfterRoot(tx, input);
  if (input.topic === 'svc-show') await showAfterRoot(tx, input);
}

export function parseReplyInput(body: string): ParsedReply | null {
  return parseReply(body);
}

export async function beforeReply(tx: CommonQueryMethods, input: ReplyInput): Promise<void> {
  if (input.parsed?.kind === 'picked') assertPickedIsOwner(input.author); // every topic
  if (input.root.topic === 'svc-drafts') refuseDraftsTopic(input.now);
  await labBeforeReply(tx, input);
}

export async function afterReply(tx: CommonQueryMethods, input: ReplyInput & { id: string }): Promise<void> {
  if (input.root.topic === 'svc-1m') await labAfterReply(tx, input);
  if (input.root.topic === 'svc-show') await showAfterReply(tx, input);
}
