/**
 * Promo codes in the console: the list with each code's uses, and creating, changing or pausing a
 * code for a reason, by the same rule as the catalog import (a limit of uses never below those
 * already taken, decided with the code's row locked). The change and its record are written in one
 * transaction; the same request again changes nothing and records nothing.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { lockPromo, writePromo, type PromoState } from '../catalog/promo-codes.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import type { OpsPromoRequest } from '../../shared/contract/ops-requests.ts';
import type { OpsPromoCode } from '../../shared/contract/ops-answers.ts';
import { promoUsesSql } from '../bookings/seat-sql.ts';
import { recordAction } from '../record/operator-actions.ts';

/** The last Kamas day a code can be used, from the instant it stops (the start of the next day). */
const lastDayOf = (expiresAt: Date | string | null) => (expiresAt === null ? null : denverDay(new Date(expiresAt).getTime() - 1));

function toPromo(row: PromoState): OpsPromoCode {
  return {
    code: row.code,
    percentOff: row.percent_off,
    amountOff: row.amount_off,
    lastDay: lastDayOf(row.expires_at),
    maxRedemptions: row.max_redemptions,
    uses: row.uses,
    active: row.active,
    onlyForSomeActivities: row.price_ids !== null,
  };
}

export async function listPromos(db: Queryable): Promise<OpsPromoCode[]> {
  const rows = await db.query<PromoState & Record<string, unknown>>(
    `select p.code, p.percent_off, p.amount_off, p.expires_at, p.max_redemptions, p.price_ids, p.active, ${promoUsesSql('p.code')} as uses
       from promo_codes p order by p.active desc, p.code`,
  );
  return rows.map(toPromo);
}

/** The terms a record shows before and after a change. */
const terms = (promo: OpsPromoCode | null) =>
  promo && {
    percentOff: promo.percentOff,
    amountOff: promo.amountOff,
    lastDay: promo.lastDay,
    maxRedemptions: promo.maxRedemptions,
    active: promo.active,
  };

export async function savePromo(db: Db, operator: Caller, code: string, request: OpsPromoRequest): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockPromo(tx, code);
    await writePromo(tx, {
      code,
      ...(request.percentOff !== undefined ? { percentOff: request.percentOff } : { amountOff: request.amountOff ?? 0 }),
      // Usable through the whole of its last Kamas day.
      expiresAt: request.lastDay ? denverInstant(denverDayPlus(request.lastDay, 1)).toISOString() : null,
      maxRedemptions: request.maxRedemptions,
      // The activities a code is for are set by the catalog import; the console keeps them.
      priceIds: before?.price_ids ?? null,
      active: request.active,
    });
    const beforeTerms = terms(before ? toPromo(before) : null);
    const afterTerms = {
      percentOff: request.percentOff ?? null,
      amountOff: request.amountOff ?? null,
      lastDay: request.lastDay,
      maxRedemptions: request.maxRedemptions,
      active: request.active,
    };
    if (JSON.stringify(beforeTerms) === JSON.stringify(afterTerms)) return { changed: false };
    await recordAction(tx, operator, {
      action: before ? (before.active && !request.active ? 'pause promo code' : 'change promo code') : 'create promo code',
      subject: `promo code ${code}`,
      reason: request.reason,
      before: beforeTerms,
      after: afterTerms,
    });
    return { changed: true };
  });
}
