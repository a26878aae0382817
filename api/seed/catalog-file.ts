/**
 * The catalog import format: products, prices, calendar dates and promo codes. Operators keep
 * these in JSON files and load them with `npm run catalog:import`; importing a file twice
 * changes nothing the second time.
 */
import * as v from 'valibot';
import { dateEntrySchema, idText } from '../catalog/calendar-dates.ts';
import { promoEntrySchema } from '../catalog/promo-codes.ts';
const cents = v.pipe(v.number(), v.integer(), v.minValue(1));

export const catalogFileSchema = v.strictObject({
  products: v.optional(
    v.array(
      v.strictObject({
        id: idText,
        name: v.pipe(v.string(), v.nonEmpty()),
        description: v.optional(v.string(), ''),
        images: v.optional(v.array(v.string()), []),
        sort: v.optional(v.number(), 0),
        active: v.optional(v.boolean(), true),
      }),
    ),
    [],
  ),
  prices: v.optional(
    v.array(
      v.strictObject({
        id: idText,
        productId: idText,
        nickname: v.pipe(v.string(), v.nonEmpty()),
        unitAmount: cents,
        currency: v.optional(v.pipe(v.string(), v.length(3)), 'usd'),
        metadata: v.optional(
          v.strictObject({
            image: v.optional(v.string()),
            description: v.optional(v.string()),
            short: v.optional(v.string()),
            type: v.optional(v.string()),
          }),
          {},
        ),
        sort: v.optional(v.number(), 0),
        active: v.optional(v.boolean(), true),
      }),
    ),
    [],
  ),
  dates: v.optional(v.array(dateEntrySchema), []),
  promoCodes: v.optional(v.array(promoEntrySchema), []),
});
export type CatalogFile = v.InferOutput<typeof catalogFileSchema>;
export type CatalogInput = v.InferInput<typeof catalogFileSchema>;
