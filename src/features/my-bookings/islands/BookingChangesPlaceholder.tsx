/** While the party loads (which says whether the customer paid), the button's room is kept, so the card does not grow. */
export function BookingChangesPlaceholder() {
  return (
    <div className="booking-changes" aria-hidden="true">
      <button type="button" className="button secondary booking-changes-placeholder" disabled tabIndex={-1}>
        Cancel booking
      </button>
    </div>
  );
}
