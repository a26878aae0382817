/**
 * The operators' console's calls to the API (/ops/...), each checking what comes back. Made with
 * the signed-in operator's calls (stores/api.ts `protectedFetch`), kept apart from the customer's
 * client so that customers' pages never load the console's code.
 */
import * as v from 'valibot';
import { readAnswer } from './answers.ts';
import {
  opsActivityAnswer,
  opsAddedAnswer,
  opsAttentionAnswer,
  opsBlackoutDaysAnswer,
  opsBookingAnswer,
  opsBookingsAnswer,
  opsCapacityAnswer,
  opsCardHoldAnswer,
  opsChangedAnswer,
  opsDateAnswer,
  opsDateKindsAnswer,
  opsDaysAnswer,
  opsFlagResolvedAnswer,
  opsMeetingPointAnswer,
  opsMoveTargetsAnswer,
  opsOfferAnswer,
  opsPromoCodesAnswer,
  opsWaitlistAnswer,
} from '../../../shared/contract/ops-answers.ts';
import {
  type OpsAddDatesRequest,
  type OpsBookRequest,
  type OpsCancelRequest,
  type OpsMeetingPointRequest,
  type OpsMoveRequest,
  type OpsPromoRequest,
  type OpsResolveFlagRequest,
} from '../../../shared/contract/ops-requests.ts';
import { opsInvitedAnswer, opsStaffAnswer } from '../../../shared/contract/ops-staff.ts';
import type { OpsInviteRequest, OpsRevokeRequest } from '../../../shared/contract/ops-requests.ts';

type Call = <T = unknown>(path: string, options?: { method?: string; body?: unknown; signal?: AbortSignal }) => Promise<T>;

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});
const bookingPath = (bookingId: string) => `/ops/bookings/${encodeURIComponent(bookingId)}`;

