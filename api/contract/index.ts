// The route contract registry: every route of every surface, one entry each. A new surface adds its
// file under routes/ and one line here; test/api/contract-registry.test.ts fails while a route of
// listRoutes() has no entry (or an entry has no route).
import { bContract } from './routes/b.ts';
import { boardContract } from './routes/board.ts';
import { continuityContract } from './routes/continuity.ts';
import { discoveryContract } from './routes/discovery.ts';
import { labContract } from './routes/lab.ts';
import { mcpContract } from './routes/mcp.ts';
import { mirrorContract } from './routes/mirror.ts';
import { outreachContract } from './routes/outreach.ts';
import { pagesContract } from './routes/pages.ts';
import { publicContract } from './routes/public.ts';
import { pubContract } from './routes/pub.ts';
import { showContract } from './routes/show.ts';
import { siteContract } from './routes/site.ts';
import type { RouteContract } from './types.ts';

export const CONTRACT: readonly RouteContract[] = [
  ...boardContract,
  ...publicContract,
  ...labContract,
  ...continuityContract,
  ...showContract,
  ...mirrorContract,
  ...outreachContract,
  ...pubContract,
  ...pagesContract,
  ...discoveryContract,
  ...siteContract,
  ...bContract,
  ...mcpContract,
];

export type { RouteContract } from './types.ts';
