/**
 * What a payment pays for: each purpose settles the outcomes of its own intents, a new purpose is
 * registered beside the others without touching their settlement, and an intent that no purpose has
 * is answered as unknown, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { payFor, recordPaymentEvent } from '../../api/payments/purposes.ts';
import { freeDate, harness, type Harness } from './harness.ts';
import { paidBooking } from './paid-booking.ts';

let h: Harness;
const told: string[] = [];

beforeAll(async () => {
  h = await harness();
  // A purpose of its own, as a gift card's will be: it knows its intents by their ids.
  payFor({
    name: 'a stand-in',
    settle: async (tx, event) => {
      if (!event.intentId.startsWith('pi_stand_in_')) return null;
      await tx.query('select 1');
      told.push(`${event.type} ${event.intentId}`);
      return { result: 'unchanged', bookingId: 'none', dateId: 'none', actions: [] };
    },
    payable: async () => null,
  });
});

const SETTINGS = { cutoffHours: 0 };
const failed = (eventId: string, intentId: string) => ({ eventId, type: 'failed' as const, intentId });

describe('a payment', () => {
  it('goes to the purpose whose intent it is, once however often it is delivered', async () => {
    expect(await recordPaymentEvent(h.db, failed('evt_stand_in_1', 'pi_stand_in_1'), SETTINGS)).toMatchObject({ result: 'unchanged' });
    expect(await recordPaymentEvent(h.db, failed('evt_stand_in_1', 'pi_stand_in_1'), SETTINGS)).toMatchObject({ result: 'duplicate' });
    expect(told).toEqual(['failed pi_stand_in_1']);
  });

  it("of a booking is still the booking's purpose's, with another purpose registered beside it", async () => {
    const date = await freeDate(h, 'winter-classes', (entry) => Boolean(entry.stripeId));
    const { bookingId } = await paidBooking(h, { date, calendar: 'winter-classes', priceId: date.stripeId ?? '', partySize: 1 });
    const [row] = await h.db.query<{ payment_intent_id: string }>('select payment_intent_id from bookings where id = $1', [bookingId]);
    const outcome = await recordPaymentEvent(h.db, failed('evt_booking_failed', row?.payment_intent_id ?? ''), SETTINGS);
    expect(outcome).toMatchObject({ result: 'unchanged', bookingId });
    expect(told).toEqual(['failed pi_stand_in_1']);
  });

  it('that no purpose knows is unknown', async () => {
    expect(await recordPaymentEvent(h.db, failed('evt_nobody', 'pi_nobody_knows'), SETTINGS)).toEqual({ result: 'unknown', actions: [] });
  });
});
