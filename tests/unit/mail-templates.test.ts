import { describe, expect, it } from 'vitest';
import type {
  BookingCancelledFacts,
  BookingConfirmedFacts,
  BookingMovedFacts,
  DateCalledOffFacts,
  FriendJoinedFacts,
  MeetingPointChangedFacts,
  MemberState,
  PartyJoinedFacts,
  ReadinessReminderFacts,
  RenderedMail,
  SiteLinks,
  Trip,
  TripBriefingFacts,
} from '../../api/mail/message-types.ts';
import {
  renderBookingCancelled,
  renderBookingConfirmed,
  renderBookingMoved,
  renderDateCalledOff,
  renderFriendJoined,
  renderPartyJoined,
  renderReadinessReminder,
  renderTripBriefing,
  renderMeetingPointChanged,
} from '../../api/mail/templates/index.ts';
import { site } from '../../shared/company/site.ts';
import { mailThread } from '../../api/mail/mail-thread.ts';
import { smtpCatcher } from '../support/smtp-catcher.ts';
import { DECEMBER_START, MARCH_BEFORE_CHANGE, MARCH_START } from './support/trip-starts.ts';

const trip: Trip = {
  title: 'Ski & Splitboard Touring Day',
  reference: 'JDAT-QD5R',
  calendar: 'winter-day-tours',
  startsAt: DECEMBER_START,
  meetingArea: 'Soapstone, Pine Valley or Wolf Creek Pass Trailhead, Kamas, Utah (confirmed two days before)',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=Kamas%2C%20UT',
  partySize: 3,
};

const links: SiteLinks = {
  home: 'http://127.0.0.1:4322/',
  myBookings: 'https://www.kamasbackcountry.com/booking/my-bookings',
  survey: 'https://www.kamasbackcountry.com/profile#survey',
  waiver: 'https://www.kamasbackcountry.com/waiver',
  cancellationPolicy: 'https://www.kamasbackcountry.com/cancellation-policy',
};

const inviteLink = 'https://www.kamasbackcountry.com/booking/join?invite=7f3a9c';
const passLink = 'https://www.kamasbackcountry.com/pass?date=tour-0105';

const avery: MemberState = { name: 'Avery Lund', survey: 'done', waiver: 'missing', you: true };
const sam: MemberState = { name: 'Sam Ortiz', survey: 'missing', waiver: 'missing', you: false };
const jo: MemberState = { name: 'Jo Park', survey: 'done', waiver: 'signed', you: false };
const ready = (member: MemberState): MemberState => ({ ...member, survey: 'done', waiver: 'signed' });

const confirmed: BookingConfirmedFacts = {
  recipientName: 'Avery Lund',
  trip,
  calendarFile: { bookingId: 'bk_jDaTQd5ro3D-qL0H', siteUrl: 'https://www.kamasbackcountry.com' },
  amountPaid: 67500,
  currency: 'usd',
  promoCode: 'EARLY10',
  paidBy: 'card',
  inviteLink,
  passLink,
  openSpots: 1,
  members: [avery, sam],
  links,
};

const joined: PartyJoinedFacts = {
  recipientName: 'Sam Ortiz',
  trip,
  payerName: 'Avery Lund',
  owed: { survey: true, waiver: true },
  links,
};

const friendJoined: FriendJoinedFacts = {
  recipientName: 'Avery Lund',
  trip,
  friendName: 'Jo Park',
  members: [avery, sam, jo],
  openSpots: 0,
  links,
};

const reminder: ReadinessReminderFacts = {
  recipientName: 'Sam Ortiz',
  trip,
  daysBefore: 7,
  owed: { survey: true, waiver: false },
  party: null,
  links,
};

const guidesPhone = { display: '(435) 555-0199', href: 'tel:+14355550199' };

