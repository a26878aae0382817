import { describe, expect, it } from 'vitest';
import { changeWords, datesNamed, subjectWords, type RecordContext } from '../../api/record/record-words.ts';

const STARTS: Record<string, string> = {
  'class-moto-2027-01-09': '2027-01-09T14:00:00Z',
  'class-moto-2027-01-16': '2027-01-16T14:00:00Z',
};
const context: RecordContext = { startOf: (id) => (STARTS[id] ? new Date(STARTS[id]) : null) };
const words = (action: string, before: unknown, after: unknown, subject = 'booking bk_jDaTQd5ro3D-qL0H') =>
  changeWords({ action, subject, before, after }, context);

describe('the record of operator actions in words', () => {
  it('names what an action was done to as people do, never by an id', () => {
    expect(subjectWords({ subject: 'booking bk_jDaTQd5ro3D-qL0H' }, context)).toBe('booking JDAT-QD5R');
    expect(subjectWords({ subject: 'date class-moto-2027-01-09' }, context)).toBe('Sat, Jan 9, 7:00 AM');
    expect(subjectWords({ subject: 'day 2027-01-09' }, context)).toBe('Sat, Jan 9');
    expect(subjectWords({ subject: 'account kim@example.com (uid abc123)' }, context)).toBe('kim@example.com');
    expect(subjectWords({ subject: 'promo code EARLY10' }, context)).toBe('promo code EARLY10');
  });

  it('says a move from one date to another, and how its fee was taken', () => {
    expect(
      words('move booking', { dateId: 'class-moto-2027-01-09' }, { dateId: 'class-moto-2027-01-16', fee: 5000, feePaid: 'cash' }),
    ).toBe('Moved from Sat, Jan 9, 7:00 AM to Sat, Jan 16, 7:00 AM, the $50 change fee taken in cash');
    expect(
      words(
        'move booking',
        { dateId: 'class-moto-2027-01-09', calledOff: true },
        { dateId: 'class-moto-2027-01-16', fee: 0, feePaid: 'waived' },
      ),
    ).toBe('Moved from Sat, Jan 9, 7:00 AM (a date we called off) to Sat, Jan 16, 7:00 AM, change fee waived');
  });

  it('says seats offered to a waiting party out of order, and the offers taken back for it', () => {
    expect(words('offer waitlist seats', { offersTakenBack: 0 }, { to: 'Bea Big', seats: 3, endsAt: '2027-01-07T18:30:00.000Z' })).toBe(
      'Offered 3 seats to Bea Big out of order, held until Thu, Jan 7, 11:30 AM',
    );
    expect(words('offer waitlist seats', { offersTakenBack: 1 }, { to: 'Bea Big', seats: 1, endsAt: '2027-01-07T18:30:00.000Z' })).toBe(
      'Offered 1 seat to Bea Big out of order, held until Thu, Jan 7, 11:30 AM, taken back from 1 offer nobody had started to pay',
    );
  });

  it('says a booking the office made, with the party and the payment', () => {
    expect(
      words('book for customer', null, {
        customer: 'casey@example.com',
        newAccount: false,
        partySize: 2,
        priceId: 'price_x',
        paidBy: 'cash',
        amount: 79000,
      }),
    ).toBe('Booked by the office for casey@example.com: party of 2, paid $790 in cash');
    expect(
      words('book for customer', null, { customer: 'new@example.com', newAccount: true, partySize: 1, paidBy: 'complimentary', amount: 0 }),
    ).toBe('Booked by the office for new@example.com (a new account): party of 1, complimentary');
  });

  it('writes money as dollars and promo terms as words', () => {
    expect(words('cancel booking', { status: 'paid', amount: 12000 }, { status: 'cancelled', refund: 12050 })).toBe(
      'Cancelled; $120.50 refunded of $120 paid',
    );
    expect(
      words(
        'change promo code',
        { percentOff: 10, amountOff: null, lastDay: '2027-01-09', maxRedemptions: 50, active: true },
        {
          percentOff: null,
          amountOff: 2500,
          lastDay: null,
          maxRedemptions: null,
          active: false,
        },
        'promo code EARLY10',
      ),
    ).toBe('Was 10% off, through Sat, Jan 9, 2027, up to 50 uses, active; now $25 off, no last day, no limit of uses, paused');
  });

  it('writes the staff page’s actions as an operator reads them', () => {
    expect(words('invite staff', null, { role: 'guide' }, 'account casey@example.com (uid u1)')).toBe('Invited as a guide');
    expect(words('withdraw invitation', { role: 'operator' }, null, 'account casey@example.com (uid u1)')).toBe(
      'The invitation as an operator withdrawn',
    );
    expect(words('grant role', { guide: false }, { guide: true }, 'account casey@example.com (uid u1)')).toBe('Given the guide role');
  });

  it('writes an action it does not know field by field, with no braces or quotes', () => {
    const said = words('something new', { capacity: 10, open: true }, { capacity: 12, open: false, dates: ['a', 'b'] });
    expect(said).toBe('Was capacity 10, open yes; now capacity 12, open no, dates 2 items');
    expect(said).not.toMatch(/[{}"]/);
  });

  it('lists the dates a record names, to look them up', () => {
    expect(datesNamed({ action: 'move booking', subject: 'booking bk_x', before: { dateId: 'a' }, after: { dateId: 'b' } }).sort()).toEqual(
      ['a', 'b'],
    );
    expect(datesNamed({ action: 'change capacity', subject: 'date class-moto-2027-01-09', before: null, after: null })).toEqual([
      'class-moto-2027-01-09',
    ]);
  });
});
