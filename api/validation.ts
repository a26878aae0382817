/**
 * Request bodies: JSON only, safe text only, and shaped as the route's schema says. A route lists
 * `jsonBody(schema)` among its middleware and reads the result with `c.req.valid('json')`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { unsafeTextPath } from '../shared/rules/safe-text.ts';
import { firstIssue } from '../shared/contract/requests.ts';
import type { AppEnv } from './context.ts';
import { HttpError } from './http.ts';

const NOT_JSON = 'Content-Type must be application/json';
const isJson = (c: Context) => /^application\/json\b/i.test(c.req.header('content-type') ?? '');

/** Every body-carrying call speaks JSON: a body of another type is refused (415) before a byte of it is read. */
export const jsonBodiesOnly: MiddlewareHandler = async (c, next) => {
  if (['POST', 'PUT', 'PATCH'].includes(c.req.method)) {
    const length = Number(c.req.header('content-length') ?? '0');
    if ((length > 0 || c.req.header('transfer-encoding')) && !isJson(c)) throw new HttpError(415, NOT_JSON);
  }
  await next();
};

/** Parses a JSON body, refusing (400) any text in it, field names included, that is not safe text. */
async function readJson(c: Context): Promise<unknown> {
  if (!isJson(c)) throw new HttpError(415, NOT_JSON);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  const unsafe = unsafeTextPath(body);
  if (unsafe !== null) {
    const where = unsafe === '(body)' ? 'The request body' : `The field ${unsafe.length > 80 ? `${unsafe.slice(0, 80)}...` : unsafe}`;
    throw new HttpError(400, `${where} contains a character that is not allowed: a control character or a broken Unicode character.`);
  }
  return body;
}

type JsonInput<S extends v.GenericSchema> = { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } };

/**
 * The body as `schema` reads it, or a 400 naming its first issue (an unknown field included, for
 * strict schemas). A schema may be chosen by the body itself, e.g. a survey or a signature.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S | ((body: unknown) => S)): MiddlewareHandler<AppEnv, string, JsonInput<S>> {
  return async (c, next) => {
    const body = await readJson(c);
    const result = v.safeParse(typeof schema === 'function' ? schema(body) : schema, body);
    if (!result.success) throw new HttpError(400, firstIssue(result.issues));
    c.req.addValidatedData('json', result.output as object);
    await next();
  };
}

/** A query or path parameter as `schema` reads it, or a 400 with its message. */
export function paramAs<S extends v.GenericSchema>(value: string | undefined, schema: S): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw new HttpError(400, parsed.issues[0].message);
  return parsed.output;
}
