/**
 * Money the card processor gave back for a gift card's own payment at its dashboard, kept on the
 * ledger row that took it off the card: the row's amount is what the card lost (never more than was
 * left on it), `refunded` what the buyer got back, which the accountant's export lists. Rows written
 * before say the refund's running total in their key (`provider-refund:<card>:<total>`).
 */
export const sql = `
alter table gift_card_ledger add column refunded integer check (refunded > 0);

update gift_card_ledger l set refunded = r.refunded
  from (select id, total - coalesce(lag(total) over (partition by card_id order by total), 0) as refunded
          from (select id, card_id, substring(key from ':([0-9]+)$')::int as total
                  from gift_card_ledger where key like 'provider-refund:%') t) r
 where l.id = r.id and r.refunded > 0;
`;
