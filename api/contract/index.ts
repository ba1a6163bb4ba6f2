// The route contract registry: every route of every surface, one entry each, from the declared
// operations (api/operations/index.ts). test/api/contract-registry.test.ts fails while a route of
// listRoutes() has no entry (or an entry has no route).
import { contractOf } from '../operations/derive.ts';
import { declaredOperations } from '../operations/index.ts';
import type { RouteContract } from './types.ts';

export const CONTRACT: readonly RouteContract[] = declaredOperations('/office', () => CONTRACT).map(contractOf);

export type { RouteContract } from './types.ts';
