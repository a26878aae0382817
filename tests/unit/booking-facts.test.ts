import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../api/db/client.ts';
import { announce, listen, type BookingFact } from '../../api/bookings/facts.ts';
import { mergeAfter } from '../../api/commit-effects.ts';
import type { ClaimedAction } from '../../api/payment-outbox/actions.ts';

const tx = { query: async () => [] } as unknown as Queryable;
const joined: BookingFact = { kind: 'memberJoined', bookingId: 'bk_1', memberUid: 'friend', dateId: 'd1' };
const action = (id: string) => ({ id }) as unknown as ClaimedAction;

describe('the booking core announcing what happened', () => {
  it('refuses to announce in a process where no feature listens, instead of booking unheard', async () => {
    await expect(announce(tx, joined)).rejects.toThrow(/No feature listens/);
  });

  it('tells the listeners of that fact alone, in the order their features were wired, and merges what they ask after the commit', async () => {
    const heard: string[] = [];
    listen({
      memberJoined: async (_tx, fact) => {
        heard.push(`mail:${fact.memberUid}`);
        return { mailWritten: true };
      },
      cancelled: async () => {
        heard.push('mail:cancelled');
      },
    });
    listen({
      memberJoined: async (_tx, fact) => {
        heard.push(`waitlist:${fact.dateId}`);
        return { actions: [action('a1')], freedDates: [fact.dateId] };
      },
    });

    const asked = await announce(tx, joined);

    expect(heard).toEqual(['mail:friend', 'waitlist:d1']);
    expect(asked).toEqual({ mailWritten: true, actions: [action('a1')], freedDates: ['d1'] });
  });
});

describe('merging what the parts of one change ask after its commit', () => {
  it('keeps every action and freed date, and any part asking for fresh answers or the mailer', () => {
    expect(
      mergeAfter(
        { seatsChanged: true, actions: [action('a1')] },
        { actions: [], freedDates: ['d1'] },
        { mailWritten: true, actions: [action('a2')], freedDates: ['d2'] },
      ),
    ).toEqual({ seatsChanged: true, mailWritten: true, actions: [action('a1'), action('a2')], freedDates: ['d1', 'd2'] });
    expect(mergeAfter()).toEqual({});
  });
});
