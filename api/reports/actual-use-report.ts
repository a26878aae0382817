/**
 * The Forest Service's actual use report of a season, as the console and `npm run report:actual-use`
 * show it: the permit's settings, the season's trip days and every movement of money for their
 * bookings, summed by the pure rule (shared/rules/actual-use.ts).
 */
import type { Queryable } from '../db/client.ts';
import { actualUse, type ActualUse } from '../../shared/rules/actual-use.ts';
import { movementsOfDates } from './money-movements.ts';
import { feeRate, permitPlaces, permitSeason } from './permit-settings.ts';
import { tripDaysBetween } from './trip-days.ts';

export type ActualUseReport = ActualUse & { season: { label: string; firstDay: string; lastDay: string }; feeRatePercent: number };

export async function actualUseReport(db: Queryable, label: string): Promise<ActualUseReport> {
  const [season, rate, places] = await Promise.all([permitSeason(db, label), feeRate(db), permitPlaces(db)]);
  const days = await tripDaysBetween(db, season.firstDay, season.lastDay, places);
  const movements = await movementsOfDates(db, [...new Set(days.map((day) => day.dateId))]);
  const report = actualUse(
    days,
    movements.flatMap((movement) =>
      movement.bookingId && movement.tripDateId
        ? [{ bookingId: movement.bookingId, tripDateId: movement.tripDateId, amount: movement.amount }]
        : [],
    ),
    rate,
  );
  return { season, feeRatePercent: rate / 100, ...report };
}
