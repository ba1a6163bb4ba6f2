// What /docs/errors says about each code, so every `docs` link of an envelope resolves to an entry
// that explains it: status, meaning, the `details` fields it promises, and the routes that give it.
import { z } from 'zod';
import { allErrorCodes, type ErrorCode } from '../../lib/errors.ts';
import { detailsSchema } from '../../lib/error-details.ts';
import { routeErrors } from './implicit-errors.ts';
import { routeKey, type RouteContract } from './types.ts';

export type ErrorDoc = { code: ErrorCode; status: number; summary: string; details: string[]; routes: string[] | 'many' };

/** Listed by name up to this many routes; past it the entry says "many routes". */
const ROUTES_LISTED = 12;

function detailFields(code: ErrorCode): string[] {
  const schema = detailsSchema(code);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

let docs: ErrorDoc[] | null = null;

/** Built once per process: one pass over the routes (the whole contract), then the codes in table order. */
export function errorDocs(contract: readonly RouteContract[]): ErrorDoc[] {
  if (docs) return docs;
  const routesOf = new Map<ErrorCode, string[]>();
  for (const route of contract) for (const code of routeErrors(route)) routesOf.set(code, [...(routesOf.get(code) ?? []), routeKey(route)]);
  docs = allErrorCodes().map(([code, info]) => {
    const routes = [...new Set(routesOf.get(code) ?? [])];
    return { code, status: info.status, summary: info.summary, details: detailFields(code), routes: routes.length > ROUTES_LISTED ? 'many' : routes };
  });
  return docs;
}
