// Every route declares its contract with zod; the parsed input lands on ctx.state.input.
import type { Next } from 'koa';
import type { z } from 'zod';
import { fail, invalid, type Issue } from '../../lib/errors.ts';
import type { Ctx } from '../context.ts';
import { loadJsonBody } from './json-body.ts';

type Shape = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
export type Input<S extends Shape> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.infer<S[K]> : never;
};

export function issuesOf(error: z.ZodError, where: string): Issue[] {
  return error.issues.map((issue) => ({
    where,
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function validate<S extends Shape>(shape: S) {
  // The shape rides on the middleware, so the contract test can check that a route's contract entry
  // names the very schemas the route validates with (api/contract/).
  return Object.assign(
    async function validateInput(ctx: Ctx, next: Next) {
      if (shape.body) await loadJsonBody(ctx);
      const input: Record<string, unknown> = {};
      const issues: Issue[] = [];
      const sources = { params: (ctx as unknown as { params?: unknown }).params ?? {}, query: ctx.query, body: ctx.request.body };
      for (const key of ['params', 'query', 'body'] as const) {
        const schema = shape[key];
        if (!schema) continue;
        const parsed = schema.safeParse(sources[key]);
        if (parsed.success) input[key] = parsed.data;
        else issues.push(...issuesOf(parsed.error, key));
      }
      // A path id that is not a UUID is simply not there.
      if (issues.some((i) => i.where === 'params')) throw fail('NOT_FOUND', 'Not found.');
      if (issues.length) throw invalid(issues);
      ctx.state.input = input;
      await next();
    },
    { shape },
  );
}

/** The shape a `validate(...)` middleware checks, or null for any other middleware. */
export function shapeOf(middleware: unknown): Shape | null {
  return typeof middleware === 'function' && 'shape' in middleware ? (middleware as unknown as { shape: Shape }).shape : null;
}

/** The validated input of the current route, typed by its contract. */
export function inputOf<S extends Shape>(ctx: Ctx, _shape: S): Input<S> {
  return ctx.state.input as Input<S>;
}
