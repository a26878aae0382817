/**
 * A trip voucher whose trip no longer runs (its price or its activity taken off sale) becomes an
 * amount card of what was paid for it, so that it can still pay for any trip. A voucher held by a
 * checkout right now is left until that hold ends. Run by the periodic sweeps (../sweeps.ts): each
 * card is claimed with `skip locked`, and its ledger row's key makes a second run write nothing.
 */
import type { Db } from '../db/client.ts';
import { BALANCE_SQL, writeLedger } from './ledger.ts';

/** Vouchers of trips off sale, not held by a checkout now. */
const RETIRED_SQL = `
  select c.id, c.value, product.name as activity,
         ${BALANCE_SQL} as balance
    from gift_cards c join prices price on price.id = c.price_id join products product on product.id = price.product_id
   where c.kind = 'voucher' and c.status = 'active' and not (price.active and product.active)
     and not exists (
       select 1 from gift_card_ledger h
        where h.card_id = c.id and h.kind = 'hold'
          and not exists (select 1 from gift_card_ledger e where e.card_id = c.id and e.kind = 'release' and e.booking_id = h.booking_id))
   order by c.id
   for update of c skip locked`;

/** Turns the vouchers of trips no longer sold into amount cards of what was paid for them; returns how many. */
export async function retireVouchers(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const vouchers = await tx.query<{ id: string; value: number; activity: string; balance: number }>(RETIRED_SQL);
    for (const voucher of vouchers) {
      if (voucher.balance !== voucher.value) {
        await writeLedger(tx, voucher.id, {
          kind: 'adjustment',
          amount: voucher.value - voucher.balance,
          reason: `${voucher.activity} is no longer offered: the voucher is now worth what was paid for it`,
          causedBy: 'sweep',
          key: `voucher-retired:${voucher.id}`,
        });
      }
      await tx.query(`update gift_cards set kind = 'amount', price_id = null where id = $1`, [voucher.id]);
    }
    return vouchers.length;
  });
}
