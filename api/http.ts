/** Error answers and request-body parsing shared by every route. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { unsafeTextPath } from '../src/lib/safe-text.ts';
import { firstIssue } from '../src/lib/schemas.ts';

/** An error the caller caused or may act on: answered as `{ error, message }` with its status. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(status: ContentfulStatusCode, message: string) {
    super(message);
    this.status = status;
  }
}

/** Every error body carries the text under `error`, and under `message` for clients that read that name. */
export function errorBody(message: string) {
  return { error: message, message };
}

/** Parses a JSON body, refusing (400) any text in it, field names included, that is not safe text. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Content-Type must be application/json');
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

export async function parseBody<S extends v.GenericSchema>(c: Context, schema: S | ((body: unknown) => S)): Promise<v.InferOutput<S>> {
  const body = await readJson(c);
  const result = v.safeParse(typeof schema === 'function' ? schema(body) : schema, body);
  if (!result.success) throw new HttpError(400, firstIssue(result.issues));
  return result.output;
}

export function randomId(prefix: string, bytes = 12): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return `${prefix}_${Buffer.from(raw).toString('base64url')}`;
}
