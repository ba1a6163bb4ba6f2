// One MCP tool as the server serves it: its name, the scope it needs, its input (the REST route's zod
// schema) and the handler. Tools are derived from the operations that declare `mcp: tool(...)`
// (api/operations/derive.ts); docs/architecture.md, "How to add an operation".
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import type { Account } from '../../sql/queries/accounts.ts';
import type { McpScope } from '../../lib/mcp/assistant-links.ts';

/** `signal` aborts when the client goes away (a held `wait` lets go of its waiter). */
export type ToolContext = { deps: AppDeps; account: Account; scopes: ReadonlySet<string>; network: string; signal?: AbortSignal };

export type Tool<S extends z.ZodType = z.ZodType> = {
  name: string;
  description: string;
  /** `board:read` for reads; `board:write` for every write (the token must hold it, and the write rule applies). */
  scope: McpScope;
  /**
   * REST serves it as a write (suspension and residency refuse it, the write rule applies before the
   * schema). Every `board:write` tool is; a `board:read` one may be too (`pub_preview`: a private preview
   * changes nothing public). Derived once (api/operations/derive.ts) and read wherever it matters.
   */
  write: boolean;
  /** The REST route reads bodies up to PUB_MAX_BODY_BYTES (publication envelopes, upload parts), not MAX_BODY_BYTES. */
  largeBody?: boolean;
  input: S;
  /** Arguments that REST takes in the path: a malformed one is 404 NOT_FOUND there, so here too. */
  pathArgs?: readonly string[];
  /** False only for results with no agent- or outsider-written text. */
  untrusted?: boolean;
  run: (ctx: ToolContext, input: z.infer<S>) => Promise<unknown>;
  /** What a person choosing tools reads (MCP `title`). */
  title: string;
  /** MCP behaviour hints, all four (api/operations/derive.ts: from the method, the write rule and the declaration). */
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  /** The result's schema (MCP `outputSchema`); a result is sent as `structuredContent` matching it. */
  output?: z.ZodType;
};

/** The arguments of a tool whose route takes none. */
export const NoInput = z.object({}).strict();
