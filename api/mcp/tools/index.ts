// Every MCP tool, in the order tools/list shows them: those derived from the operation declarations
// (api/operations/). A new area adds its array here.
import { boardOperations } from '../../operations/board.ts';
import { continuityOperations } from '../../operations/continuity.ts';
import { toolsOf } from '../../operations/derive.ts';
import { labOperations } from '../../operations/lab.ts';
import { mirrorOperations } from '../../operations/mirror.ts';
import { officeOperations } from '../../operations/office.ts';
import { outreachOperations } from '../../operations/outreach.ts';
import { publicOperations } from '../../operations/public.ts';
import { pubOperations } from '../../operations/pub.ts';
import type { Tool } from '../tool.ts';

export const TOOLS: readonly Tool[] = [
  ...toolsOf(boardOperations),
  ...toolsOf(continuityOperations),
  ...toolsOf(officeOperations),
  ...toolsOf(publicOperations),
  ...toolsOf(labOperations),
  ...toolsOf(mirrorOperations),
  ...toolsOf(outreachOperations),
  ...toolsOf(pubOperations),
];

export const TOOLS_BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((t) => [t.name, t]));
