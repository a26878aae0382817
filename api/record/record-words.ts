/**
 * The record of operator actions in words, as the console and the booking's history show it: what
 * it was done to ('booking JDAT-QD5R', 'Sat, Jan 9, 7:00 AM') and what changed ('Moved from Sat, Jan
 * 4 to Fri, Jan 10, the $50 change fee taken in cash'; 'Booked by the office: party of 2, paid $790
 * in cash'). Never ids where a name exists, never raw objects, money as dollars. An action this does
 * not know yet is written field by field, still in words.
 */
import { bookingReference } from '../../shared/rules/booking-reference.ts';
import { formatDenverDateTime, formatDenverDay, formatDenverDayWithYear } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { ROLE_WITH_ARTICLE } from '../../shared/contract/ops-requests.ts';

/** What the words need to know beyond the record itself: when each date starts. */
export interface RecordContext {
  startOf: (dateId: string) => Date | null;
}

/** One recorded action as the record keeps it. */
export interface RecordedAction {
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {});
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const money = (cents: unknown) => formatDollars(num(cents) ?? 0);

/** 'Sat, Jan 9, 7:00 AM' for a date the record names, or 'a date no longer on the calendars'. */
function dateWords(dateId: unknown, context: RecordContext): string {
  const id = str(dateId);
  const start = id ? context.startOf(id) : null;
  return start ? formatDenverDateTime(start) : 'a date no longer on the calendars';
}

/** 'Booking JDAT-QD5R', 'Sat, Jan 9, 7:00 AM', 'Sat, Jan 9' (a blackout day), 'casey@example.com' (a role), 'promo code EARLY10'. */
export function subjectWords(recorded: Pick<RecordedAction, 'subject'>, context: RecordContext): string {
  const [kind = '', ...rest] = recorded.subject.split(' ');
  const value = rest.join(' ');
  if (kind === 'booking') return `booking ${bookingReference(value)}`;
  if (kind === 'date') return dateWords(value, context);
  if (kind === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDenverDay(value);
  if (kind === 'account') return value.replace(/\s*\(uid [^)]*\)$/, '');
  if (kind === 'flag') return 'a question flagged for the office';
  return recorded.subject;
}

const PAID_BY: Record<string, string> = { cash: 'in cash', check: 'by check', card: 'by card' };
const FEE_TAKEN: Record<string, string> = { card: 'paid by card', cash: 'taken in cash', check: 'taken by check' };

/** How a change fee came in: 'taken in cash', 'taken by check', 'paid by card' (a fee with no way named was paid by card). */
export const feeTakenWords = (paidBy: string | null): string => FEE_TAKEN[paidBy ?? 'card'] ?? 'paid';

/** 'paid $790 in cash', 'complimentary', 'to pay $790 by card'. */
function paymentWords(fields: Fields): string {
  const paidBy = str(fields['paidBy']);
  if (paidBy === 'complimentary') return 'complimentary';
  if (paidBy === 'card') return `${money(fields['amount'])} to pay by card`;
  return `paid ${money(fields['amount'])} ${PAID_BY[paidBy ?? ''] ?? ''}`.trim();
}

