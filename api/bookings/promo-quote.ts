/** What a promo code makes of a price: the discount, and the totals for one seat and for the order. */
import type * as v from 'valibot';
import { orderTotal, type Discount } from '../../shared/rules/pricing.ts';
import type { applyPromoSchema } from '../../shared/contract/requests.ts';
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { promoDiscount } from './promo.ts';

export type PromoRequest = v.InferOutput<typeof applyPromoSchema>;

export interface PromoQuote {
  promoCode: string;
  discount: Discount;
  finalPrice: number;
  finalTotal: number;
  quantity: number;
}

/** Quotes a code against an active price (404 when there is none, 400 when the code cannot be used). One seat unless a quantity is given. */
export async function quotePromo(db: Queryable, request: PromoRequest): Promise<PromoQuote> {
  const [price] = await db.query<{ unit_amount: number }>(`select unit_amount from prices where id = $1 and active`, [
    request.selectedPriceId,
  ]);
  if (!price) throw new DomainError('not-found', 'Product not found');
  const discount = await promoDiscount(db, request.promoCode, request.selectedPriceId);
  const quantity = request.quantity ?? 1;
  return {
    promoCode: request.promoCode,
    discount,
    finalPrice: orderTotal(price.unit_amount, 1, discount),
    finalTotal: orderTotal(price.unit_amount, quantity, discount),
    quantity,
  };
}
