/** The demo data: the catalog file beside this one plus a winter season of dates generated from today. */
import { readFileSync } from 'node:fs';
import type { Db } from '../db/client.ts';
import type { CatalogInput } from './catalog-file.ts';
import { importCatalog, parseCatalogFile } from './import.ts';
import { kamasStart, seasonDays } from './season.ts';
import { seasonFor, seasonNamed, type Season } from '../../shared/rules/season.ts';
import { wireFeatures } from '../features.ts';
import { walkSeason } from './history.ts';

export const DAY_TOUR_PRODUCT = 'prod_backcountry_tours';
export const CLASS_PRODUCT = 'prod_avalanche_courses';
export const MENTORSHIP_PRODUCT = 'prod_mentorship';
export const CLASS_CAPACITY = 10;
export const DAY_TOUR_PARTY_MAX = 4;
export const MENTORSHIP_CAPACITY = 6;

const SUNDAY = 0;
const TUESDAY = 2;
const WEDNESDAY = 3;
const SATURDAY = 6;

/** Day tours run every day but Tuesday; classes on weekends (Saturday: moto, Sunday: sled-skiing); mentorship on the first Wednesday of each month. */
export function seasonDates(season: Season): NonNullable<CatalogInput['dates']> {
  const dates: NonNullable<CatalogInput['dates']> = [];
  for (const { day: key, weekday, dayOfMonth } of seasonDays(season)) {
    if (weekday !== TUESDAY) {
      dates.push({
        id: `tour-${key}`,
        calendar: 'winter-day-tours',
        productId: DAY_TOUR_PRODUCT,
        startsAt: kamasStart(key, 8),
        capacity: DAY_TOUR_PARTY_MAX,
      });
    }
    if (weekday === SATURDAY || weekday === SUNDAY) {
      const type = weekday === SATURDAY ? 'moto' : 'sledski';
      dates.push({
        id: `class-${type}-${key}`,
        calendar: 'winter-classes',
        productId: CLASS_PRODUCT,
        priceId: type === 'moto' ? 'price_class_moto' : 'price_class_sledski',
        startsAt: kamasStart(key, 7),
        capacity: CLASS_CAPACITY,
        type,
      });
    }
    if (weekday === WEDNESDAY && dayOfMonth <= 7) {
      dates.push({
        id: `mentorship-${key}`,
        calendar: 'winter-mentorship',
        productId: MENTORSHIP_PRODUCT,
        priceId: 'price_mentorship_day',
        startsAt: kamasStart(key, 8),
        capacity: MENTORSHIP_CAPACITY,
        title: 'Mentorship Field Day',
        description: 'Plan the day, lead the group, and debrief with a guide.',
      });
    }
  }
  return dates;
}

/** The season that ended last before `today`'s (the one before the season running or coming). */
export function lastSeason(today: Date): Season {
  const [startYear = 0] = seasonFor(today).start.split('-').map(Number);
  return seasonNamed(`${startYear - 1}-${String(startYear).slice(2)}`) as Season;
}

/** The demo catalog with this season's dates, and with `withLastSeason` last season's too. */
export function demoCatalog(today = new Date(), { withLastSeason = false } = {}): CatalogInput {
  const file = JSON.parse(readFileSync(new URL('./demo-catalog.json', import.meta.url), 'utf8')) as CatalogInput;
  const dates = seasonDates(seasonFor(today));
  return { ...file, dates: withLastSeason ? [...seasonDates(lastSeason(today)), ...dates] : dates };
}

/**
 * Seeds an empty database; returns the season label it seeded, or null when there was data already.
 * With `lastSeasonHistory`, last season is walked through too (./history.ts), so the reports have figures.
 */
export async function seedIfEmpty(db: Db, today = new Date(), { lastSeasonHistory = false } = {}): Promise<string | null> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from products');
  if ((row?.count ?? 0) > 0) return null;
  await importCatalog(db, parseCatalogFile(demoCatalog(today, { withLastSeason: lastSeasonHistory }), 'the demo catalog'));
  if (lastSeasonHistory) {
    wireFeatures();
    await walkSeason(db, lastSeason(today));
  }
  return seasonFor(today).label;
}