const briefing: TripBriefingFacts = {
  recipientName: 'Sam Ortiz',
  trip: { ...trip, startsAt: MARCH_START },
  gear: ['Avalanche beacon, shovel and probe', 'Skins and ski crampons', 'Lunch and two liters of water'],
  forecasts: [
    { title: 'Utah Avalanche Center forecast, Uintas', href: 'https://utahavalanchecenter.org/forecast/uintas' },
    { title: 'National Weather Service forecast', href: 'https://forecast.weather.gov/MapClick.php?lat=40.643&lon=-111.281' },
  ],
  passLink,
  phone: guidesPhone,
  links,
};

const cancelled: BookingCancelledFacts = {
  recipientName: 'Avery Lund',
  trip,
  cancelledBy: 'Kamas Backcountry Guides',
  reason: 'High avalanche danger across the Uintas',
  refundAmount: 33750,
  currency: 'usd',
  paidBy: 'card',
  links,
};

const calledOff: DateCalledOffFacts = {
  recipientName: 'Avery Lund',
  trip,
  reason: 'High avalanche danger across the Uintas',
  amountPaid: 75000,
  currency: 'usd',
  credit: { amount: 82500, bonus: 7500, percent: 10 },
  paidBy: 'card',
  choiceLink: 'https://www.kamasbackcountry.com/booking/called-off?booking=bk_123',
  chooseBy: new Date('2026-12-05T15:00:00Z'),
  links,
};

const moved: BookingMovedFacts = { recipientName: 'Sam Ortiz', trip: { ...trip, startsAt: MARCH_START }, movedFrom: DECEMBER_START, links };

/** The HTML with its character references undone, so facts read as they are written. */
function htmlText(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Asserts each fact appears in both the plain text and the HTML. */
function expectBoth(mail: RenderedMail, ...facts: string[]) {
  const html = htmlText(mail.html);
  for (const fact of facts) {
    expect(mail.text).toContain(fact);
    expect(html).toContain(fact);
  }
}

/** Asserts no fact appears in the plain text or the HTML (case-insensitive). */
function expectNeither(mail: RenderedMail, ...facts: string[]) {
  const html = htmlText(mail.html).toLowerCase();
  const text = mail.text.toLowerCase();
  for (const fact of facts) {
    expect(text).not.toContain(fact.toLowerCase());
    expect(html).not.toContain(fact.toLowerCase());
  }
}

const meetingPointChanged: MeetingPointChangedFacts = {
  recipientName: 'Sam Ortiz',
  trip: {
    ...trip,
    meetingArea: 'Wolf Creek Pass Trailhead, 7:15 AM',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=40.4869%2C-111.0319',
  },
  passLink,
  links,
};

const allMessages: [string, () => Promise<RenderedMail>][] = [
  ['booking confirmed', () => renderBookingConfirmed(confirmed)],
  [
    'booking confirmed, full party without a promo code',
    () => renderBookingConfirmed({ ...confirmed, promoCode: null, inviteLink: null, openSpots: 0 }),
  ],
  ['party joined', () => renderPartyJoined(joined)],
  ['friend joined', () => renderFriendJoined(friendJoined)],
  ['readiness reminder, member', () => renderReadinessReminder(reminder)],
  ['readiness reminder, payer', () => renderReadinessReminder({ ...reminder, recipientName: 'Avery Lund', party: [avery, sam] })],
  ['trip briefing', () => renderTripBriefing(briefing)],
  ['booking cancelled with a refund', () => renderBookingCancelled(cancelled)],
  ['booking cancelled without a refund', () => renderBookingCancelled({ ...cancelled, refundAmount: 0, reason: null })],
  ['booking kept as credit', () => renderBookingCancelled({ ...cancelled, refundAmount: 0, creditAmount: 38_500 })],
  ['date called off', () => renderDateCalledOff(calledOff)],
  ['booking moved', () => renderBookingMoved(moved)],
  ['meeting point changed', () => renderMeetingPointChanged(meetingPointChanged)],
];

describe('every message', () => {
  it.each(allMessages)('%s: a whole HTML document and its plain text, with no missing values', async (_name, renderMessage) => {
    const mail = await renderMessage();
    expect(mail.subject).not.toMatch(/undefined|null|NaN/);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/);
    expect(mail.text).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/);
    expectBoth(mail, site.name, site.phone.display, site.email, links.myBookings);
  });

  it.each(allMessages)('%s: no e-mail address or phone but the company’s and the guides’', async (_name, renderMessage) => {
    const mail = await renderMessage();
    const both = `${mail.text}\n${htmlText(mail.html)}`;
    const emails = new Set(both.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g));
    expect([...emails]).toEqual([site.email]);
    const phones = new Set(both.match(/\(\d{3}\) \d{3}-\d{4}|\+1\d{10}|\b\d{3}[-.]\d{3}[-.]\d{4}\b/g));
    const allowed: string[] = [site.phone.display, site.phone.href.slice(4), guidesPhone.display, guidesPhone.href.slice(4)];
    for (const phone of phones) expect(allowed).toContain(phone);
  });

  it.each(allMessages)('%s: names the booking by its reference, as My Bookings and the console do', async (_name, renderMessage) => {
    const mail = await renderMessage();
    expectBoth(mail, 'JDAT-QD5R');
    expect(mail.text).toMatch(/Booking: JDAT-QD5R/i);
  });

  it.each(allMessages)('%s: its header links to the home page of the site that sent it', async (_name, renderMessage) => {
    const mail = await renderMessage();
    expect(mail.html).toContain(`href="${links.home}"`);
    expect(mail.html).not.toContain(`href="${site.url}"`);
  });
});

