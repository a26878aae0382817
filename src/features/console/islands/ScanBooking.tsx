/**
 * Finding a booking by the QR code on the customer's My Bookings card, with the phone's camera: the
 * first booking card seen searches for it (the bookings on the card's date).
 */
import { bookingCardCode } from '../../../lib/booking-qr.ts';
import QrScanner from '../../../ui/QrScanner.tsx';

export function ScanBooking() {
  return (
    <QrScanner
      className="ops-scan"
      start="Scan a booking’s QR code"
      hint="Point the camera at the QR code on the customer's booking card."
      instead="type the booking reference"
      onScan={(text) => {
        const code = bookingCardCode(text);
        if (!code) return { found: false, words: 'That QR code is not one of our booking cards.' };
        window.location.assign(`/ops?q=${encodeURIComponent(code)}`);
        return { found: true };
      }}
    />
  );
}
