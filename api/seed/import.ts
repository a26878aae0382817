/** Loads catalog files into the database in one transaction, inserting or updating by id. */
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import { catalogFileSchema, type CatalogFile } from './catalog-file.ts';
import { writeDate, type DateEntry } from '../catalog/calendar-dates.ts';
import { blackoutAmong } from '../console/blackout-days.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { writePromo } from '../catalog/promo-codes.ts';

export function parseCatalogFile(json: unknown, source = 'catalog file'): CatalogFile {
  const result = v.safeParse(catalogFileSchema, json);
  if (!result.success) {
    const issues = result.issues.slice(0, 5).map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    throw new Error(`${source} is not valid:\n  ${issues.join('\n  ')}`);
  }
  return result.output;
}

export interface ImportCounts {
  products: number;
  prices: number;
  dates: number;
  promoCodes: number;
  /** Dates of the file on a blackout day, left as the blackout left them. */
  onBlackoutDays: number;
  /** Dates of the file we called off, left called off. */
  calledOff: number;
}

export async function importCatalog(db: Db, file: CatalogFile): Promise<ImportCounts> {
  return db.transaction(async (tx) => {
    for (const product of file.products) {
      await tx.query(
        `insert into products (id, name, description, images, sort, active) values ($1, $2, $3, $4, $5, $6)
         on conflict (id) do update set name = excluded.name, description = excluded.description, images = excluded.images,
           sort = excluded.sort, active = excluded.active`,
        [product.id, product.name, product.description, JSON.stringify(product.images), product.sort, product.active],
      );
    }
    for (const price of file.prices) {
      await tx.query(
        `insert into prices (id, product_id, nickname, unit_amount, currency, metadata, sort, active) values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (id) do update set product_id = excluded.product_id, nickname = excluded.nickname, unit_amount = excluded.unit_amount,
           currency = excluded.currency, metadata = excluded.metadata, sort = excluded.sort, active = excluded.active`,
        [
          price.id,
          price.productId,
          price.nickname,
          price.unitAmount,
          price.currency,
          JSON.stringify(price.metadata),
          price.sort,
          price.active,
        ],
      );
    }
    // The console's rules too: nothing is written on a blackout day; a date's capacity never goes
    // below the seats taken on it; a date anyone has booked or holds keeps its start and stays on
    // the calendars (a file that would change either is refused whole); a called-off date stays so.
    const dayOf = (date: DateEntry) => denverDay(new Date(date.startsAt));
    const blackout = await blackoutAmong(tx, file.dates.map(dayOf));
    const open = file.dates.filter((date) => !blackout.has(dayOf(date)));
    let calledOff = 0;
    for (const date of open) if ((await writeDate(tx, date)) === 'called off') calledOff += 1;
    // Likewise a code's limit of uses never goes below the holds and bookings using it.
    for (const promo of file.promoCodes) await writePromo(tx, promo);
    return {
      products: file.products.length,
      prices: file.prices.length,
      dates: open.length - calledOff,
      promoCodes: file.promoCodes.length,
      onBlackoutDays: file.dates.length - open.length,
      calledOff,
    };
  });
}