describe('booking confirmed', () => {
  it('names the day in Denver time, where to meet, the party, the amount and the promo code', async () => {
    const mail = await renderBookingConfirmed(confirmed);
    expect(mail.subject).toBe('Booked: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM');
    expectBoth(mail, 'Ski & Splitboard Touring Day', 'Sat, Dec 5, 8:00 AM', trip.meetingArea, trip.mapUrl, '3 people', '$675', 'EARLY10');
    expectBoth(mail, 'At the trailhead your guide scans your pass.', 'Your trailhead pass', passLink);
  });

  it('tells a ready payer whose party has open spots that the invite link is what is left, not that nothing is', async () => {
    const mail = await renderBookingConfirmed({ ...confirmed, members: [ready(avery)], openSpots: 2 });
    expectBoth(mail, 'Your own survey and waiver are done. What is left: send the invite link to fill the 2 open spots.');
    expectNeither(mail, 'nothing left to do');
  });

  it('gives the invite link while spots are open', async () => {
    const mail = await renderBookingConfirmed(confirmed);
    expectBoth(mail, '1 open spot: send your friends this link', inviteLink);
    const two = await renderBookingConfirmed({ ...confirmed, openSpots: 2 });
    expectBoth(two, '2 open spots: send your friends this link');
  });

  it('leaves out the invite and the promo code when the party is full and none was used', async () => {
    const mail = await renderBookingConfirmed({ ...confirmed, promoCode: null, inviteLink: null, openSpots: 0 });
    expectNeither(mail, 'open spot', inviteLink, 'promo code');
  });

  it('lists what each member still owes, with direct links to what the payer owes', async () => {
    const mail = await renderBookingConfirmed(confirmed);
    expectBoth(mail, 'Avery Lund (you): waiver still to do', 'Sam Ortiz: survey and waiver still to do', links.waiver);
    expectNeither(mail, links.survey);
  });

  it('mentions neither survey nor waiver when the whole party is ready', async () => {
    const mail = await renderBookingConfirmed({ ...confirmed, members: [ready(avery), ready(sam)], inviteLink: null, openSpots: 0 });
    expectBoth(mail, 'Avery Lund (you): ready', 'Sam Ortiz: ready', 'nothing left to do');
    expectNeither(mail, 'survey', 'waiver', links.survey, links.waiver);
  });

  it('states the cancellation terms in brief with the policy link', async () => {
    const mail = await renderBookingConfirmed(confirmed);
    expectBoth(
      mail,
      '30 days or more',
      'less a $50 fee',
      'another date for $50',
      '14 to 29 days',
      '50% refund',
      '13 days or fewer: no refund',
      links.cancellationPolicy,
    );
  });

  it('says a change of date needs 30 days or more: from 14 to 29 days, and closer still, none', async () => {
    const mail = await renderBookingConfirmed(confirmed);
    expectBoth(
      mail,
      '30 days or more before the day: a refund less a $50 fee, or a move to another date for $50.',
      '14 to 29 days before: a 50% refund, less a $50 fee; no change of date.',
      '13 days or fewer: no refund and no change of date.',
    );
  });

  it('writes cents when the amount has them', async () => {
    const mail = await renderBookingConfirmed({ ...confirmed, amountPaid: 12550 });
    expectBoth(mail, '$125.50');
  });

  it('tells a customer the office made an account for how to choose a password, and nobody else', async () => {
    const made = await renderBookingConfirmed({ ...confirmed, setupLink: 'https://auth.example.com/reset?oobCode=abc' });
    expectBoth(
      made,
      'Your account',
      'We made you an account with this address',
      'Choose a password',
      'https://auth.example.com/reset?oobCode=abc',
    );
    expect((await renderBookingConfirmed(confirmed)).text).not.toContain('Choose a password');
  });

  it('tells a customer whose address an account never confirmed why the booking is not in it yet, and how to see it', async () => {
    const link = 'https://auth.example.com/reset?oobCode=abc';
    const waiting = await renderBookingConfirmed({ ...confirmed, setupLink: link, addressUnconfirmed: true });
    expectBoth(
      waiting,
      'See your booking online',
      'An account on our site already uses this address, but it has never been confirmed as yours.',
      'it shows in that account only after you choose a new password with this button and sign in with it',
      'Choose a password',
      link,
      'they can no longer sign in to it once you choose the password',
    );
    expect(waiting.text).not.toContain('We made you an account');
  });

  it('says how the office took the payment, and that a complimentary place costs nothing', async () => {
    expectBoth(await renderBookingConfirmed({ ...confirmed, promoCode: null, paidBy: 'cash' }), '$675 in cash');
    expectBoth(await renderBookingConfirmed({ ...confirmed, promoCode: null, paidBy: 'check' }), '$675 by check');
    const free = await renderBookingConfirmed({ ...confirmed, promoCode: null, paidBy: 'complimentary', amountPaid: 0 });
    expectBoth(free, 'Complimentary: ', 'no charge');
    expect(free.text).toContain('Complimentary: no charge');
    expect(free.text).not.toContain('Paid:');
  });
});

