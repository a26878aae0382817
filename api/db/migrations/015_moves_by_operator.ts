/**
 * A move an operator made is marked on the move itself, so the booking's history lists it once,
 * from the record of operator actions. Moves made before are marked by their record: the operator's
 * `move booking` action to the same date, written in the same transaction (within seconds).
 */
export const sql = `
alter table booking_moves add column by_operator boolean not null default false;
update booking_moves m set by_operator = true
 where exists (select 1 from operator_actions a
                where a.action = 'move booking' and a.booking_id = m.booking_id and a.after->>'dateId' = m.to_date
                  and abs(extract(epoch from a.at - m.moved_at)) < 5);
`;
