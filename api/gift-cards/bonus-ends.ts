/**
 * A credit's promotional bonus with an end (GIFT_CREDIT_BONUS_MONTHS): the day after its last day,
 * what is left of it comes off the card. The bonus is spent first, so the card keeps what was paid
 * for it (../../shared/rules/gift-card-credit.ts). A card a checkout holds part of waits for a later
 * run. Run by the periodic sweeps (../sweeps.ts): each card is claimed with `skip locked`, and its
 * ledger row, written even when nothing was left, makes a second run pass it by.
 */
import { formatDenverDayWithYear } from '../../shared/rules/dates.ts';
import { bonusLeft } from '../../shared/rules/gift-card-credit.ts';
import { formatMoney } from '../../shared/rules/pricing.ts';
import type { Db } from '../db/client.ts';
import { BALANCE_SQL, HELD_SQL, writeLedger } from './ledger.ts';

/** The key of the one ledger row of a card's bonus ending: this, then the card's id. */
const ENDED_KEY = 'bonus-ended:';

/**
 * Cards whose bonus ended before today in Denver and has not yet been taken off, and that no checkout
 * holds part of now: what a hold gives back when it lapses would bring the bonus with it.
 */
const ENDED_SQL = `
  select c.id, c.value, c.bonus, c.currency, to_char(c.bonus_ends_on, 'YYYY-MM-DD') as ends_on, ${BALANCE_SQL} as balance
    from gift_cards c
   where c.bonus > 0 and c.status = 'active' and c.bonus_ends_on < (app_now() at time zone 'America/Denver')::date
     and not exists (select 1 from gift_card_ledger e where e.key = $1 || c.id)
     and not exists (${HELD_SQL})
   order by c.bonus_ends_on, c.id
   limit 100
   for update of c skip locked`;

/** Takes what is left of each ended bonus off its card; returns how many cards it looked at. */
export async function endBonuses(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const cards = await tx.query<{ id: string; value: number; bonus: number; currency: string; ends_on: string; balance: number }>(
      ENDED_SQL,
      [ENDED_KEY],
    );
    for (const card of cards) {
      const left = bonusLeft(card);
      const ended = `its promotional bonus ended on ${formatDenverDayWithYear(card.ends_on)}`;
      await writeLedger(tx, card.id, {
        kind: 'adjustment',
        amount: -left,
        reason: left > 0 ? `${ended}: ${formatMoney(left, card.currency)} of it was left` : `${ended}, all of it spent`,
        causedBy: 'sweep',
        key: `${ENDED_KEY}${card.id}`,
      });
    }
    return cards.length;
  });
}