/** A promo code's terms: '25% off, through Sat, Jan 9, 2027, up to 50 uses, active'. */
function promoTerms(fields: Fields): string {
  const percent = num(fields['percentOff']);
  const amount = num(fields['amountOff']);
  const lastDay = str(fields['lastDay']);
  const uses = num(fields['maxRedemptions']);
  return [
    percent !== null ? `${percent}% off` : amount !== null ? `${money(amount)} off` : null,
    lastDay ? `through ${formatDenverDayWithYear(lastDay)}` : 'no last day',
    uses !== null ? `up to ${plural(uses, 'use')}` : 'no limit of uses',
    fields['active'] === false ? 'paused' : 'active',
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** The permit's settings: 'fee 3%, season Tue, Dec 1 to Wed, Mar 31, 2 of 6 places on National Forest land'. */
function permitWords(fields: Fields): string {
  const season = fieldsOf(fields['season']);
  const places = Array.isArray(fields['places']) ? (fields['places'] as unknown[]).map(fieldsOf) : [];
  const [first, last] = [str(season['firstDay']), str(season['lastDay'])];
  const onForest = places.filter((place) => place['onForestLand'] === true).length;
  return [
    `fee ${num(fields['feeRatePercent']) ?? '?'}%`,
    first && last ? `season ${formatDenverDay(first)} to ${formatDenverDay(last)}` : null,
    `${onForest} of ${plural(places.length, 'place')} on National Forest land`,
    ...places
      .filter((place) => place['onForestLand'] === true)
      .map((place) => `${str(place['name']) ?? '?'} as ${str(place['location']) ?? '?'}`),
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** A field's name as words: 'maxRedemptions' reads 'max redemptions'. */
const fieldName = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Any other record, field by field: 'capacity 10, active no'. */
function fieldsWords(value: unknown): string {
  const fields = fieldsOf(value);
  const parts = Object.entries(fields).map(([key, field]) => {
    const shown =
      typeof field === 'boolean'
        ? field
          ? 'yes'
          : 'no'
        : Array.isArray(field)
          ? plural(field.length, 'item')
          : field === null || field === undefined
            ? 'none'
            : typeof field === 'object'
              ? 'changed'
              : String(field);
    return `${fieldName(key)} ${shown}`;
  });
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** What changed, in a sentence. */
export function changeWords(recorded: RecordedAction, context: RecordContext): string {
  const before = fieldsOf(recorded.before);
  const after = fieldsOf(recorded.after);
  switch (recorded.action) {
    case 'move booking': {
      const fee = num(after['fee']) ?? 0;
      const how = str(after['feePaid']);
      const feeWords = fee > 0 && how && how !== 'waived' ? `, the ${money(fee)} change fee ${feeTakenWords(how)}` : ', change fee waived';
      const calledOff = before['calledOff'] === true ? ' (a date we called off)' : '';
      return `Moved from ${dateWords(before['dateId'], context)}${calledOff} to ${dateWords(after['dateId'], context)}${feeWords}`;
    }
    case 'book for customer': {
      const size = num(after['partySize']) ?? 1;
      const customer = str(after['customer']);
      const held = after['status'] === 'held until paid' ? ', seats held until the card is paid' : '';
      return `Booked by the office for ${customer ?? 'a customer'}${after['newAccount'] === true ? ' (a new account)' : ''}: party of ${size}, ${paymentWords(after)}${held}`;
    }
    case 'cancel booking':
      return `Cancelled; ${num(after['refund']) ? `${money(after['refund'])} refunded` : 'nothing refunded'} of ${money(before['amount'])} paid`;
    case 'change capacity':
      return `Capacity changed from ${num(before['capacity']) ?? '?'} to ${num(after['capacity']) ?? '?'}`;
    case 'withdraw date':
      return 'Taken off the calendars';
    case 'call off date': {
      const bookings = num(after['bookings']) ?? 0;
      return `Called off; ${plural(bookings, 'booking')} asked to choose a refund or another date`;
    }
    case 'add date':
    case 'add dates': {
      const dates = Array.isArray(after['dates']) ? after['dates'] : [];
      const first = dates[0];
      const starts = str(after['time']) ? ` at ${str(after['time'])}` : '';
      return `Added ${plural(dates.length, 'date')}${dates.length > 0 ? `, the first ${dateWords(first, context)}` : ''}, capacity ${num(after['capacity']) ?? '?'}${starts ? `, starting${starts} in Kamas` : ''}`;
    }
    case 'mark blackout day': {
      const taken = Array.isArray(after['withdrawn']) ? after['withdrawn'].length : 0;
      return `Marked a blackout day; ${plural(taken, 'date')} taken off the calendars`;
    }
    case 'lift blackout day': {
      const back = Array.isArray(before['withdrawn']) ? before['withdrawn'].length : 0;
      return `Blackout lifted; ${plural(back, 'date')} back on the calendars`;
    }
    case 'add note':
      return `Note for the guides: “${str(after['note']) ?? ''}”`;
    case 'resend confirmation':
      return 'The confirmation sent again';
    case 'create promo code':
      return `Created: ${promoTerms(after)}`;
    case 'change promo code':
    case 'pause promo code':
      return `Was ${promoTerms(before)}; now ${promoTerms(after)}`;
    case 'resolve flag': {
      const given = num(after['givenBack']);
      return `Resolved${given !== null && given > 0 ? `: ${money(given)} given back by hand` : ''} (${str(before['detail']) ?? 'a flag for the office'})`;
    }
    case 'offer waitlist seats': {
      const seats = num(after['seats']) ?? 1;
      const takenBack = num(before['offersTakenBack']) ?? 0;
      const ends = str(after['endsAt']);
      const back = takenBack > 0 ? `, taken back from ${plural(takenBack, 'offer')} nobody had started to pay` : '';
      return `Offered ${plural(seats, 'seat')} to ${str(after['to']) ?? 'a party'} out of order${ends ? `, held until ${formatDenverDateTime(new Date(ends))}` : ''}${back}`;
    }
    case 'accept trailhead signature':
      return `The waiver ${str(before['signer']) ?? 'the member'} signed at the trailhead on ${str(before['signedBy']) ?? 'a guide'}'s phone made their waiver signature (version ${str(after['waiverVersion']) ?? '?'})`;
    case 'invite staff':
      return `Invited as ${roleWords(after['role'])}`;
    case 'withdraw invitation':
      return `The invitation as ${roleWords(before['role'])} withdrawn`;
    case 'issue gift card':
      return `Issued for ${str(after['recipient']) ?? 'someone'}, worth ${money(after['value'])}`;
    case 'adjust gift card':
      return `Balance changed from ${money(before['balance'])} to ${money(after['balance'])}`;
    case 'resend gift card':
      return `Sent again to ${str(after['to']) ?? 'its recipient'}`;
    case 'void gift card': {
      const back = num(after['givenBack']);
      return `Cancelled${num(before['balance']) ? `; ${money(before['balance'])} taken off with it` : ''}${back ? `, ${money(back)} given back to the buyer’s card` : ''}`;
    }
    case 'file actual use report':
      return `Filed: ${plural(num(after['serviceDays']) ?? 0, 'service day')}, ${money(after['revenue'])} of revenue, ${money(after['fee'])} fee`;
    case 'change permit settings':
      return permitWords(before) === permitWords(after) ? 'Kept as it was' : `Was ${permitWords(before)}; now ${permitWords(after)}`;
    case 'grant role':
    case 'revoke role': {
      const role = Object.keys(after)[0] ?? 'staff';
      return recorded.action === 'grant role' ? `Given the ${role} role` : `The ${role} role taken away`;
    }
    default:
      return `Was ${fieldsWords(recorded.before)}; now ${fieldsWords(recorded.after)}`;
  }
}

/** The dates a record names (its subject, and the dates moved from and to or added), to look up before writing it in words. */
export function datesNamed(recorded: RecordedAction): string[] {
  const ids = new Set<string>();
  const [kind, value] = recorded.subject.split(' ');
  if (kind === 'date' && value) ids.add(value);
  for (const fields of [fieldsOf(recorded.before), fieldsOf(recorded.after)]) {
    const dateId = str(fields['dateId']);
    if (dateId) ids.add(dateId);
    const first = Array.isArray(fields['dates']) ? str(fields['dates'][0]) : null;
    if (first) ids.add(first);
  }
  return [...ids];
}

/** 'a guide', 'an operator', as a recorded role reads. */
const roleWords = (role: unknown): string => (role === 'guide' || role === 'operator' ? ROLE_WITH_ARTICLE[role] : 'staff');