export function createOpsApi(call: Call) {
  const checked =
    <S extends v.GenericSchema>(what: string, schema: S) =>
    async (path: string, options?: Parameters<Call>[1]) =>
      readAnswer(what, schema, await call(path, options));
  const days = checked('the days ahead', opsDaysAnswer);
  const bookings = checked('the bookings found', opsBookingsAnswer);
  const booking = checked('the booking', opsBookingAnswer);
  const activity = checked('the record', opsActivityAnswer);
  const date = checked('the date', opsDateAnswer);
  const datePath = (dateId: string) => `/ops/dates/${encodeURIComponent(dateId)}`;
  const kinds = checked('the kinds of date', opsDateKindsAnswer);
  const added = checked('the dates added', opsAddedAnswer);
  const changed = checked('the date', opsChangedAnswer);
  const capacityChanged = checked('the capacity', opsCapacityAnswer);
  const meetingPoint = checked('the meeting point', opsMeetingPointAnswer);
  const targets = checked('the dates to move to', opsMoveTargetsAnswer);
  const promos = checked('the promo codes', opsPromoCodesAnswer);
  const cardHold = checked('the seats held', opsCardHoldAnswer);
  const blackouts = checked('the blackout days', opsBlackoutDaysAnswer);
  const waitlist = checked('the waitlist', opsWaitlistAnswer);
  const offered = checked('the offer', opsOfferAnswer);
  const attention = checked('what needs attention', opsAttentionAnswer);
  const flagResolved = checked('the flag', opsFlagResolvedAnswer);
  const staff = checked('the staff', opsStaffAnswer);
  const invited = checked('the invitation', opsInvitedAnswer);
  return {
    /** What needs a person: flags to resolve, refunds failing, choices after a call-off, offers standing, messages that failed. */
    attention: (signal?: AbortSignal) => attention('/ops/attention', withSignal(signal)),
    /** Resolves a flag with what was given back (cents) and how; resolved already, it is left as it was. */
    resolveFlag: (flagId: string, request: OpsResolveFlagRequest) =>
      flagResolved(`/ops/attention/flags/${encodeURIComponent(flagId)}/resolve`, { method: 'POST', body: request }),
    /** The dates from the Kamas day `from` (today when null) through `daysAhead` days after it. */
    days: (from: string | null, daysAhead: number, signal?: AbortSignal) =>
      days(`/ops/days?days=${daysAhead}${from ? `&from=${from}` : ''}`, withSignal(signal)),
    findBookings: (query: string, signal?: AbortSignal) => bookings(`/ops/bookings?q=${encodeURIComponent(query)}`, withSignal(signal)),
    booking: (bookingId: string, signal?: AbortSignal) => booking(bookingPath(bookingId), withSignal(signal)),
    /** `request.requestId` names this request: sent again (a retry), it books once. */
    bookForCustomer: (request: OpsBookRequest) => booking('/ops/bookings', { method: 'POST', body: request }),
    /** `request.paidBy` is 'card': the seats are held while the customer's card is taken. */
    holdForCard: (request: OpsBookRequest) => cardHold('/ops/bookings', { method: 'POST', body: request }),
    cancelBooking: (bookingId: string, request: OpsCancelRequest) =>
      booking(`${bookingPath(bookingId)}/cancel`, { method: 'POST', body: request }),
    moveTargets: (bookingId: string, signal?: AbortSignal) => targets(`${bookingPath(bookingId)}/move-targets`, withSignal(signal)),
    moveBooking: (bookingId: string, request: OpsMoveRequest) =>
      booking(`${bookingPath(bookingId)}/move`, { method: 'POST', body: request }),
    addNote: (bookingId: string, note: string) => booking(`${bookingPath(bookingId)}/notes`, { method: 'POST', body: { note } }),
    /** `requestId` names this request: sent again (a retry), it gives no second message. */
    resendConfirmation: (bookingId: string, reason: string, requestId: string) =>
      booking(`${bookingPath(bookingId)}/resend`, { method: 'POST', body: { reason, requestId } }),
    date: (dateId: string, signal?: AbortSignal) => date(datePath(dateId), withSignal(signal)),
    callOff: (dateId: string, reason: string) => date(`${datePath(dateId)}/call-off`, { method: 'POST', body: { reason } }),
    dateKinds: (signal?: AbortSignal) => kinds('/ops/date-kinds', withSignal(signal)),
    addDates: (request: OpsAddDatesRequest) => added('/ops/dates', { method: 'POST', body: request }),
    changeCapacity: (dateId: string, capacity: number, reason: string) =>
      capacityChanged(`${datePath(dateId)}/capacity`, { method: 'PUT', body: { capacity, reason } }),
    setMeetingPoint: (dateId: string, request: OpsMeetingPointRequest) =>
      meetingPoint(`${datePath(dateId)}/meeting-point`, { method: 'PUT', body: request }),
    withdrawDate: (dateId: string, reason: string) => changed(`${datePath(dateId)}/withdraw`, { method: 'POST', body: { reason } }),
    waitlist: (dateId: string, signal?: AbortSignal) => waitlist(`${datePath(dateId)}/waitlist`, withSignal(signal)),
    /** Offers the date's free seats to a waiting party out of order; the reason goes in the record. */
    offerOutOfOrder: (dateId: string, entryId: string, reason: string) =>
      offered(`${datePath(dateId)}/waitlist/${encodeURIComponent(entryId)}/offer`, { method: 'POST', body: { reason } }),
    /** Makes a waiver signed at the trailhead for a seat that was gone the signer's waiver signature; the reason goes in the record. */
    acceptHeldSignature: (dateId: string, eventId: string, reason: string) =>
      date(`${datePath(dateId)}/held-signatures/${encodeURIComponent(eventId)}/accept`, { method: 'POST', body: { reason } }),
    blackoutDays: (signal?: AbortSignal) => blackouts('/ops/blackout-days', withSignal(signal)),
    markBlackout: (day: string, reason: string) => blackouts('/ops/blackout-days', { method: 'POST', body: { day, reason } }),
    liftBlackout: (day: string, reason: string) => blackouts(`/ops/blackout-days/${day}/lift`, { method: 'POST', body: { reason } }),
    promoCodes: (signal?: AbortSignal) => promos('/ops/promo-codes', withSignal(signal)),
    savePromo: (code: string, request: OpsPromoRequest) =>
      promos(`/ops/promo-codes/${encodeURIComponent(code)}`, { method: 'PUT', body: request }),
    /** Who holds a staff role, and the invitations not yet taken up. */
    staff: (signal?: AbortSignal) => staff('/ops/staff', withSignal(signal)),
    /** Invites someone as a guide or an operator; inviting again while the invitation is open sends nothing more. */
    inviteStaff: (request: OpsInviteRequest) => invited('/ops/staff/invitations', { method: 'POST', body: request }),
    withdrawInvitation: (invitationId: string) => staff(`/ops/staff/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    /** Takes a role away, for a reason; it stops counting at once. */
    revokeRole: (uid: string, request: OpsRevokeRequest) =>
      staff(`/ops/staff/${encodeURIComponent(uid)}/revoke`, { method: 'POST', body: request }),
    /** The record, narrowed to a trip day, a booking or a person when given. */
    activity: (filter: { day?: string | null; booking?: string | null; person?: string | null }, signal?: AbortSignal) => {
      const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
      return activity(`/ops/activity${query.size > 0 ? `?${query}` : ''}`, withSignal(signal));
    },
  };
}