describe('party joined', () => {
  it('tells the member whose party they joined and links what they owe', async () => {
    const mail = await renderPartyJoined(joined);
    expect(mail.subject).toBe("You joined Avery Lund's party: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM");
    expectBoth(mail, "you joined Avery Lund's party", 'Sat, Dec 5, 8:00 AM', trip.meetingArea, trip.mapUrl, links.survey, links.waiver);
  });

  it('links only the waiver when the survey is done', async () => {
    const mail = await renderPartyJoined({ ...joined, owed: { survey: false, waiver: true } });
    expectBoth(mail, 'Sign the safety waiver', links.waiver);
    expectNeither(mail, 'survey');
  });

  it('says nothing is left for a ready member', async () => {
    const mail = await renderPartyJoined({ ...joined, owed: { survey: false, waiver: false } });
    expectBoth(mail, 'nothing left to do');
    expectNeither(mail, 'survey', 'waiver');
  });
});

describe('friend joined', () => {
  it('tells the payer who joined, the party’s states and that it is full', async () => {
    const mail = await renderFriendJoined(friendJoined);
    expect(mail.subject).toBe('Jo Park joined your party: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM');
    expectBoth(
      mail,
      'Jo Park joined your party',
      'Avery Lund (you): waiver still to do',
      'Sam Ortiz: survey and waiver still to do',
      'Jo Park: ready',
    );
    expectBoth(mail, 'Your party is full.');
    expectNeither(mail, 'open spot');
  });

  it('counts the spots still open', async () => {
    const mail = await renderFriendJoined({ ...friendJoined, members: [avery, jo], openSpots: 1 });
    expectBoth(mail, '1 open spot left');
  });
});

