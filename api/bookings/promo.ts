/** Promo codes: checked, priced and (inside a hold) counted against their redemption limit. */
import type { Queryable } from '../db/client.ts';
import type { Discount } from '../../shared/rules/pricing.ts';
import { DomainError } from '../domain-error.ts';
import { INVALID_PROMO_MESSAGE as INVALID_PROMO } from '../../shared/contract/messages.ts';
import { promoHasUseLeft } from '../../shared/rules/seat-rules.ts';
import { promoUsesSql } from './seat-sql.ts';

export { INVALID_PROMO };

/** A promo code's row as the hold and the outcome paths read it. */
export interface PromoRow {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  price_ids: string[] | null;
  max_redemptions: number | null;
  usable: boolean;
}

/** The columns of a PromoRow, selected from `promo_codes` named `alias`. */
export const promoColumns = (alias: string) =>
  `${alias}.code, ${alias}.percent_off, ${alias}.amount_off, ${alias}.price_ids, ${alias}.max_redemptions,
   ${alias}.active and (${alias}.expires_at is null or ${alias}.expires_at > app_now()) as usable`;

/**
 * The discount a code gives on a price, given how many holds and bookings use it now, or null when
 * it cannot be used (missing, inactive, expired, not for this price, or its uses all taken).
 */
export function discountOf(promo: PromoRow | undefined, priceId: string, used: number): Discount | null {
  if (!promo || !promo.usable) return null;
  if (promo.price_ids && !promo.price_ids.includes(priceId)) return null;
  if (!promoHasUseLeft(promo.max_redemptions, used)) return null;
  return promo.percent_off !== null ? { percentOff: promo.percent_off } : { amountOff: promo.amount_off ?? 0 };
}

const READ_PROMO_SQL = `select ${promoColumns('p')} from promo_codes p where p.code = $1`;
const LOCK_PROMO_SQL = `${READ_PROMO_SQL} for update`;

/** Reads a code, locked with `lock` (so the last use of a limited code goes to exactly one hold). */
export async function readPromo(tx: Queryable, code: string, lock: boolean): Promise<PromoRow | undefined> {
  const [promo] = await tx.query<PromoRow & Record<string, unknown>>(lock ? LOCK_PROMO_SQL : READ_PROMO_SQL, [code]);
  return promo;
}

/** The holds and paid bookings that use a code; counted after its row is locked, in a statement of its own. */
async function promoUses(tx: Queryable, code: string): Promise<number> {
  const [row] = await tx.query<{ used: number }>(`select ${promoUsesSql('$1')} as used`, [code]);
  return row?.used ?? 0;
}

/**
 * The discount a code gives on a price, or a 400 'Invalid promo code'. With `lock`, the code's row is
 * locked and its limited uses counted, so the last use goes to exactly one hold.
 */
export async function promoDiscount(tx: Queryable, code: string, priceId: string, lock = false): Promise<Discount> {
  const discount = await usableDiscount(tx, code, priceId, lock);
  if (!discount) throw new DomainError('invalid', INVALID_PROMO);
  return discount;
}

/**
 * The discount a code still gives a booking whose hold lapsed before its payment arrived, or null:
 * still active and unexpired, and a use left now that the lapsed hold no longer counts as one.
 */
export function honouredDiscount(tx: Queryable, code: string, priceId: string): Promise<Discount | null> {
  return usableDiscount(tx, code, priceId, true);
}

async function usableDiscount(tx: Queryable, code: string, priceId: string, lock: boolean): Promise<Discount | null> {
  const promo = await readPromo(tx, code, lock);
  if (!promo || !discountOf(promo, priceId, 0)) return null;
  return discountOf(promo, priceId, promo.max_redemptions === null ? 0 : await promoUses(tx, code));
}
