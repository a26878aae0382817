/**
 * A date's meeting point: one of the company's trailheads and the time to meet there on the day, set
 * by an operator (both or neither); until then the date's kind names its meeting area.
 */
export const sql = `
alter table calendar_dates add column meeting_trailhead text, add column meets_at timestamptz;
alter table calendar_dates add constraint calendar_dates_meeting_point check ((meeting_trailhead is null) = (meets_at is null));
`;
