/**
 * A waiver signed at the trailhead for a seat that was gone when the phone's record reached us (the
 * booking cancelled or moved, the person no longer in the party) does not become their waiver
 * signature: the image and the version of the text it was signed on are kept with the event, for
 * the office to look at.
 */
export const sql = `
alter table trip_events add column held_signature jsonb;
`;
