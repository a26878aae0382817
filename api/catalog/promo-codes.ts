/**
 * A promo code as the catalog import and the operators' console write it: one shape, checked the
 * same way (a percentage or an amount off, an optional expiry and limit of uses, paused or not),
 * and one rule for its uses: never limited below the holds and bookings already using it, decided
 * with the code's row locked, as a customer's hold locks it for its last use.
 */
import * as v from 'valibot';
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { promoUsesSql } from '../bookings/seat-sql.ts';
import { idText } from './calendar-dates.ts';
import { PROMO_CODE_PATTERN } from '../../shared/contract/ops-requests.ts';
import { instantRequest } from '../../shared/contract/requests.ts';

export const promoEntrySchema = v.pipe(
  v.strictObject({
    code: v.pipe(v.string(), v.regex(PROMO_CODE_PATTERN, 'promo codes are upper-case letters and digits')),
    percentOff: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
    amountOff: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    expiresAt: v.optional(v.nullable(instantRequest('expiresAt must be an ISO timestamp with a zone'))),
    maxRedemptions: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
    priceIds: v.optional(v.nullable(v.array(idText))),
    active: v.optional(v.boolean(), true),
  }),
  v.check(
    (promo) => (promo.percentOff === undefined) !== (promo.amountOff === undefined),
    'a promo code has either percentOff or amountOff',
  ),
);
export type PromoEntry = v.InferOutput<typeof promoEntrySchema>;

export const usesBelowTaken = (used: number) => `Uses cannot be limited below the ${used} already taken.`;

/** A code as it stands: its terms and how many holds and bookings use it now. */
export interface PromoState {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  expires_at: Date | string | null;
  max_redemptions: number | null;
  price_ids: string[] | null;
  active: boolean;
  uses: number;
}

/** The code's row, locked for the rest of the transaction, with its uses counted after the lock; undefined for a new code. */
export async function lockPromo(tx: Queryable, code: string): Promise<PromoState | undefined> {
  const [row] = await tx.query<Omit<PromoState, 'uses'> & Record<string, unknown>>(
    `select code, percent_off, amount_off, expires_at, max_redemptions, price_ids, active from promo_codes where code = $1 for update`,
    [code],
  );
  if (!row) return undefined;
  const [count] = await tx.query<{ uses: number }>(`select ${promoUsesSql('$1')} as uses`, [code]);
  return { ...row, uses: count?.uses ?? 0 };
}

/** Creates or changes a code; refuses (409) a limit of uses below those already taken. Returns the code as it was (undefined when new). */
export async function writePromo(tx: Queryable, promo: PromoEntry): Promise<PromoState | undefined> {
  const before = await lockPromo(tx, promo.code);
  const limit = promo.maxRedemptions ?? null;
  if (before && limit !== null && limit < before.uses) throw new DomainError('conflict', usesBelowTaken(before.uses));
  await tx.query(
    `insert into promo_codes (code, percent_off, amount_off, expires_at, max_redemptions, price_ids, active)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (code) do update set percent_off = excluded.percent_off, amount_off = excluded.amount_off,
       expires_at = excluded.expires_at, max_redemptions = excluded.max_redemptions, price_ids = excluded.price_ids,
       active = excluded.active`,
    [
      promo.code,
      promo.percentOff ?? null,
      promo.amountOff ?? null,
      promo.expiresAt ?? null,
      limit,
      promo.priceIds ? JSON.stringify(promo.priceIds) : null,
      promo.active,
    ],
  );
  return before;
}
