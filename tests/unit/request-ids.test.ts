import { describe, expect, it } from 'vitest';
import { requestIds } from '../../src/lib/request-ids.ts';

/** Ids made in order: id-1, id-2, ... */
function counting() {
  let made = 0;
  return requestIds(() => `id-${(made += 1)}`);
}

const asked = { email: 'ana@example.com', dateId: 'class-1', partySize: 2, priceId: 'price_a', paidBy: 'cash' };

describe('one request id per booking asked for', () => {
  it('gives the same id when the same booking is asked for again, so a retry books once', () => {
    const ids = counting();
    expect(ids.idFor(asked)).toBe('id-1');
    expect(ids.idFor({ ...asked })).toBe('id-1');
  });

  it('gives a new id when anything asked for changes, as after going back from the card form to another customer', () => {
    const ids = counting();
    expect(ids.idFor(asked)).toBe('id-1');
    expect(ids.idFor({ ...asked, email: 'sam@example.com' })).toBe('id-2');
    expect(ids.idFor({ ...asked, email: 'sam@example.com', paidBy: 'card' })).toBe('id-3');
    // Back to the first booking's terms: a request of its own, not the first one's.
    expect(ids.idFor(asked)).toBe('id-4');
  });

  it('gives a new id for the next booking once one is made, even for the same terms', () => {
    const ids = counting();
    expect(ids.idFor(asked)).toBe('id-1');
    ids.forget();
    expect(ids.idFor(asked)).toBe('id-2');
  });
});
