/**
 * The safety survey answered on a guide's phone at the trailhead, by someone who never answered it
 * online, is an event of its own: its answers are kept with it, and become the person's survey unless
 * they answered it themselves by the time it reached us.
 */
export const sql = `
alter table trip_events drop constraint trip_events_kind_check;
alter table trip_events add constraint trip_events_kind_check check (kind in ('here', 'no-show', 'gear', 'signed', 'undo', 'survey'));
alter table trip_events add column survey jsonb;
`;
