/**
 * A storm cycle: a booking moved off a called-off date may see its new date called off too, so a
 * booking is asked once per date called off under it (keyed by booking and date). A choice is made
 * by the payer, the deadline, or an operator who moved the booking; a call-off whose booking ended
 * otherwise (refunded at the provider, cancelled by the office) is closed as `ended`. A move keeps
 * how its fee was paid and, for a fee paid by card, the fee's own payment, so a full refund after a
 * later call-off gives the fee back too.
 */
export const sql = `
alter table called_off_bookings drop constraint called_off_bookings_pkey;
alter table called_off_bookings add primary key (booking_id, date_id);
alter table called_off_bookings drop constraint called_off_bookings_choice_check;
alter table called_off_bookings add constraint called_off_bookings_choice_check check (choice in ('refund', 'move', 'ended'));
alter table called_off_bookings drop constraint called_off_bookings_chosen_by_check;
alter table called_off_bookings add constraint called_off_bookings_chosen_by_check
  check (chosen_by in ('customer', 'deadline', 'operator'));

alter table booking_moves add column fee_paid_by text check (fee_paid_by in ('card', 'cash', 'check'));
alter table booking_moves add column fee_booking text references bookings (id);
update booking_moves m set fee_paid_by = 'card',
       fee_booking = (select f.id from bookings f where f.moves_booking = m.booking_id and f.status = 'applied' and f.date_id = m.to_date
                       order by f.paid_at limit 1)
 where m.fee > 0 and m.reason = 'date changed by the customer';
update booking_moves m set fee_paid_by = coalesce(
         (select a.after->>'feePaid' from operator_actions a
           where a.booking_id = m.booking_id and a.action = 'move booking' and a.after->>'dateId' = m.to_date
             and a.after->>'feePaid' in ('cash', 'check')
           order by a.at desc limit 1),
         'cash')
 where m.fee > 0 and m.fee_paid_by is null;
alter table booking_moves add constraint booking_moves_fee_paid check ((fee = 0) = (fee_paid_by is null));
`;