describe('readiness reminder', () => {
  it('a week before, links what the member still owes and nothing else', async () => {
    const mail = await renderReadinessReminder(reminder);
    expect(mail.subject).toBe('In a week: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM (survey still to do)');
    expectBoth(mail, 'Fill in the pre-trip survey', links.survey, 'Sat, Dec 5, 8:00 AM');
    expectNeither(mail, 'waiver', 'Your party');
  });

  it('two days before, a ready member is told nothing is left and neither step is mentioned', async () => {
    const mail = await renderReadinessReminder({ ...reminder, daysBefore: 2, owed: { survey: false, waiver: false } });
    expect(mail.subject).toBe('In 2 days: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM');
    expectBoth(mail, 'nothing left to do');
    expectNeither(mail, 'survey', 'waiver', links.survey, links.waiver);
  });

  it('gives the payer each member’s state', async () => {
    const mail = await renderReadinessReminder({
      ...reminder,
      recipientName: 'Avery Lund',
      daysBefore: 2,
      owed: { survey: false, waiver: true },
      party: [avery, sam, jo],
    });
    expect(mail.subject).toBe('In 2 days: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM (waiver still to do)');
    expectBoth(
      mail,
      'Your party',
      'Avery Lund (you): waiver still to do',
      'Sam Ortiz: survey and waiver still to do',
      'Jo Park: ready',
      links.waiver,
    );
    expectNeither(mail, links.survey);
  });
});

describe('trip briefing', () => {
  it('gives the start in Denver daylight time after the March change, the meeting point, the gear, the forecasts and the guides’ phone', async () => {
    const mail = await renderTripBriefing(briefing);
    expect(mail.subject).toBe('Tomorrow: Ski & Splitboard Touring Day, Sat, Mar 20, 8:00 AM');
    expectBoth(mail, 'Sat, Mar 20, 8:00 AM', trip.meetingArea, trip.mapUrl, guidesPhone.display, ...briefing.gear);
    expect(mail.html).toContain(`href="${guidesPhone.href}"`);
    for (const forecast of briefing.forecasts) expectBoth(mail, forecast.title, forecast.href);
    expectBoth(mail, 'Your trailhead pass', passLink);
  });

  it('keeps the same wall-clock start on both sides of the change', async () => {
    const before = await renderTripBriefing({ ...briefing, trip: { ...trip, startsAt: MARCH_BEFORE_CHANGE } });
    expect(before.subject).toBe('Tomorrow: Ski & Splitboard Touring Day, Sat, Mar 13, 8:00 AM');
    const sameInstantAfter = await renderTripBriefing({ ...briefing, trip: { ...trip, startsAt: new Date('2027-03-20T15:00:00Z') } });
    expect(sameInstantAfter.subject).toBe('Tomorrow: Ski & Splitboard Touring Day, Sat, Mar 20, 9:00 AM');
  });

  it('says "today" to a customer who booked on the day of the trip itself', async () => {
    const mail = await renderTripBriefing({ ...briefing, day: 'today' });
    expect(mail.subject).toBe('Today: Ski & Splitboard Touring Day, Sat, Mar 20, 8:00 AM');
    expectBoth(mail, 'See you today', 'Ski & Splitboard Touring Day today, Sat, Mar 20', ...briefing.gear);
    expect(mail.text).not.toMatch(/tomorrow|tonight/i);
  });
});

