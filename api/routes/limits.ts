import type { Context } from 'hono';
import { errorBody } from '../http.ts';

/** Bodies larger than this are refused with 413 unless a route allows more. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Stripe's signed events: real ones pass 16 KiB (expanded charges, long metadata). */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const tooLarge = (c: Context) => c.json(errorBody('The request body is too large'), 413);
