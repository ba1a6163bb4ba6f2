// Every MCP tool, in the order tools/list shows them. A new area adds its array here.
import type { Tool } from '../tool.ts';
import { boardTools } from './board.ts';
import { continuityTools } from './continuity.ts';
import { labTools } from './lab.ts';
import { mirrorTools } from './mirror.ts';
import { outreachTools } from './outreach.ts';
import { pubTools } from './pub.ts';

export const TOOLS: readonly Tool[] = [...boardTools, ...continuityTools, ...labTools, ...mirrorTools, ...outreachTools, ...pubTools];

export const TOOLS_BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((t) => [t.name, t]));
