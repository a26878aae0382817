/** Error answers shared by every route, and the random ids rows are named by. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

export function randomId(prefix: string, bytes = 12): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return `${prefix}_${Buffer.from(raw).toString('base64url')}`;
}
