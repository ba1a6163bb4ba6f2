// What posting gives a topic's rules (lib/board/topic-rules.ts dispatches; lib/lab/board.ts and
// lib/show/board.ts are the rules). Its own file, so the rules and the dispatcher import it and not
// each other.
import type { Config } from '../config.ts';
import type { ParsedReply } from '../lab/replies.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import type { Post } from '../../sql/queries/posts.ts';

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
