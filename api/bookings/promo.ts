/** Promo codes: checked, priced and (inside a hold) counted against their redemption limit. */
import type { Queryable } from '../db/client.ts';
import type { Discount } from '../../src/lib/pricing.ts';
import { HttpError } from '../http.ts';
import { ACTIVE_BOOKING } from './seats.ts';

export const INVALID_PROMO = 'Invalid promo code';

interface PromoRow {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  price_ids: string[] | null;
  max_redemptions: number | null;
  usable: boolean;
}

/**
 * The discount a code gives on a price, or a 400 'Invalid promo code'. With `lock`, the code's row is
 * locked and its limited uses counted, so the last use goes to exactly one hold.
 */
export async function promoDiscount(tx: Queryable, code: string, priceId: string, lock = false): Promise<Discount> {
  const [promo] = await tx.query<PromoRow & Record<string, unknown>>(
    `select code, percent_off, amount_off, price_ids, max_redemptions,
            active and (expires_at is null or expires_at > now()) as usable
       from promo_codes where code = $1 ${lock ? 'for update' : ''}`,
    [code],
  );
  if (!promo || !promo.usable) throw new HttpError(400, INVALID_PROMO);
  if (promo.price_ids && !promo.price_ids.includes(priceId)) throw new HttpError(400, INVALID_PROMO);
  if (promo.max_redemptions !== null) {
    const [row] = await tx.query<{ used: number }>(
      `select count(*)::int as used from bookings where promo_code = $1 and ${ACTIVE_BOOKING}`,
      [code],
    );
    if ((row?.used ?? 0) >= promo.max_redemptions) throw new HttpError(400, INVALID_PROMO);
  }
  return promo.percent_off !== null ? { percentOff: promo.percent_off } : { amountOff: promo.amount_off ?? 0 };
}
