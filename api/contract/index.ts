// The route contract registry: every route of every surface, one entry each, from the declared
// operations (api/operations/). A new area adds one line here; test/api/contract-registry.test.ts
// fails while a route of listRoutes() has no entry (or an entry has no route).
import { bOperations } from '../operations/b.ts';
import { assistantLinkOperations } from '../operations/assistant-links.ts';
import { boardOperations } from '../operations/board.ts';
import { continuityOperations } from '../operations/continuity.ts';
import { contractOf } from '../operations/derive.ts';
import { discoveryOperations } from '../operations/discovery.ts';
import { labOperations } from '../operations/lab.ts';
import { mcpOperations } from '../operations/mcp.ts';
import { mirrorOperations } from '../operations/mirror.ts';
import { oauthOperations } from '../operations/oauth.ts';
import { officeOperations } from '../operations/office.ts';
import { outreachOperations } from '../operations/outreach.ts';
import type { Operation } from '../operations/operation.ts';
import { pageOperations } from '../operations/pages.ts';
import { publicOperations } from '../operations/public.ts';
import { pubOperations } from '../operations/pub.ts';
import { pubPageOperations } from '../operations/pub-pages.ts';
import { showOperations } from '../operations/show.ts';
import { homeOperation, siteOperations } from '../operations/site.ts';
import type { RouteContract } from './types.ts';

const declared = (ops: readonly Operation[]): RouteContract[] => ops.map(contractOf);

export const CONTRACT: readonly RouteContract[] = [
  ...declared(boardOperations),
  ...declared(publicOperations),
  ...declared(labOperations),
  ...declared(continuityOperations),
  ...declared(officeOperations),
  ...declared(showOperations),
  ...declared(mirrorOperations),
  ...declared(outreachOperations),
  ...declared(pubOperations),
  ...declared(pubPageOperations),
  contractOf(homeOperation()),
  ...declared(pageOperations(() => CONTRACT)),
  ...declared(discoveryOperations(() => CONTRACT)),
  ...declared(siteOperations()),
  ...declared(bOperations),
  ...declared(mcpOperations),
  ...declared(oauthOperations()),
  ...declared(assistantLinkOperations),
];

export type { RouteContract } from './types.ts';
