/** The messages to customers: each turns its facts (../message-types.ts) into a subject, HTML and plain text. */
export { renderBookingCancelled } from './booking-cancelled.ts';
export { renderBookingConfirmed } from './booking-confirmed.ts';
export { renderFriendJoined } from './friend-joined.ts';
export { renderPartyJoined } from './party-joined.ts';
export { renderReadinessReminder } from './readiness-reminder.ts';
export { renderTripBriefing } from './trip-briefing.ts';
export { renderBookingMoved } from './booking-moved.ts';
export { renderDateCalledOff } from './date-called-off.ts';
export { renderMeetingPointChanged } from './meeting-point-changed.ts';
export {
  renderWaitlistOffer,
  renderWaitlistOfferEnding,
  renderWaitlistOfferLapsed,
  renderWaitlistOfferWithdrawn,
} from './waitlist-offer.ts';
export { renderWaitlistClosed } from './waitlist-closed.ts';
export { renderWaitlistJoined } from './waitlist-joined.ts';
export { renderStaffInvitation } from './staff-invitation.ts';
export { renderActualUseReminder } from './actual-use-reminder.ts';
export { renderGiftCardDelivery, renderGiftCardReceipt, renderGiftCardReminder } from './gift-card.ts';
