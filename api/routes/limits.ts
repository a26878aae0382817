import type { Context } from 'hono';
import { errorBody } from '../http.ts';

/** Bodies larger than this are refused with 413 unless a route allows more. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

export const tooLarge = (c: Context) => c.json(errorBody('The request body is too large'), 413);
