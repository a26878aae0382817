/** A booking paid by a new customer who is ready to book (profile, survey, waiver), as a test's starting point. */
import { expect } from 'vitest';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { payForDate, readyUser, type Harness, type TestUser } from './harness.ts';

interface Order {
  date: CalendarEntry;
  calendar: string;
  priceId: string;
  partySize: number;
  payerName?: string;
}

export async function paidBooking(h: Harness, order: Order): Promise<{ payer: TestUser; bookingId: string }> {
  const payer = await readyUser(h, order.payerName ?? 'Avery Lund');
  const paid = await payForDate(h, payer, order.date, order.calendar, order.priceId, order.partySize);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [row] = await h.db.query<{ id: string }>(`select id from bookings where date_id = $1 and user_id = $2 and status = 'paid'`, [
    order.date.id,
    payer.uid,
  ]);
  if (!row) throw new Error('not booked');
  return { payer, bookingId: row.id };
}
