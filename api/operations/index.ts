// Every declared operation, area by area in the order the documents list them (the contract behind
// /openapi.json, the manifest and /docs/errors); the routers take the same list, and no two areas
// serve one path, so their order between areas is free. The MCP tool list (api/mcp/tools/index.ts)
// takes the area arrays that hold tools, in the order tools/list shows them. A new area adds its
// array here (and there, if it has tools); a new operation is one entry in its area's file.
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

/** The office page at `officePath`; the pages and discovery documents read `contract()`, every declared route. */
export function declaredOperations(officePath = '/office', contract: () => readonly RouteContract[]): Operation[] {
  return [
    ...boardOperations,
    ...publicOperations,
    ...labOperations,
    ...continuityOperations,
    ...officeOperations,
    ...showOperations,
    ...mirrorOperations,
    ...outreachOperations,
    ...pubOperations,
    ...pubPageOperations,
    homeOperation(officePath),
    ...pageOperations(contract),
    ...discoveryOperations(contract),
    ...siteOperations(officePath),
    ...bOperations,
    ...mcpOperations,
    ...oauthOperations(),
    ...assistantLinkOperations,
  ];
}
