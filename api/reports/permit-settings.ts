/**
 * The permit's settings the office keeps for the actual use report: the fee rate, each season's first
 * and last day (December 1 to March 31 until the office says otherwise), and for each activity of the
 * catalog and each of our trailheads whether it is on National Forest land and the location the report
 * names it by (our ranger district until the office says otherwise). A change is recorded with who,
 * when and why, in the same transaction.
 */
import type * as v from 'valibot';
import type { Db, Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { recordAction } from '../record/operator-actions.ts';
import { DomainError } from '../domain-error.ts';
import { TRAILHEAD_NAMES } from '../../shared/rules/meeting-point.ts';
import { seasonNamed } from '../../shared/rules/season.ts';
import type { permitSettingsAnswer, permitSettingsSchema } from '../../shared/contract/reports.ts';
import { SEASON_MESSAGE } from '../../shared/contract/reports.ts';

/** Where the company guides, for a place nobody has set yet. */
export const DEFAULT_LOCATION = 'Heber-Kamas Ranger District';

export type PermitSettings = v.InferOutput<typeof permitSettingsAnswer>;
export type PermitSettingsChange = v.InferOutput<typeof permitSettingsSchema>;

export interface Place {
  onForestLand: boolean;
  location: string;
}

/** Each activity's (by product id) and each trailhead's (by name) setting. */
export interface PermitPlaces {
  activities: ReadonlyMap<string, Place>;
  trailheads: ReadonlyMap<string, Place>;
}

const UNSET: Place = { onForestLand: true, location: DEFAULT_LOCATION };

/**
 * Where a date of an activity met, as the report counts it: on National Forest land when both the
 * activity and the trailhead are; named by the trailhead's location, or the activity's when the date
 * named no trailhead.
 */
export function placeOf(places: PermitPlaces, productId: string, trailhead: string | null): Place {
  const activity = places.activities.get(productId) ?? UNSET;
  if (!trailhead) return activity;
  const met = places.trailheads.get(trailhead) ?? UNSET;
  return { onForestLand: activity.onForestLand && met.onForestLand, location: met.location };
}

interface PlaceRow {
  kind: 'activity' | 'trailhead';
  key: string;
  on_forest_land: boolean;
  location: string;
}

export async function permitPlaces(db: Queryable): Promise<PermitPlaces> {
  const rows = await db.query<PlaceRow & Record<string, unknown>>(`select kind, key, on_forest_land, location from permit_places`);
  const of = (kind: PlaceRow['kind']) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.key, { onForestLand: row.on_forest_land, location: row.location }]));
  return { activities: of('activity'), trailheads: of('trailhead') };
}

/** The fee rate in basis points (300 is 3%). */
export async function feeRate(db: Queryable): Promise<number> {
  const [row] = await db.query<{ fee_rate_bp: number }>(`select fee_rate_bp from permit_settings`);
  return row?.fee_rate_bp ?? 300;
}

/** A season's first and last day as the permit has them; the season's own by default. */
export async function permitSeason(db: Queryable, label: string): Promise<{ label: string; firstDay: string; lastDay: string }> {
  const season = seasonNamed(label);
  if (!season) throw new DomainError('invalid', SEASON_MESSAGE);
  const [row] = await db.query<{ first_day: string; last_day: string }>(
    `select to_char(first_day, 'YYYY-MM-DD') as first_day, to_char(last_day, 'YYYY-MM-DD') as last_day from permit_seasons where season = $1`,
    [label],
  );
  return { label, firstDay: row?.first_day ?? season.start, lastDay: row?.last_day ?? season.end };
}

/** The settings as the report of `label` uses them: every activity of the catalog and every trailhead, each with its setting. */
export async function permitSettings(db: Queryable, label: string): Promise<PermitSettings> {
  const [places, rate, season, products] = await Promise.all([
    permitPlaces(db),
    feeRate(db),
    permitSeason(db, label),
    db.query<{ id: string; name: string }>(`select id, name from products order by sort, name`),
  ]);
  return {
    feeRatePercent: rate / 100,
    season,
    places: [
      ...products.map((product) => ({
        kind: 'activity' as const,
        key: product.id,
        name: product.name,
        ...(places.activities.get(product.id) ?? UNSET),
      })),
      ...TRAILHEAD_NAMES.map((name) => ({ kind: 'trailhead' as const, key: name, name, ...(places.trailheads.get(name) ?? UNSET) })),
    ],
  };
}

export const UNKNOWN_PLACE = 'One of the places is not an activity of the catalog or one of our trailheads.';

/** Keeps the office's settings, recorded with what they were before. */
export async function changePermitSettings(db: Db, operator: Caller, change: PermitSettingsChange): Promise<PermitSettings> {
  return db.transaction(async (tx) => {
    const before = await permitSettings(tx, change.season.label);
    const known = new Set(before.places.map((place) => `${place.kind}:${place.key}`));
    if (change.places.some((place) => !known.has(`${place.kind}:${place.key}`))) throw new DomainError('invalid', UNKNOWN_PLACE);
    await tx.query(`update permit_settings set fee_rate_bp = $1, updated_at = app_now()`, [Math.round(change.feeRatePercent * 100)]);
    await tx.query(
      `insert into permit_seasons (season, first_day, last_day) values ($1, $2, $3)
       on conflict (season) do update set first_day = excluded.first_day, last_day = excluded.last_day`,
      [change.season.label, change.season.firstDay, change.season.lastDay],
    );
    for (const place of change.places) {
      await tx.query(
        `insert into permit_places (kind, key, on_forest_land, location) values ($1, $2, $3, $4)
         on conflict (kind, key) do update set on_forest_land = excluded.on_forest_land, location = excluded.location`,
        [place.kind, place.key, place.onForestLand, place.location || DEFAULT_LOCATION],
      );
    }
    const after = await permitSettings(tx, change.season.label);
    await recordAction(tx, operator, {
      action: 'change permit settings',
      subject: `the permit for ${change.season.label}`,
      reason: change.reason,
      before,
      after,
    });
    return after;
  });
}