describe('booking cancelled', () => {
  it('says what was cancelled, by whom and why, and the refund with when to expect it', async () => {
    const mail = await renderBookingCancelled(cancelled);
    const said = [
      'Ski & Splitboard Touring Day on Sat, Dec 5, 8:00 AM was cancelled by Kamas Backcountry Guides',
      'High avalanche danger across the Uintas',
      '$337.50',
      'within 5 to 10 business days',
    ];
    expectBoth(mail, ...said);
    expect(mail.subject).toBe('Cancelled: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM');
  });

  it('tells a payer who cancelled that they did, and offers no map of a day that is off', async () => {
    const mail = await renderBookingCancelled({ ...cancelled, cancelledBy: 'you' });
    expectBoth(mail, 'Hi Avery Lund, you cancelled Ski & Splitboard Touring Day on Sat, Dec 5, 8:00 AM.');
    expectNeither(mail, 'cancelled by', trip.mapUrl, 'Open the map');
  });

  it('says nothing is refunded when nothing is, without an amount or a reason it was not given', async () => {
    const mail = await renderBookingCancelled({ ...cancelled, cancelledBy: 'you', refundAmount: 0, reason: null });
    expectBoth(mail, 'you cancelled', 'Nothing is refunded', links.cancellationPolicy);
    expectNeither(mail, '$0', 'Refund:', 'Reason:', 'business days');
  });

  it('says the office gives back a booking paid in cash or by check, and no card is named', async () => {
    const cash = await renderBookingCancelled({ ...cancelled, paidBy: 'cash' });
    expectBoth(cash, '$337.50', 'in cash from our office, and we will contact you to arrange it.');
    expectNeither(cash, 'to the card', 'business days');
    const check = await renderBookingCancelled({ ...cancelled, paidBy: 'check' });
    expectBoth(check, 'by check from our office, and we will contact you to arrange it.');
  });

  it('says a fee paid earlier to change the date is in the refund', async () => {
    const mail = await renderBookingCancelled({ ...cancelled, refundAmount: 38750, feesRefunded: 5000 });
    expectBoth(mail, '$387.50', '(the $50 you paid to change the date included) to the card you paid with');
  });

  it('tells the payer who kept it as credit the gift card it became, and no refund', async () => {
    const mail = await renderBookingCancelled({ ...cancelled, refundAmount: 0, creditAmount: 38_500 });
    expectBoth(mail, 'Kept as credit: a gift card for $385', 'listed in My Bookings, never expires');
    expectNeither(mail, 'Nothing is refunded', 'Refund:', 'business days');
  });

  it('tells a member who did not pay who the refund goes to, never its amount', async () => {
    const mail = await renderBookingCancelled({ ...cancelled, recipientName: 'Sam Ortiz', refundAmount: 0, payerName: 'Avery Lund' });
    expectBoth(mail, 'Hi Sam Ortiz', 'Avery Lund paid for this booking, so any refund goes to them.');
    expectNeither(mail, '$337', 'Refund:', 'Nothing is refunded', 'business days');
  });
});

describe('date called off', () => {
  it('says why, offers the full refund or a new date at no charge with the link to choose, and the deadline in Kamas time', async () => {
    const mail = await renderDateCalledOff(calledOff);
    expectBoth(
      mail,
      'we called off Ski & Splitboard Touring Day on Sat, Dec 5, 8:00 AM',
      'High avalanche danger across the Uintas',
      'A full refund of $750 to the card you paid with.',
      'at no charge',
      calledOff.choiceLink,
      'If you have not chosen by Sat, Dec 5, 8:00 AM (Kamas time), we refund you in full.',
    );
    expect(mail.subject).toBe('Called off: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM');
  });

  it('counts a fee paid earlier to change the date in the full refund, and says so', async () => {
    const mail = await renderDateCalledOff({ ...calledOff, amountPaid: 80000, feesPaid: 5000 });
    expectBoth(mail, 'A full refund of $800 (the $50 you paid to change the date included) to the card you paid with.');
  });

  it('offers the credit by its amount and its bonus, named as a promotional amount', async () => {
    const mail = await renderDateCalledOff(calledOff);
    expectBoth(
      mail,
      'Keep it as credit: a gift card for $825, 10% more than you paid: $75 of it is a promotional bonus. It never expires, and pays for any of our trips.',
    );
  });

  it('offers a booking paid in cash its refund in cash from the office', async () => {
    const mail = await renderDateCalledOff({ ...calledOff, paidBy: 'cash' });
    expectBoth(mail, 'A full refund of $750 in cash from our office.');
    expectNeither(mail, 'card you paid with');
  });
});

