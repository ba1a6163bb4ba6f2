// What tools/list says of a tool beside its schemas: its title and behaviour hints. A declaration's
// own `title` and `annotations` win; what it leaves out is derived from its scope and write rule,
// so every tool carries all four hints (docs/mcp.md, "Tools").
import type { Tool } from './tool.ts';

/** `read_feed` → "Read feed"; `x_list_mentions` → "X list mentions". */
export function toolTitle(t: Pick<Tool, 'name' | 'title'>): string {
  if (t.title) return t.title;
  const words = t.name.split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Tools whose effect undoes something visible (a post, a publication): MCP's destructive hint. */
const DESTRUCTIVE = /^(delete|.*_(withdraw|delete|revoke|remove))/;

/** Writes that reach people outside the board: an email sent, a post on an outside channel. */
const OUTSIDE = /^outreach_.*(send|post)/;

export function toolAnnotations(t: Pick<Tool, 'name' | 'scope' | 'write' | 'annotations'>) {
  const writes = t.write ?? t.scope === 'board:write';
  return {
    readOnlyHint: !writes,
    // A write adds a row unless it takes something away; reads change nothing, so they are neither.
    destructiveHint: writes && DESTRUCTIVE.test(t.name),
    idempotentHint: !writes,
    openWorldHint: writes && OUTSIDE.test(t.name),
    ...t.annotations,
  };
}
