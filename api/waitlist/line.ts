/**
 * The waitlist's line as the database reads it for the pure rules (shared/rules/waitlist.ts): each
 * entry's party, when it joined, and the date it asked for with that date's activity; and which
 * dates could be near one another (the rules decide whether they are in the same Kamas week).
 */
import type { WaitEntry } from '../../shared/rules/waitlist.ts';

/** What a date's activity is (`d` a `calendar_dates` alias): a date with a price of its own (a class) offers that; others, any price of their product. */
export const activitySql = (d: string) => `coalesce(${d}.price_id, ${d}.product_id)`;
/** The same, of a date row already read. */
export const activityOf = (date: { price_id: string | null; product_id: string }): string => date.price_id ?? date.product_id;

/** Dates `a` and `b` could be near one another: the same calendar, within a week either way. */
export const withinAWeekSql = (a: string, b: string) =>
  `(${a}.calendar = ${b}.calendar and ${a}.starts_at > ${b}.starts_at - interval '168 hours' and ${a}.starts_at < ${b}.starts_at + interval '168 hours')`;

/** The columns of an entry `e` and the date it asked for (`d`) that asEntry reads. */
export const lineColumns = (d: string) => `e.id, e.date_id, e.user_id, e.party_size, e.nearby, e.price_id,
  extract(epoch from e.joined_at) * 1000 as since, extract(epoch from ${d}.starts_at) * 1000 as starts_at,
  ${activitySql(d)} as activity`;

export interface LineRow {
  id: string;
  date_id: string;
  user_id: string;
  party_size: number;
  nearby: boolean;
  price_id: string;
  /** Epoch ms; the database gives them as numbers or numeric text. */
  since: number | string;
  starts_at: number | string;
  activity: string;
}

export const asEntry = (row: LineRow): WaitEntry => ({
  id: row.id,
  dateId: row.date_id,
  startsAt: Number(row.starts_at),
  activity: row.activity,
  partySize: row.party_size,
  since: Number(row.since),
  nearby: row.nearby,
});
