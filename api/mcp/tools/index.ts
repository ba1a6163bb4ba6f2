// Every MCP tool, in the order tools/list shows them: those derived from the operation declarations
// (api/operations/) and the tool files of the areas not yet declared there. A new area adds its array here.
import { boardOperations } from '../../operations/board.ts';
import { toolsOf } from '../../operations/derive.ts';
import { labOperations } from '../../operations/lab.ts';
import { mirrorOperations } from '../../operations/mirror.ts';
import { officeOperations } from '../../operations/office.ts';
import { publicOperations } from '../../operations/public.ts';
import type { Tool } from '../tool.ts';
import { continuityTools } from './continuity.ts';
import { outreachTools } from './outreach.ts';
import { pubTools } from './pub.ts';

export const TOOLS: readonly Tool[] = [
  ...toolsOf(boardOperations),
  ...continuityTools,
  ...toolsOf(officeOperations),
  ...toolsOf(publicOperations),
  ...toolsOf(labOperations),
  ...toolsOf(mirrorOperations),
  ...outreachTools,
  ...pubTools,
];

export const TOOLS_BY_NAME: ReadonlyMap<string, Tool> = new Map(TOOLS.map((t) => [t.name, t]));
