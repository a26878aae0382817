/** How large a request body may be: the default every route group applies, and what a group allows beyond it. */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from '../http.ts';

/** Bodies larger than this are refused with 413 unless a route allows more. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Refuses (413) a body of more than `maxSize` bytes, before any of it reaches the route. */
export function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, 'The request body is too large');
    },
  });
}
