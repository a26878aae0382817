/**
 * A mark taken back at the trailhead (a wrong tap on Here or No-show) is an event of its own, naming
 * the event it takes back: the record keeps both.
 */
export const sql = `
alter table trip_events drop constraint trip_events_kind_check;
alter table trip_events add constraint trip_events_kind_check check (kind in ('here', 'no-show', 'gear', 'signed', 'undo'));
alter table trip_events add column undoes text;
`;
