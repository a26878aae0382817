import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../api/db/client.ts';
import { payFor, recordPaymentEvent } from '../../api/payments/purposes.ts';
import type { PaymentEvent } from '../../api/payments/provider.ts';

/** A database that has seen the events in `seen` already. */
function databaseWith(seen: Set<string>): Db {
  const tx = {
    query: async (_sql: string, values: unknown[]) => {
      const id = String(values[0]);
      if (seen.has(id)) return [];
      seen.add(id);
      return [{ id }];
    },
  } as unknown as Queryable;
  return { transaction: async <T>(work: (tx: Queryable) => Promise<T>) => work(tx) } as unknown as Db;
}

const succeeded = (intentId: string, eventId = `evt_${intentId}`): PaymentEvent => ({
  eventId,
  type: 'succeeded',
  intentId,
  amount: 100,
  currency: 'usd',
  bookingId: null,
});
const settings = { cutoffHours: 12 };

describe('settling a payment by what it pays for', () => {
  it('refuses to record an outcome in a process where no purpose of payment is registered', async () => {
    await expect(recordPaymentEvent(databaseWith(new Set()), succeeded('pi_1'), settings)).rejects.toThrow(/No purpose of payment/);
  });

  it('hands the event to the purpose whose intent it is, once however often it is delivered, and calls an intent nobody has unknown', async () => {
    const asked: string[] = [];
    payFor({
      name: 'seats',
      settle: async (_tx, event) => {
        asked.push(`seats:${event.intentId}`);
        return event.intentId === 'pi_seat' ? { result: 'paid', bookingId: 'bk_1', dateId: 'd1', actions: [] } : null;
      },
      payable: async () => null,
    });
    payFor({
      name: 'gift cards',
      settle: async (_tx, event) => {
        asked.push(`gift:${event.intentId}`);
        return event.intentId === 'pi_gift' ? { result: 'paid', bookingId: 'gc_1', dateId: '', actions: [] } : null;
      },
      payable: async () => null,
    });
    const db = databaseWith(new Set());

    expect(await recordPaymentEvent(db, succeeded('pi_seat'), settings)).toMatchObject({ result: 'paid', bookingId: 'bk_1' });
    expect(await recordPaymentEvent(db, succeeded('pi_gift'), settings)).toMatchObject({ result: 'paid', bookingId: 'gc_1' });
    expect(await recordPaymentEvent(db, succeeded('pi_gift'), settings)).toEqual({ result: 'duplicate', actions: [] });
    expect(await recordPaymentEvent(db, succeeded('pi_stranger'), settings)).toEqual({ result: 'unknown', actions: [] });
    expect(asked).toEqual(['seats:pi_seat', 'seats:pi_gift', 'gift:pi_gift', 'seats:pi_stranger', 'gift:pi_stranger']);
  });
});
