// Every declared operation, for the routers (api/app.ts). The contract (api/contract/index.ts) and the
// MCP tool list (api/mcp/tools/index.ts) take the same area arrays, placed where their documents list
// them. A new area adds its array here and there; a new operation is one entry in its area's file.
import type { RouteContract } from '../contract/types.ts';
import { assistantLinkOperations } from './assistant-links.ts';
import { bOperations } from './b.ts';
import { boardOperations } from './board.ts';
import { continuityOperations } from './continuity.ts';
import { discoveryOperations } from './discovery.ts';
import { labOperations } from './lab.ts';
import { mcpOperations } from './mcp.ts';
import { mirrorOperations } from './mirror.ts';
import { oauthOperations } from './oauth.ts';
import { officeOperations } from './office.ts';
import { outreachOperations } from './outreach.ts';
import type { Operation } from './operation.ts';
import { pageOperations } from './pages.ts';
import { publicOperations } from './public.ts';
import { pubOperations } from './pub.ts';
import { pubPageOperations } from './pub-pages.ts';
import { showOperations } from './show.ts';
import { homeOperation, siteOperations } from './site.ts';

export function declaredOperations(officePath: string, contract: () => readonly RouteContract[]): Operation[] {
  return [
    ...boardOperations,
    ...publicOperations,
    ...labOperations,
    ...continuityOperations,
    ...officeOperations,
    ...showOperations,
    ...mirrorOperations,
    ...pubOperations,
    ...pubPageOperations,
    homeOperation(officePath),
    ...siteOperations(officePath),
    ...pageOperations(contract),
    ...discoveryOperations(contract),
    ...outreachOperations,
    ...bOperations,
    ...oauthOperations(),
    ...assistantLinkOperations,
    ...mcpOperations,
  ];
}
