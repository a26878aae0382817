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
  const discount = await usableDiscount(tx, code, priceId, lock);
  if (!discount) throw new HttpError(400, INVALID_PROMO);
  return discount;
}

/**
 * Whether a code can still be honoured for a booking whose hold lapsed before its payment arrived:
 * still active and unexpired, and a use left now that the lapsed hold no longer counts as one.
 */
export async function promoStillHonoured(tx: Queryable, code: string, priceId: string): Promise<boolean> {
  return (await usableDiscount(tx, code, priceId, true)) !== null;
}

async function usableDiscount(tx: Queryable, code: string, priceId: string, lock: boolean): Promise<Discount | null> {
  const [promo] = await tx.query<PromoRow & Record<string, unknown>>(
    `select code, percent_off, amount_off, price_ids, max_redemptions,
            active and (expires_at is null or expires_at > now()) as usable
       from promo_codes where code = $1 ${lock ? 'for update' : ''}`,
    [code],
  );
  if (!promo || !promo.usable) return null;
  if (promo.price_ids && !promo.price_ids.includes(priceId)) return null;
  if (promo.max_redemptions !== null) {
    const [row] = await tx.query<{ used: number }>(
      `select count(*)::int as used from bookings where promo_code = $1 and ${ACTIVE_BOOKING}`,
      [code],
    );
    if ((row?.used ?? 0) >= promo.max_redemptions) return null;
  }
  return promo.percent_off !== null ? { percentOff: promo.percent_off } : { amountOff: promo.amount_off ?? 0 };
}
