/**
 * Registers the routes of the shared table (shared/contract/routes) on the API's route groups: each
 * route's method and path come from its entry, and its body is read by its entry's schema (a 400
 * naming the first problem otherwise) and handed to the handler. A route file adds what the table
 * does not say: the checks of who calls (./guards.ts, ../auth.ts), limits, and the handler.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { Route } from '../../shared/contract/routes/route.ts';
import type { AppEnv } from '../context.ts';
import { jsonBody } from '../validation.ts';

/** The body a route's handler is given: its schema's output, or nothing for a route without one. */
export type BodyOf<R extends Route> = R['body'] extends v.GenericSchema ? v.InferOutput<R['body']> : undefined;

export type RouteHandler<R extends Route> = (c: Context<AppEnv>, body: BodyOf<R>) => Response | Promise<Response>;

/** Where in a route's checks its body is read, when not last (e.g. before a limit that a bad body must not count against). */
export const READ_BODY = Symbol('read the body here');

type Check = MiddlewareHandler<AppEnv> | typeof READ_BODY;

/**
 * The declarer of a group mounted at `base`: `declare(route, ...checks, handler)` registers the
 * route at its path less `base`. `bodyBy`, when given, chooses the schema by the body itself (a
 * survey or a signature), so that a wrong body is told what is wrong with the kind it is.
 */
export function declarer(group: Hono<AppEnv>, base: string) {
  function declare<R extends Route>(route: R, ...chain: [...Check[], RouteHandler<R>]): void;
  function declare<R extends Route>(
    route: R,
    options: { bodyBy: (body: unknown) => v.GenericSchema },
    ...chain: [...Check[], RouteHandler<R>]
  ): void;
  function declare<R extends Route>(route: R, ...rest: unknown[]): void {
    const options =
      typeof rest[0] === 'object' && rest[0] !== null && 'bodyBy' in rest[0]
        ? (rest.shift() as { bodyBy: (body: unknown) => v.GenericSchema })
        : null;
    const handler = rest.pop() as RouteHandler<R>;
    const checks = rest as Check[];
    if (!route.path.startsWith(base)) throw new Error(`${route.method} ${route.path} is not under ${base}.`);
    const schema = options?.bodyBy ?? route.body;
    const readBody = schema ? jsonBody(schema) : null;
    if (!readBody && checks.includes(READ_BODY)) throw new Error(`${route.method} ${route.path} takes no body.`);
    const middleware = checks.includes(READ_BODY)
      ? checks.map((check) => (check === READ_BODY ? (readBody as MiddlewareHandler<AppEnv>) : check))
      : [...(checks as MiddlewareHandler<AppEnv>[]), ...(readBody ? [readBody] : [])];
    const path = route.path.slice(base.length).replace(/\{(\w+)\}/g, ':$1') || '/';
    const on = group.on.bind(group) as (method: string, path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => unknown;
    on(route.method, path, ...middleware, async (c) =>
      handler(c, (readBody ? (c.req.valid as (target: 'json') => unknown)('json') : undefined) as BodyOf<R>),
    );
  }
  return declare;
}