describe('booking moved', () => {
  it('gives the old and the new day in Kamas time, across the change to daylight time', async () => {
    const mail = await renderBookingMoved(moved);
    expectBoth(mail, 'moved from Sat, Dec 5, 8:00 AM to Sat, Mar 20, 8:00 AM', 'invite link and QR code stay the same');
    expect(mail.subject).toBe('New date: Ski & Splitboard Touring Day, Sat, Mar 20, 8:00 AM');
    expectNeither(mail, 'Change fee');
  });

  it('tells the payer the change fee the office took, and how', async () => {
    const mail = await renderBookingMoved({ ...moved, fee: { amount: 5000, currency: 'usd', paidBy: 'cash' } });
    expectBoth(mail, '$50 paid in cash');
    expect(mail.text).toMatch(/Change fee: \$50 paid in cash/i);
  });
});

describe('meeting point changed', () => {
  it('says where and when the party now meets, with its map and the pass', async () => {
    const mail = await renderMeetingPointChanged(meetingPointChanged);
    expect(mail.subject).toBe('New meeting point: Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM');
    expectBoth(
      mail,
      'for Ski & Splitboard Touring Day on Sat, Dec 5 we now meet at Wolf Creek Pass Trailhead, 7:15 AM.',
      meetingPointChanged.trip.mapUrl,
      passLink,
    );
  });
});

describe('rendered on a thread of their own, as a running API renders them', () => {
  it('are the same messages as rendered here, several at once', async () => {
    const thread = mailThread().templates;
    const [onThread, again] = await Promise.all([thread.renderBookingCancelled(cancelled), thread.renderDateCalledOff(calledOff)]);
    expect(onThread).toEqual(await renderBookingCancelled(cancelled));
    expect(again).toEqual(await renderDateCalledOff(calledOff));
  });

  it('fail a message whose facts cannot be rendered, and render the next', async () => {
    const thread = mailThread().templates;
    await expect(thread.renderBookingCancelled({ ...cancelled, trip: null } as unknown as BookingCancelledFacts)).rejects.toThrow();
    expect(await thread.renderBookingCancelled(cancelled)).toEqual(await renderBookingCancelled(cancelled));
  });

  it('are sent from the thread with their calendar file, and a mail server’s refusal reaches the sender in its words', async () => {
    const server = await smtpCatcher();
    const thread = mailThread({ url: server.url, from: 'Kamas Backcountry Guides <bookings@kamas.test>', replyTo: 'hello@kamas.test' });
    try {
      const mail = await thread.templates.renderBookingConfirmed(confirmed);
      await thread.transport.send({ ...mail, to: 'avery@example.com', messageId: '<bk1@kamas.test>' });
      const [received] = server.messages;
      expect(received?.subject).toBe(mail.subject);
      expect(received?.text?.trim()).toBe(mail.text.trim());
      expect(received?.attachments.map((attachment) => attachment.filename)).toEqual(['kamas-booking-JDAT-QD5R.ics']);

      server.refuse = 'Mailbox full';
      await expect(thread.transport.send({ ...mail, to: 'avery@example.com', messageId: '<bk2@kamas.test>' })).rejects.toThrow(
        /Mailbox full/,
      );
      expect(server.messages).toHaveLength(1);
    } finally {
      thread.transport.close();
      await server.close();
    }
  });
});
